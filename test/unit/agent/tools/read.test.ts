import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { createReadTool } from '../../../../src/core/agent/tools/read';
import type { ToolResult } from '../../../../src/core/agent/tools/tool';
import { loadPi } from '../../../support/pi';
import { textOf, useWorkspace, type Workspace } from './support';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

const lines = (count: number, make = (n: number) => `line ${n}`) => Array.from({ length: count }, (_, index) => make(index + 1)).join('\n');

/** pi's read tool on the same workspace, for the kept text and the truncation details. */
async function piRead(ws: Workspace, args: { path: string; offset?: number; limit?: number }): Promise<{ text: string; details: unknown }> {
  const pi = await loadPi();
  const result = await pi.createReadToolDefinition(ws.root).execute('call', args, undefined, undefined, undefined as never);
  const block = result.content[0];
  return { text: block?.type === 'text' ? block.text : '', details: result.details };
}

/**
 * pi's details without `truncation.content`: pi stores the kept text twice (in the result and in
 * the details); Arbor leaves the copy out of the details, everything else is the same.
 */
function withoutKeptCopy(details: unknown): unknown {
  const { truncation } = details as { truncation: { content?: string } };
  const { content: _content, ...rest } = truncation;
  return { truncation: rest };
}

/** The text before the notice (the notice wording is ours, the kept lines must be pi's). */
const keptText = (text: string) => text.replace(/\n\n\[[^\]]*\]$/, '');

describe('read tool', () => {
  const workspace = useWorkspace();
  before(async function () {
    this.timeout(120_000); // the reference build takes a while to import
    await loadPi();
  });
  const read = createReadTool();
  const run = (ws: Workspace, args: Parameters<Workspace['run']>[1]): Promise<ToolResult> => ws.run(read, args);

  it('returns a small file as it is', async () => {
    const ws = workspace();
    ws.file('a.txt', 'hello\nworld\n');
    assert.deepEqual(await run(ws, { path: 'a.txt' }), { content: [{ type: 'text', text: 'hello\nworld\n' }], isError: false });
  });

  it('reads from a 1-based offset for limit lines and says how to continue', async () => {
    const ws = workspace();
    ws.file('ten.txt', lines(10));
    const result = await run(ws, { path: 'ten.txt', offset: 3, limit: 2 });
    assert.equal(textOf(result), 'line 3\nline 4\n\n[6 more lines in the file. Continue with offset=5.]');
    assert.equal(keptText(textOf(result)), keptText((await piRead(ws, { path: 'ten.txt', offset: 3, limit: 2 })).text));
  });

  it('cuts a long file at 2000 lines with the same kept lines and truncation details as pi', async () => {
    const ws = workspace();
    ws.file('long.txt', lines(2500));
    const result = await run(ws, { path: 'long.txt' });
    const pi = await piRead(ws, { path: 'long.txt' });
    assert.ok(textOf(result).endsWith('\n\n[Lines 1-2000 of 2500 shown. Continue with offset=2001.]'));
    assert.equal(keptText(textOf(result)), keptText(pi.text));
    assert.deepEqual(result.details, withoutKeptCopy(pi.details));
  });

  it('cuts at 50KB when the lines are long, as pi does', async () => {
    const ws = workspace();
    ws.file('wide.txt', lines(1000, (n) => `${n}`.padEnd(99, 'x')));
    const result = await run(ws, { path: 'wide.txt', offset: 11 });
    const pi = await piRead(ws, { path: 'wide.txt', offset: 11 });
    assert.ok(textOf(result).endsWith('\n\n[Lines 11-522 of 1000 shown (50.0KB limit). Continue with offset=523.]'), textOf(result).slice(-100));
    assert.equal(keptText(textOf(result)), keptText(pi.text));
    assert.deepEqual(result.details, withoutKeptCopy(pi.details));
  });

  it('counts a file that ends in a newline as pi 1.6 does: 2000 lines and the newline are not cut, and the details count no line after it', async () => {
    const ws = workspace();
    ws.file('exact.txt', `${lines(2000)}\n`);
    const exact = await run(ws, { path: 'exact.txt' });
    const piExact = await piRead(ws, { path: 'exact.txt' });
    assert.equal(textOf(exact), `${lines(2000)}\n`);
    assert.equal(textOf(exact), piExact.text);
    assert.deepEqual([exact.details, piExact.details], [undefined, undefined]);

    ws.file('long.txt', `${lines(2500)}\n`);
    const long = await run(ws, { path: 'long.txt' });
    const piLong = await piRead(ws, { path: 'long.txt' });
    assert.ok(textOf(long).endsWith('\n\n[Lines 1-2000 of 2501 shown. Continue with offset=2001.]'));
    assert.equal(keptText(textOf(long)), keptText(piLong.text));
    assert.deepEqual(long.details, withoutKeptCopy(piLong.details));

    ws.file('wide.txt', `${lines(1000, (n) => `${n}`.padEnd(99, 'x'))}\n`);
    const wide = await run(ws, { path: 'wide.txt', offset: 11 });
    assert.deepEqual(wide.details, withoutKeptCopy((await piRead(ws, { path: 'wide.txt', offset: 11 })).details));
  });

  it('treats an empty last line of the window as pi 1.6 does, at the line limit and at the byte limit', async () => {
    const ws = workspace();
    // The window's 2001st line is empty: not cut, and the lines after it are offered.
    ws.file('blank.txt', `${lines(2000)}\n\nmore\n`);
    const blank = await run(ws, { path: 'blank.txt', limit: 2001 });
    const piBlank = await piRead(ws, { path: 'blank.txt', limit: 2001 });
    assert.equal(textOf(blank), `${lines(2000)}\n\n\n[2 more lines in the file. Continue with offset=2002.]`);
    assert.equal(keptText(textOf(blank)), keptText(piBlank.text));
    assert.deepEqual([blank.details, piBlank.details], [undefined, undefined]);
    // Only the final newline is over the byte limit: every line is shown, and pi calls the cut one of lines.
    ws.file('edge.txt', `head\n${'y'.repeat(51_195)}\n`);
    const edge = await run(ws, { path: 'edge.txt' });
    const piEdge = await piRead(ws, { path: 'edge.txt' });
    assert.equal(keptText(textOf(edge)), keptText(piEdge.text));
    assert.deepEqual(edge.details, withoutKeptCopy(piEdge.details));
    assert.ok(textOf(edge).endsWith('\n\n[Lines 1-2 of 3 shown. Continue with offset=3.]'));
  });

  it('says how to read a first line that alone is over the byte limit', async () => {
    const ws = workspace();
    ws.file('one.txt', 'a'.repeat(60 * 1024));
    const result = await run(ws, { path: 'one.txt' });
    assert.equal(textOf(result), "[Line 1 is 60.0KB, over the 50.0KB limit. Read part of it with bash, e.g. sed -n '1p' one.txt | head -c 51200]");
    assert.deepEqual(result.details, withoutKeptCopy((await piRead(ws, { path: 'one.txt' })).details));
  });

  it('refuses an offset past the end, a folder, a pipe, a missing file and bad arguments in plain words', async () => {
    const ws = workspace();
    ws.file('three.txt', 'a\nb\nc');
    mkdirSync(path.join(ws.root, 'folder'));
    execFileSync('mkfifo', [path.join(ws.root, 'pipe')]);
    const cases: [Parameters<Workspace['run']>[1], string][] = [
      [{ path: 'three.txt', offset: 4 }, 'offset 4 is past the end of three.txt, which has 3 lines.'],
      [{ path: 'folder' }, 'folder is a directory; give a file path.'],
      [{ path: 'pipe' }, 'pipe is not a regular file.'],
      [{ path: 'nope.txt' }, 'Path not found: nope.txt'],
      [{ path: 42 }, 'Invalid arguments: "path" must be a string (got 42).'],
      [{ path: 'three.txt', offset: 0 }, 'Invalid arguments: "offset" must be a whole number of at least 1 (got 0).'],
      [{ path: 'three.txt', limit: 'all' }, 'Invalid arguments: "limit" must be a whole number of at least 1 (got "all").'],
    ];
    for (const [args, text] of cases) assert.deepEqual(await run(ws, args), { content: [{ type: 'text', text }], isError: true });
  });

  it('returns an image file as an image block, recognised by its bytes not its name', async () => {
    const ws = workspace();
    ws.file('pixel.bin', PNG);
    ws.file('notes.png', 'just text\n');
    assert.deepEqual(await run(ws, { path: 'pixel.bin' }), {
      content: [
        { type: 'text', text: `Image file (image/png, ${PNG.length}B)` },
        { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
      ],
      isError: false,
    });
    assert.equal(textOf(await run(ws, { path: 'notes.png' })), 'just text\n');
  });

  it('recognises JPEG, GIF and WebP files', async () => {
    const ws = workspace();
    ws.file('a', Buffer.from('ffd8ffe000104a464946', 'hex'));
    ws.file('b', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    ws.file('c', Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]));
    const types = await Promise.all(['a', 'b', 'c'].map(async (name) => (await run(ws, { path: name })).content[1]));
    assert.deepEqual(types.map((block) => (block?.type === 'image' ? block.mimeType : block?.type)), ['image/jpeg', 'image/gif', 'image/webp']);
  });
});
