import { strict as assert } from 'node:assert';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../../support/fixtures';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborJson } from './runArbor';

const HEADER = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}\n';
const line = (id: string, parentId: string | null, text = id): string =>
  `${JSON.stringify({ type: 'message', id, parentId, timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: text, timestamp: 1 } })}\n`;

interface CheckJson {
  ok: boolean;
  malformedLines: { line: number; reason: string }[];
  orphans: { id: string; parentId: string }[];
  cycles: string[][];
  duplicateIds: string[];
  tornTail: boolean;
  exitCode: number;
}

describe('arbor check', () => {
  const tmp = useTempDir();
  const write = (content: string): string => {
    const file = path.join(tmp(), 'session.jsonl');
    writeFileSync(file, content);
    return file;
  };

  it('finds the malformed line and the orphan of the synthetic fixture, and exits 1', async () => {
    const report = await arborJson<CheckJson>('check', fixturePath('synthetic-branched.jsonl'));
    assert.equal(report.exitCode, 1);
    assert.equal(report.ok, false);
    assert.deepEqual(report.malformedLines.map((m) => m.line), [16]);
    assert.match(report.malformedLines[0]!.reason, /^invalid JSON/);
    assert.deepEqual(report.orphans, [{ id: 'o01', parentId: 'deadbeef' }]);
    assert.deepEqual(report.cycles, []);
    assert.deepEqual(report.duplicateIds, []);
    assert.equal(report.tornTail, false);
  });

  it('says a header-only file is ok', async () => {
    const report = await arborJson<CheckJson>('check', write(HEADER));
    assert.deepEqual(report, { ok: true, malformedLines: [], orphans: [], cycles: [], duplicateIds: [], tornTail: false, exitCode: 0 });
  });

  it('reports cycles, duplicate ids and a torn tail', async () => {
    const file = write(HEADER + line('a', 'b') + line('b', 'a') + line('c', null) + line('c', null) + line('d', 'c').slice(0, 30));
    const report = await arborJson<CheckJson>('check', file);
    assert.equal(report.exitCode, 1);
    assert.deepEqual(report.cycles, [['a', 'b']]);
    assert.deepEqual(report.duplicateIds, ['c']);
    assert.equal(report.tornTail, true);
    assert.deepEqual(report.malformedLines.map((m) => m.line), [6]);
    assert.match(report.malformedLines[0]!.reason, /^torn last line \(no newline\): invalid JSON/);
  });

  it('lists each problem on its own line for people', async () => {
    const run = await arbor('check', fixturePath('synthetic-branched.jsonl'));
    assert.equal(run.code, 1);
    assert.deepEqual(run.stdout.split('\n').slice(1, 3), [
      "line 16: invalid JSON: Expected property name or '}' in JSON at position 2",
      'orphan: o01 names parent deadbeef, which is not in the file',
    ]);
  });
});

describe('arbor repair', () => {
  const tmp = useTempDir();
  const sessionFile = (): string => path.join(tmp(), '2026-01-01T00-00-00-000Z_s1.jsonl');

  it('cuts an unfinished last line, keeps the original beside the file, and the result checks ok', async () => {
    const file = sessionFile();
    const good = HEADER + line('a', null) + line('b', 'a');
    const torn = line('c', 'b').slice(0, 40);
    writeFileSync(file, good + torn);
    const report = await arborJson<{ action: string; backup: string; removedBytes: number; after: CheckJson }>('repair', file);
    assert.equal(report.exitCode, 0);
    assert.equal(report.action, 'removed-torn-line');
    assert.equal(report.removedBytes, 40);
    assert.equal(report.backup, `${file}.before-repair-2026-03-01T12-00-00-000Z`);
    assert.equal(readFileSync(file, 'utf8'), good);
    assert.equal(readFileSync(report.backup, 'utf8'), good + torn);
    assert.equal(report.after.ok, true);
  });

  it('adds the missing newline after a complete last entry instead of dropping it', async () => {
    const file = sessionFile();
    const content = HEADER + line('a', null) + line('b', 'a').trimEnd();
    writeFileSync(file, content);
    const report = await arborJson<{ action: string; removedBytes: number }>('repair', file);
    assert.equal(report.action, 'added-newline');
    assert.equal(report.removedBytes, 0);
    assert.equal(readFileSync(file, 'utf8'), `${content}\n`);
    const tree = await arborJson<{ nodes: unknown[] }>('tree', file);
    assert.equal(tree.nodes.length, 2);
  });

  it('changes nothing in a healthy file and writes no backup', async () => {
    const file = sessionFile();
    writeFileSync(file, HEADER + line('a', null));
    const run = await arbor('repair', file);
    assert.equal(run.code, 0);
    assert.equal(run.stdout, `${file}: no torn last line; nothing changed\n`);
    assert.deepEqual(readdirSync(tmp()), [path.basename(file)]);
  });

  it('re-parents no orphan and leaves malformed lines: it lists them and exits 1', async () => {
    const file = sessionFile();
    const content = HEADER + line('a', null) + 'not json\n' + line('b', 'gone');
    writeFileSync(file, content + line('c', 'b').slice(0, 10));
    const run = await arbor('repair', file);
    assert.equal(run.code, 1);
    assert.equal(readFileSync(file, 'utf8'), content);
    assert.deepEqual(run.stdout.split('\n'), [
      `${file}: removed the unfinished last line (10 bytes); every complete entry is kept`,
      `original kept as ${file}.before-repair-2026-03-01T12-00-00-000Z`,
      'left in place: 1 malformed line(s): 3',
      'not re-parented: 1 orphan(s): b',
      'run arbor check for details',
      '',
    ]);
  });

  it('never overwrites an earlier backup', async () => {
    const file = sessionFile();
    writeFileSync(file, HEADER + line('a', null).trimEnd());
    await arbor('repair', file);
    appendFileSync(file, line('b', 'a').trimEnd());
    const second = await arborJson<{ backup: string }>('repair', file);
    assert.equal(second.backup, `${file}.before-repair-2026-03-01T12-00-00-000Z.1`);
  });
});
