import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildSessionContext, loadSessionFile, openSessionFile, summarizeSessionFile } from '../../../src/core/session';
import { arbor, arborJson } from '../cli/runArbor';
import { useTempDir } from '../../support/tempDir';
import { assistant, user } from '../../support/builders';

const HEADER = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const V1_HEADER = '{"type":"session","id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}';
const at = (second: number): string => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;

/** A real-looking conversation of `turns` user/assistant pairs, one JSON line per entry. */
function conversation(turns: number): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  for (let i = 0; i < turns * 2; i++) {
    const message = i % 2 === 0 ? user(`question ${i / 2}`) : assistant(`answer ${(i - 1) / 2}`);
    entries.push({ type: 'message', id: `e${i}`, parentId: i === 0 ? null : `e${i - 1}`, timestamp: at(i), message });
  }
  return entries;
}

const text = (header: string, entries: readonly Record<string, unknown>[]): string => [header, ...entries.map((e) => JSON.stringify(e))].join('\n') + '\n';

describe('entries of the wrong shape in a session file', () => {
  const tmp = useTempDir();
  const write = (content: string): string => {
    const file = path.join(tmp(), 'session.jsonl');
    writeFileSync(file, content);
    return file;
  };

  /** The file: every fifth message entry broken in one of three ways. */
  function brokenEveryFifth(): { file: string; broken: number[] } {
    const entries = conversation(10);
    const breakages = [
      (e: Record<string, unknown>) => delete e.message,
      (e: Record<string, unknown>) => ((e.message as Record<string, unknown>).content = 'not blocks'),
      (e: Record<string, unknown>) => ((e.message as Record<string, unknown>).content = 42),
    ];
    const broken: number[] = [];
    for (let i = 4, k = 0; i < entries.length; i += 5, k++) {
      breakages[k % 3]!(entries[i]!);
      broken.push(i + 2); // line numbers: the header is line 1
    }
    return { file: write(text(HEADER, entries)), broken };
  }

  it('reports each with its line number and reason, and leaves it out of the tree', async () => {
    const { file, broken } = brokenEveryFifth();
    const loaded = await loadSessionFile(file);
    assert.deepEqual(loaded.report.malformed, [
      { line: broken[0], reason: 'message entry: "message" is missing, expected an object' },
      { line: broken[1], reason: 'message entry: "message.content" is a string, expected an array of blocks' },
      { line: broken[2], reason: 'message entry: "message.content" is a number, expected a string or an array of blocks' },
      { line: broken[3], reason: 'message entry: "message" is missing, expected an object' },
    ]);
    assert.equal(loaded.tree.size, 16);
    for (const id of ['e4', 'e9', 'e14', 'e19']) assert.equal(loaded.tree.has(id), false, id);
    // As after an unparseable line: the children of a left-out entry are orphans, reported.
    assert.deepEqual(loaded.report.problems.orphans.map((o) => o.id), ['e5', 'e10', 'e15']);
  });

  it('keeps the file byte for byte, also when a session opened on it appends', async () => {
    const { file } = brokenEveryFifth();
    const before = readFileSync(file);
    const { session } = await openSessionFile(file);
    assert.deepEqual(readFileSync(file), before);
    await session.appendMessage(user('one more'));
    const after = readFileSync(file);
    assert.deepEqual(after.subarray(0, before.length), before);
  });

  it('builds the context without them', async () => {
    const { file } = brokenEveryFifth();
    const loaded = await loadSessionFile(file);
    const context = buildSessionContext(loaded.tree, 'e3');
    assert.deepEqual(context.messages.map((m) => m.role), ['user', 'assistant', 'user', 'assistant']);
    // e5's parent e4 was left out: its path starts at e5.
    assert.deepEqual(buildSessionContext(loaded.tree, 'e6').messages.length, 2);
  });

  it('makes arbor check list them and exit 1', async () => {
    const { file, broken } = brokenEveryFifth();
    const report = await arborJson<{ ok: boolean; malformedLines: { line: number }[] }>('check', file);
    assert.equal(report.exitCode, 1);
    assert.equal(report.ok, false);
    assert.deepEqual(report.malformedLines.map((m) => m.line), broken);
    const run = await arbor('check', file);
    assert.equal(run.code, 1);
    assert.ok(run.stdout.includes(`line ${broken[2]}: message entry: "message.content" is a number, expected a string or an array of blocks\n`), run.stdout);
  });

  it('lets arbor cut-point, context, tokens, tree and export run on such a file', async () => {
    const { file } = brokenEveryFifth();
    for (const argv of [
      ['cut-point', file, '--keep-recent', '5'],
      ['cut-point', file, '--keep-recent', '5', '--leaf', 'e3'],
      ['context', file],
      ['tokens', file],
      ['tree', file],
      ['export', file, '--format', 'md'],
    ]) {
      const run = await arbor(...argv);
      assert.equal(run.stderr, '', argv.join(' '));
      assert.equal(run.code, 0, argv.join(' '));
    }
  });

  it('in a version 1 file, chains the next entry to the one before, as for an unparseable line', async () => {
    const entries = conversation(3).map(({ id: _id, parentId: _parentId, ...rest }) => rest);
    (entries[2]!.message as Record<string, unknown>).content = 42;
    const file = write(text(V1_HEADER, entries));
    const loaded = await loadSessionFile(file);
    assert.deepEqual(loaded.report.malformed, [{ line: 4, reason: 'message entry: "message.content" is a number, expected a string or an array of blocks' }]);
    assert.equal(loaded.tree.size, 5);
    assert.deepEqual(loaded.report.problems.orphans, []);
    const [first, second, fourth] = loaded.tree.entries;
    assert.equal(fourth!.parentId, second!.id);
    assert.equal(second!.parentId, first!.id);
  });

  it('carries them verbatim when a version 1 file is rewritten in version 3', async () => {
    const entries = conversation(3).map(({ id: _id, parentId: _parentId, ...rest }) => rest);
    (entries[2]!.message as Record<string, unknown>).content = { text: 'not blocks' };
    const brokenLine = JSON.stringify(entries[2]);
    const file = write(text(V1_HEADER, entries));
    const { session } = await openSessionFile(file);
    await session.appendMessage(user('after the rewrite'));
    const lines = readFileSync(file, 'utf8').split('\n');
    assert.equal(lines[3], brokenLine);
    assert.equal(JSON.parse(lines[0]!).version, 3);
    const reread = await loadSessionFile(file);
    assert.deepEqual(reread.report.malformed.map((m) => m.line), [4]);
    assert.deepEqual(reread.report.problems.orphans, []);
    assert.equal(reread.tree.size, 6);
  });

  it('refuses a file whose header has a field of the wrong type, as not a session, and leaves it as it is', async () => {
    const content = text(HEADER.replace('"cwd":"/p"', '"cwd":["/p"]'), conversation(1));
    const file = write(content);
    await assert.rejects(loadSessionFile(file), {
      name: 'SessionFileError',
      reason: 'not-a-session',
      message: `${file} is not a session file: session header: "cwd" is an array, expected a string`,
    });
    await assert.rejects(openSessionFile(file), { reason: 'not-a-session' });
    const run = await arbor('check', file);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `arbor check: ${file}: not a session file (its first line is not a session header)\n`);
    assert.equal(await summarizeSessionFile(file), undefined);
    assert.equal(readFileSync(file, 'utf8'), content);
  });

  it('does not trip the session catalog, which takes the first message from a usable entry', async () => {
    const entries = conversation(3);
    entries[0]!.message = null;
    entries[2]!.message = { role: 'user', content: [null, 7, { type: 'text', text: 42 }, { type: 'text', text: 'left out' }] };
    const summary = await summarizeSessionFile(write(text(HEADER, entries)));
    assert.equal(summary?.firstMessage, 'question 2');
  });
});
