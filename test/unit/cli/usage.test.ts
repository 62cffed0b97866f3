import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import type { SessionTotals } from '../../../src/core/tokens';
import { useTempDir } from '../../support/tempDir';
import { fileLines, pathIds, sumsFromLines, writeSession } from '../tokens/support/spentSession';
import { arbor, arborJson } from './runArbor';

describe('arbor usage', () => {
  const tmp = useTempDir();

  it('prints {"branch", "session"}: the sums of the file\'s usages on the branch to the position and in the whole file', async () => {
    const { file } = await writeSession(tmp());
    const lines = fileLines(file);
    const leaf = lines.at(-1)!.id as string;
    const { exitCode, ...printed } = await arborJson<SessionTotals>('usage', file);
    assert.equal(exitCode, 0);
    assert.deepEqual(Object.keys(printed), ['branch', 'session']);
    assert.deepEqual(printed.branch, sumsFromLines(lines, pathIds(lines, leaf)));
    assert.deepEqual(printed.session, sumsFromLines(lines, undefined));
  });

  it('adds up the branch to --leaf, and leaves the file untouched', async () => {
    const { file, firstLeaf } = await writeSession(tmp());
    const before = readFileSync(file, 'utf8');
    const lines = fileLines(file);
    const printed = await arborJson<SessionTotals>('usage', file, '--leaf', firstLeaf);
    assert.deepEqual(printed.branch, sumsFromLines(lines, pathIds(lines, firstLeaf)));
    assert.equal(readFileSync(file, 'utf8'), before);
  });

  it('says it in words: tokens by kind and dollars, replies and summaries apart', async () => {
    const { file } = await writeSession(tmp());
    const leaf = fileLines(file).at(-1)!.id as string;
    const run = await arbor('usage', file);
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      [
        `branch to ${leaf}: 4150 tokens (input 1840, output 310, cache read 0, cache write 2000), $1.3750`,
        '  replies (2): 3260 tokens (input 1040, output 220, cache read 0, cache write 2000), $1.2500',
        '  summaries (1): 890 tokens (input 800, output 90, cache read 0, cache write 0), $0.1250',
        'whole session (all branches): 11420 tokens (input 5020, output 1120, cache read 3100, cache write 2180), $2.3438',
        '  replies (5): 7130 tokens (input 1220, output 630, cache read 3100, cache write 2180), $1.4688',
        '  summaries (2): 4290 tokens (input 3800, output 490, cache read 0, cache write 0), $0.8750',
        '',
      ].join('\n'),
    );
  });

  it('refuses an unknown --leaf with one line and exit 2', async () => {
    const { file } = await writeSession(tmp());
    const run = await arbor('usage', file, '--leaf', 'nope');
    assert.deepEqual([run.code, run.stdout, run.stderr], [2, '', `arbor usage: ${file}: --at nope: no entry with that id\n`]);
  });
});
