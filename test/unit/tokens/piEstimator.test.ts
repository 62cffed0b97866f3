import { strict as assert } from 'node:assert';
import { contextOfPath, projectPath, type AgentMessage } from '../../../src/core/session';
import { estimateTokensPi, getLastAssistantUsage, measureContext, measureProjection, piEstimator } from '../../../src/core/tokens';
import { assistant, bash, toolCall, toolResult, usage, user } from '../../support/builders';
import { loadFixture } from '../compaction/support/fixtures';
import { pathOf } from '../compaction/support/path';
import { loadPi } from '../compaction/support/piOracle';
import { loadPi as loadPiSession } from '../../support/pi';

const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/png' };

describe('pi-compatible token estimate', () => {
  it('counts chars/4 per pi role rules', () => {
    const read = toolCall('read', { path: 'a.ts' });
    const cases: [AgentMessage, number][] = [
      [user([{ type: 'text', text: 'abcd' }, image]), 1201],
      [toolResult(read, 'abcd', { content: [{ type: 'text', text: 'abcd' }, image] }), 1201],
      [bash('ls', 'abcdef'), 2],
      [assistant([read]), 5],
      [{ role: 'custom', customType: 'x', content: 'abcde', display: true, timestamp: 0 }, 2],
      [{ role: 'user', content: 'abcdefghi', timestamp: 0 }, 3],
      [{ role: 'compactionSummary', summary: '12345', tokensBefore: 0, timestamp: 0 }, 2],
    ];
    for (const [message, tokens] of cases) assert.equal(estimateTokensPi(message), tokens, message.role);
  });

  it("counts a user's image and a system message (text, sections, added tools) as pi 1.6's estimateTokens does", async () => {
    const pi = await loadPi();
    const tools = [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];
    const messages: AgentMessage[] = [
      user([{ type: 'text', text: 'look' }, image, image]),
      { role: 'system', content: 'extra', sections: { preamble: 'You are pi.', tools: '<tools>\nread\n</tools>', gone: null }, toolsAdded: tools, toolsRemoved: [{ name: 'write' }], timestamp: 0 },
      { role: 'system', content: [{ type: 'text', text: 'forced prompt' }], timestamp: 0 },
    ];
    for (const message of messages) assert.equal(estimateTokensPi(message), pi.estimateTokens(message), message.role);
    assert.equal(estimateTokensPi(messages[0]!), 2401);
  });

  it('equals the reference estimateTokens on every message of the synthetic fixture', async () => {
    const pi = await loadPi();
    const { path } = await loadFixture('synthetic-branched');
    for (const message of contextOfPath(path).messages) assert.equal(estimateTokensPi(message), pi.estimateTokens(message));
  });

  it('gives the fixture context estimates per message (31, 8, 5, 8, 20, 4, 4, 2, 0)', async () => {
    const { path, expected } = await loadFixture('synthetic-branched');
    const perMessage = contextOfPath(path).messages.map(estimateTokensPi);
    assert.deepEqual(perMessage, expected.leaf.context.estimateTokensPerMessage);
  });

  it('finds the last usable usage, skipping aborted and error assistants', () => {
    const entries = pathOf(user('u'), assistant('a', { usage: usage(100, 50) }), user('u2'), assistant('b', { usage: usage(300, 150), stopReason: 'aborted' }));
    assert.equal(getLastAssistantUsage(entries)?.input, 100);
    assert.equal(getLastAssistantUsage(pathOf(user('u'))), undefined);
  });

  it("measures messages without their path exactly like pi's estimateContextTokens, every usage trusted (4550 + 10)", async () => {
    const pi = await loadPi();
    const { path, expected } = await loadFixture('synthetic-branched');
    const messages = contextOfPath(path).messages;
    const ours = measureContext(messages, { estimator: piEstimator });
    const theirs = pi.estimateContextTokens(messages);
    assert.deepEqual(
      { tokens: ours.contextTokens, usageTokens: ours.reportedTokens, trailingTokens: ours.estimatedTokens, lastUsageIndex: ours.lastUsageIndex },
      theirs,
    );
    assert.deepEqual(theirs, expected.tokens.estimateContextTokens_context);
  });

  it("ignores a usage recorded before the latest compaction on the path, as pi 1.6's projected estimate does (pi 0.73.1 used it: 4560)", async () => {
    const pi = await loadPiSession();
    const { path, expected } = await loadFixture('synthetic-branched');
    const measure = measureProjection(projectPath(path), path);
    // b05's usage (4550) describes the context before compaction c01.
    assert.equal(measure.staleUsage, 'compaction');
    assert.equal(measure.lastUsageIndex, null);
    assert.equal(measure.contextTokens, expected.tokens.estimateTokensSum_context);
    assert.equal(measure.contextTokens, 82);
    assert.equal(pi.estimateProjectedContextTokens(pi.buildSessionProjection(path as never, path[path.length - 1]!.id), path as never).tokens, 82);
  });
});
