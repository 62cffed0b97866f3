import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Json } from '../../../../src/core/session';
import { createEditTool } from '../../../../src/core/agent/tools/edit';
import { createWriteTool } from '../../../../src/core/agent/tools/write';
import { loadPi } from '../../../support/pi';
import { textOf, useWorkspace, type Workspace } from './support';

const NUMBERED = `${Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n')}\n`;

/**
 * Runs pi's edit tool on a copy of the file, at the same path in a folder of its own (the patch pi
 * records names the path it was given); returns the copy's new content and pi's details.
 */
async function piEdit(ws: Workspace, file: string, edits: { oldText: string; newText: string }[]): Promise<{ content: string; details: unknown }> {
  const piRoot = path.join(ws.root, '..', 'pi-ws');
  mkdirSync(path.dirname(path.join(piRoot, file)), { recursive: true });
  copyFileSync(path.join(ws.root, file), path.join(piRoot, file));
  const pi = await loadPi();
  const result = await pi.createEditToolDefinition(piRoot).execute('call', { path: file, edits }, undefined, undefined, undefined as never);
  return { content: readFileSync(path.join(piRoot, file), 'utf8'), details: result.details };
}

describe('edit tool', () => {
  const workspace = useWorkspace();
  before(async function () {
    this.timeout(120_000); // the reference build takes a while to import
    await loadPi();
  });
  const edit = createEditTool();
  const read = (ws: Workspace, file: string) => readFileSync(path.join(ws.root, file), 'utf8');

  it('replaces unique text and reports the same file, diff and patch as pi', async () => {
    const ws = workspace();
    ws.file('n.txt', NUMBERED);
    const edits = [
      { oldText: 'line 5\n', newText: 'five\n' },
      { oldText: 'line 20', newText: 'twenty\nand more' },
    ];
    const pi = await piEdit(ws, 'n.txt', edits);
    const result = await ws.run(edit, { path: 'n.txt', edits });
    assert.equal(textOf(result), 'Replaced 2 blocks in n.txt.');
    assert.equal(read(ws, 'n.txt'), pi.content);
    assert.deepEqual(result.details, pi.details);
  });

  it('keeps CRLF line endings and a byte-order mark, and records the change without them, as pi does', async () => {
    const ws = workspace();
    ws.file('w.txt', '\uFEFFfirst\r\nsecond\r\nthird\r\n');
    const edits = [{ oldText: 'second\nthird', newText: '2nd\n3rd' }];
    const pi = await piEdit(ws, 'w.txt', edits);
    const result = await ws.run(edit, { path: 'w.txt', edits });
    assert.equal(result.isError, false);
    assert.equal(read(ws, 'w.txt'), '\uFEFFfirst\r\n2nd\r\n3rd\r\n');
    assert.equal(read(ws, 'w.txt'), pi.content);
    assert.deepEqual(result.details, pi.details);
  });

  it('accepts pi’s older single oldText/newText arguments and edits sent as a JSON string', async () => {
    const ws = workspace();
    ws.file('a.txt', 'alpha beta\n');
    assert.equal(textOf(await ws.run(edit, { path: 'a.txt', oldText: 'alpha', newText: 'ALPHA' })), 'Replaced 1 block in a.txt.');
    assert.equal(textOf(await ws.run(edit, { path: 'a.txt', edits: JSON.stringify([{ oldText: 'beta', newText: 'BETA' }]) })), 'Replaced 1 block in a.txt.');
    assert.equal(read(ws, 'a.txt'), 'ALPHA BETA\n');
  });

  it('refuses missing, repeated, overlapping, empty and no-op edits in plain words, leaving the file alone', async () => {
    const ws = workspace();
    const original = 'one two\ntwo three\ntwo\n';
    ws.file('a.txt', original);
    const cases: [{ [key: string]: Json }, string][] = [
      [{ edits: [{ oldText: 'four', newText: '4' }] }, 'Could not find the exact text in a.txt. It must match the file exactly, whitespace and line breaks included.'],
      [{ edits: [{ oldText: 'two', newText: '2' }] }, 'The text appears 3 times in a.txt; give more context so it is unique.'],
      [
        { edits: [{ oldText: 'one', newText: '1' }, { oldText: 'four', newText: '4' }] },
        'Could not find edits[1].oldText in a.txt. It must match the file exactly, whitespace and line breaks included.',
      ],
      [{ edits: [{ oldText: 'one', newText: '1' }, { oldText: 'two', newText: '2' }] }, 'edits[1].oldText appears 3 times in a.txt; give more context so it is unique.'],
      [{ edits: [{ oldText: 'one two', newText: 'x' }, { oldText: 'two\ntwo', newText: 'y' }] }, 'edits[0] and edits[1] overlap in a.txt; merge them into one edit.'],
      [{ edits: [{ oldText: '', newText: 'x' }] }, 'oldText is empty; give the text to replace.'],
      [{ edits: [{ oldText: 'one', newText: 'one' }] }, 'The edit leaves a.txt unchanged: newText is the same as oldText.'],
      [{ edits: [] }, 'Invalid arguments: "edits" must hold at least one { oldText, newText }.'],
      [{ edits: [{ oldText: 1, newText: 'x' }] }, 'Invalid arguments: edits[0] must have a string oldText and a string newText.'],
      [{ edits: 'not json' }, 'Invalid arguments: "edits" must be an array of { oldText, newText }.'],
    ];
    for (const [args, text] of cases) {
      assert.deepEqual(await ws.run(edit, { path: 'a.txt', ...args }), { content: [{ type: 'text', text }], isError: true });
    }
    assert.equal(read(ws, 'a.txt'), original);
    assert.equal(textOf(await ws.run(edit, { path: 'none.txt', edits: [{ oldText: 'a', newText: 'b' }] })), 'Path not found: none.txt');
  });

  it('counts overlapping occurrences as repeats ("aa" is twice in "aaa")', async () => {
    const ws = workspace();
    ws.file('a.txt', 'aaa');
    assert.equal(textOf(await ws.run(edit, { path: 'a.txt', edits: [{ oldText: 'aa', newText: 'b' }] })), 'The text appears 2 times in a.txt; give more context so it is unique.');
  });
});

describe('write tool', () => {
  const workspace = useWorkspace();
  const write = createWriteTool();

  it('creates the file and its folders, and replaces an existing file', async () => {
    const ws = workspace();
    assert.deepEqual(await ws.run(write, { path: 'a/b/c.txt', content: 'héllo' }), { content: [{ type: 'text', text: 'Wrote 6 bytes to a/b/c.txt' }], isError: false });
    assert.equal(readFileSync(path.join(ws.root, 'a/b/c.txt'), 'utf8'), 'héllo');
    await ws.run(write, { path: 'a/b/c.txt', content: 'new' });
    assert.equal(readFileSync(path.join(ws.root, 'a/b/c.txt'), 'utf8'), 'new');
  });

  it('refuses a folder as the target and content that is not text', async () => {
    const ws = workspace();
    mkdirSync(path.join(ws.root, 'dir'));
    assert.equal(textOf(await ws.run(write, { path: 'dir', content: 'x' })), 'dir is a directory; give a file path.');
    assert.equal(textOf(await ws.run(write, { path: 'x.txt', content: { text: 'x' } })), 'Invalid arguments: "content" must be a string (got {"text":"x"}).');
  });
});
