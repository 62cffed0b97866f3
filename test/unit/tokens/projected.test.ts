/**
 * The context size at a position as pi 1.6 measures it (`estimateProjectedContextTokens`): which
 * reported usage is trusted (not an all-zero one, not one from before the latest context edit or
 * compaction on the path, judged by place on the path and never by time) and what is estimated
 * without one (the system messages as the one prompt they replay to). Sessions are written by pi
 * 1.6.0's own SessionManager; Arbor's answer on the same entries must equal pi's.
 */
import { strict as assert } from 'node:assert';
import { projectPath, SessionTree, type AgentMessage, type SessionEntry } from '../../../src/core/session';
import { ContextEstimate, measureContext, measureProjection, piEstimator, usageTrust } from '../../../src/core/tokens';
import { assistant, usage, user } from '../../support/builders';
import { loadPi, type PiModule } from '../../support/pi';

type PiManager = ReturnType<PiModule['SessionManager']['inMemory']>;

describe("the context size at a position, as pi 1.6's projected estimate", () => {
  let pi: PiModule;
  before(async () => {
    pi = await loadPi();
  });

  /** pi's projected estimate and Arbor's at `leaf` (default: pi's leaf), side by side. */
  function both(sm: PiManager, leaf = sm.getLeafId()!): { ours: { tokens: number; usageTokens: number; trailingTokens: number; lastUsageIndex: number | null }; theirs: unknown } {
    const entries = sm.getEntries();
    const theirs = pi.estimateProjectedContextTokens(pi.buildSessionProjection(entries, leaf), sm.getBranch(leaf));
    const path = SessionTree.fromEntries(entries as unknown as SessionEntry[]).pathTo(leaf);
    const measure = measureProjection(projectPath(path), path, { estimator: piEstimator });
    return { ours: { tokens: measure.contextTokens, usageTokens: measure.reportedTokens, trailingTokens: measure.estimatedTokens, lastUsageIndex: measure.lastUsageIndex }, theirs };
  }

  it('does not trust a usage reported before a context edit on the path, and trusts the next reply after it', () => {
    const sm = pi.SessionManager.inMemory('/p');
    sm.appendMessage(user('first question') as never);
    const a1 = sm.appendMessage(assistant('a first answer', { usage: usage(200, 10) }) as never);
    sm.appendMessage(user('second question') as never);
    sm.appendMessage(assistant('a long and wrong second answer', { usage: usage(500, 20) }) as never);
    sm.appendContextEdit(a1, null);
    const afterEdit = both(sm);
    assert.deepEqual(afterEdit.ours, afterEdit.theirs);
    assert.equal(afterEdit.ours.usageTokens, 0);
    sm.appendMessage(user('third question') as never);
    sm.appendMessage(assistant('third answer', { usage: usage(300, 30) }) as never);
    const afterReply = both(sm);
    assert.deepEqual(afterReply.ours, afterReply.theirs);
    assert.equal(afterReply.ours.usageTokens, 330);
  });

  it('judges a usage by its place on the path, not by its time: a reply after a compaction whose clock was behind is trusted', () => {
    const sm = pi.SessionManager.inMemory('/p');
    const u1 = sm.appendMessage(user('kept question') as never);
    sm.appendMessage(assistant('kept answer', { usage: usage(9000, 100) }) as never);
    sm.appendCompaction('## Goal\nship it', u1, 9100);
    sm.appendMessage({ ...user('next'), timestamp: 1 } as never);
    sm.appendMessage({ ...assistant('next answer', { usage: usage(700, 50) }), timestamp: 2 } as never);
    const { ours, theirs } = both(sm);
    assert.deepEqual(ours, theirs);
    assert.equal(ours.usageTokens, 750);
  });

  it('counts the system messages once, as the prompt their replay gives, when no usage is trusted', () => {
    const sm = pi.SessionManager.inMemory('/p');
    const tools = [{ name: 'read', description: 'Read a file', parameters: { type: 'object', properties: {} } }];
    sm.appendMessage({ role: 'system', content: '', sections: { preamble: 'You are pi. '.repeat(20), rules: `<rules>\n${'Be brief. '.repeat(30)}\n</rules>` }, toolsAdded: tools, timestamp: 1 } as never);
    sm.appendMessage(user('hello') as never);
    sm.appendMessage({ role: 'system', content: '', sections: { rules: '<rules>\nshort\n</rules>' }, toolsAdded: tools, timestamp: 2 } as never);
    sm.appendMessage(user('again') as never);
    const { ours, theirs } = both(sm);
    assert.deepEqual(ours, theirs);
    const replay = pi.getCurrentSystemMessage(pi.buildSessionContext(sm.getEntries()).messages)!;
    assert.equal(ours.tokens, pi.estimateTokens(replay as never) + pi.estimateTokens(user('hello') as never) + pi.estimateTokens(user('again') as never));
  });

  it('takes an all-zero usage for no usage: the search goes on to an older reply', () => {
    const messages: AgentMessage[] = [user('q'), assistant('an answer', { usage: usage(500, 10) }), user('more'), assistant('from an endpoint that counts nothing', { usage: usage(0, 0) })];
    const measure = measureContext(messages, { estimator: piEstimator });
    assert.deepEqual(
      { tokens: measure.contextTokens, usageTokens: measure.reportedTokens, trailingTokens: measure.estimatedTokens, lastUsageIndex: measure.lastUsageIndex },
      pi.estimateContextTokens(messages as never),
    );
    assert.equal(measure.lastUsageIndex, 1);
    // The zero reply is still what the API said last.
    assert.equal(measure.lastReportedTokens, 0);
  });

  it('starts trusting at the first message after the latest edit or compaction, wherever the compaction put its kept entries', () => {
    const sm = pi.SessionManager.inMemory('/p');
    const u1 = sm.appendMessage(user('kept') as never);
    sm.appendMessage(assistant('kept answer', { usage: usage(100, 1) }) as never);
    sm.appendCompaction('summary', u1, 101);
    sm.appendMessage(user('after') as never);
    const edited = sm.appendMessage(assistant('after answer', { usage: usage(200, 2) }) as never);
    sm.appendContextEdit(edited, { content: 'short' });
    sm.appendMessage(user('last') as never);
    const entries = sm.getEntries() as unknown as SessionEntry[];
    const path = SessionTree.fromEntries(entries).pathTo(sm.getLeafId());
    const projection = projectPath(path);
    // summary, kept, kept answer, after, edited answer | last
    assert.deepEqual(usageTrust(projection, path), { from: 5, after: 'context_edit' });
    assert.deepEqual(usageTrust(projectPath(path.slice(0, 4)), path.slice(0, 4)), { from: 3, after: 'compaction' });
    assert.deepEqual(usageTrust(projectPath(path.slice(0, 2)), path.slice(0, 2)), { from: 0 });
  });

  it('counts the replay of the system messages once however many join, one message at a time or all at once', () => {
    const system = (rules: string, timestamp: number): AgentMessage => ({ role: 'system', content: '', sections: { rules }, timestamp });
    const messages: AgentMessage[] = [system('one two three', 1), user('q'.repeat(40)), assistant('a'.repeat(80)), system('four', 2), user('r'.repeat(12))];
    const grown = new ContextEstimate(piEstimator);
    const seen: number[] = [];
    for (const message of messages) {
      grown.add(message);
      seen.push(grown.tokens);
    }
    assert.deepEqual(seen, messages.map((_, i) => pi.estimateProjectedContextTokens({ messages: messages.slice(0, i + 1), entries: [] } as never, []).tokens));
    assert.equal(new ContextEstimate(piEstimator, messages).tokens, seen[seen.length - 1]);
  });
});
