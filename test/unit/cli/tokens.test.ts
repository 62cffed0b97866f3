import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { buildSessionContext, loadSessionFile } from '../../../src/core/session';
import { loadTokenizerEstimator } from '../../../src/core/tokens';
import { fixturePath } from '../../support/fixtures';
import { assistant, usage as builtUsage, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborJson } from './runArbor';

interface TokensJson {
  estimator: string;
  contextTokens: number;
  reportedTokens: number;
  estimatedTokens: number;
  contextWindow?: number;
}

const header = { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/p' };
const usage = { input: 900, output: 100, cacheRead: 0, cacheWrite: 0, totalTokens: 1000 };
const lines = [
  header,
  { type: 'message', id: 'u1', parentId: null, timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: 'hello', timestamp: 1 } },
  {
    type: 'message',
    id: 'a1',
    parentId: 'u1',
    timestamp: '2026-01-01T00:00:02.000Z',
    message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }], api: 'x', provider: 'p', model: 'm', usage, stopReason: 'stop', timestamp: 2 },
  },
  { type: 'message', id: 'u2', parentId: 'a1', timestamp: '2026-01-01T00:00:03.000Z', message: { role: 'user', content: 'abcdefghi', timestamp: 3 } },
];

describe('arbor tokens', () => {
  const tmp = useTempDir();
  const session = (): string => {
    const file = path.join(tmp(), 's.jsonl');
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    return file;
  };

  it('adds pi\'s chars/4 estimate of what follows the last reported usage (1000 + ceil(9/4))', async () => {
    const report = await arborJson<TokensJson>('tokens', session());
    assert.deepEqual(report, { estimator: 'pi', contextTokens: 1003, reportedTokens: 1000, estimatedTokens: 3, exitCode: 0 });
  });

  it('estimates everything when --leaf is before the first usage', async () => {
    const report = await arborJson<TokensJson>('tokens', session(), '--leaf', 'u1');
    assert.deepEqual([report.reportedTokens, report.estimatedTokens], [0, 2]);
  });

  it('includes the window when given, and its share for people', async () => {
    const report = await arborJson<TokensJson>('tokens', session(), '--context-window', '200000');
    assert.equal(report.contextWindow, 200000);
    const run = await arbor('tokens', session(), '--context-window', '2006');
    assert.equal(run.stdout, 'context at u2: 1003 tokens = 1000 reported by the API + 3 estimated (pi estimator)\n50.0% of a 2006-token window\n');
  });

  it('does not use a usage reported before the latest compaction (synthetic fixture: pi says 4550 + 10)', async () => {
    const report = await arborJson<TokensJson>('tokens', fixturePath('synthetic-branched.jsonl'));
    assert.deepEqual(report, { estimator: 'pi', contextTokens: 82, reportedTokens: 0, estimatedTokens: 82, exitCode: 0 });
  });

  it('uses a usage reported after the compaction (legacy v1 fixture: 310, as pi)', async () => {
    const report = await arborJson<TokensJson>('tokens', fixturePath('legacy-v1.jsonl'));
    assert.deepEqual(report, { estimator: 'pi', contextTokens: 310, reportedTokens: 310, estimatedTokens: 0, exitCode: 0 });
  });

  it('counts with the tokenizer when asked to', async () => {
    const file = fixturePath('synthetic-branched.jsonl');
    const loaded = await loadSessionFile(file);
    // The usage in the context is from before the latest compaction: every message is counted by the tokenizer.
    const tokenizer = await loadTokenizerEstimator();
    const expected = buildSessionContext(loaded.tree, 'l03').messages.reduce((sum, message) => sum + tokenizer.estimate(message), 0);
    const report = await arborJson<TokensJson>('tokens', file, '--estimator', 'tokenizer');
    assert.equal(report.estimator, 'tokenizer');
    assert.deepEqual([report.contextTokens, report.reportedTokens], [expected, 0]);
    assert.notEqual(report.contextTokens, 82);
  });

  it("equals pi 1.6's projected estimate after a context edit, and says why the usage before it is not counted", async () => {
    const pi = await loadPi();
    const sm = pi.SessionManager.create('/p', tmp());
    sm.appendMessage(user('first question') as never);
    const a1 = sm.appendMessage(assistant('a long first answer '.repeat(20), { usage: builtUsage(4000, 100) }) as never);
    sm.appendMessage(user('second') as never);
    sm.appendMessage(assistant('second answer', { usage: builtUsage(4300, 20) }) as never);
    sm.appendContextEdit(a1, { content: 'short' });
    const leaf = sm.appendMessage(user('third') as never);
    const theirs = pi.estimateProjectedContextTokens(pi.buildSessionProjection(sm.getEntries(), leaf), sm.getBranch(leaf));
    const file = sm.getSessionFile()!;
    const report = await arborJson<TokensJson>('tokens', file, '--estimator', 'pi');
    assert.deepEqual(report, { estimator: 'pi', contextTokens: theirs.tokens, reportedTokens: theirs.usageTokens, estimatedTokens: theirs.trailingTokens, exitCode: 0 });
    assert.equal(theirs.usageTokens, 0);
    const run = await arbor('tokens', file);
    assert.equal(run.stdout.split('\n')[1], 'a usage reported before the latest context edit was not used: it measured the context before it');
  });
});
