import { strict as assert } from 'node:assert';
import {
  afterCompaction,
  AutoCompactionGuard,
  compactSession,
  decideCompaction,
  DEFAULT_COMPACTION_SETTINGS,
  findLastAssistant,
  type CompactionModel,
  type CompactionTrigger,
  type DecideCompactionOptions,
} from '../../../src/core/compaction';
import { projectPath, SessionTree, type AgentMessage, type AssistantMessage, type CompactionSummaryMessage, type SessionEntry } from '../../../src/core/session';
import { usageTrust } from '../../../src/core/tokens';
import { loadPi as loadPi16 } from '../../support/pi';
import { appendTurns, assistant, bash, memorySession, usage, user } from '../../support/builders';
import { chars } from './support/path';
import { loadPi, type PiOracle } from './support/piOracle';
import { ScriptedSummarizer } from './support/scriptedSummarizer';

// The builders' assistants come from anthropic/claude-sonnet-4-5.
const MODEL: CompactionModel = { provider: 'anthropic', id: 'claude-sonnet-4-5', contextWindow: 200000 };
const SETTINGS = { enabled: true, reserveTokens: 16384 };
const THRESHOLD = 200000 - 16384; // 183616
const RECOVERY_FAILED =
  'Context overflow recovery failed after one compact-and-retry attempt. Try reducing context or switching to a larger-context model.';

const ok = (input: number, output = 0): AssistantMessage => assistant('answer', { usage: usage(input, output) });
const failed = (errorMessage: string): AssistantMessage => assistant('', { usage: usage(0, 0), stopReason: 'error', errorMessage });
const summaryAt = (timestamp: number): CompactionSummaryMessage => ({ role: 'compactionSummary', summary: 'S', tokensBefore: 610000, timestamp });
const iso = (ms: number): string => new Date(ms).toISOString();

function decide(trigger: CompactionTrigger, messages: AgentMessage[], overrides: Partial<DecideCompactionOptions>) {
  return decideCompaction({ trigger, messages, latestCompaction: undefined, model: MODEL, settings: SETTINGS, guard: new AutoCompactionGuard(), ...overrides });
}

/** A decision at the end of a run whose last assistant is the last message. */
function atAgentEnd(messages: AgentMessage[], overrides: Partial<DecideCompactionOptions> = {}) {
  return decide({ point: 'agent-end', assistant: messages[messages.length - 1] as AssistantMessage }, messages, overrides);
}

/** A decision before the next prompt, on the last assistant in the state. */
function beforePrompt(messages: AgentMessage[], overrides: Partial<DecideCompactionOptions> = {}, pendingPromptTokens?: number) {
  const assistant = findLastAssistant(messages);
  return decide({ point: 'before-prompt', assistant, ...(pendingPromptTokens !== undefined ? { pendingPromptTokens } : {}) }, messages, overrides);
}

describe('decideCompaction: when auto-compaction runs', () => {
  let pi: PiOracle;
  before(async () => {
    pi = await loadPi();
  });

  it('compacts for the threshold, without a retry, after a 190 000-token turn on a 200 000 window', () => {
    const decision = atAgentEnd([user('q'), ok(189000, 1000)]);
    assert.deepEqual(decision, { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens: 190000, threshold: THRESHOLD });
    assert.equal(pi.shouldCompact(190000, 200000, SETTINGS), true);
  });

  it('compacts strictly above window − reserve: 183 616 stays, 183 617 compacts', () => {
    assert.deepEqual(atAgentEnd([user('q'), ok(183616)]), { kind: 'none', why: 'under-threshold' });
    assert.equal(atAgentEnd([user('q'), ok(183617)]).kind, 'compact');
  });

  it('measures an error turn from the last good usage, as pi does; with no good usage nothing runs', () => {
    const messages = [user('q'), ok(189000, 1000), user('again'), failed('529 overloaded')];
    const decision = atAgentEnd(messages);
    // 190 000 reported + 2 estimated for "again" (the error reply has no content).
    assert.deepEqual(decision, { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens: 190002, threshold: THRESHOLD });
    assert.equal(pi.estimateContextTokens(messages).tokens, 190002);
    assert.deepEqual(atAgentEnd([user('q'), failed('529 overloaded')]), { kind: 'none', why: 'no-usage' });
  });

  it('measures an all-zero reply from the last good usage, as pi 1.6 does: all-zero is no usage', () => {
    const messages = [user('q'), ok(189000, 1000), user('again'), ok(0)];
    // 190 000 reported + 2 for "again" + 2 for the zero reply's "answer".
    assert.deepEqual(atAgentEnd(messages), { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens: 190004, threshold: THRESHOLD });
    assert.equal(pi.estimateContextTokens(messages).tokens, 190004);
  });

  it("measures the threshold on the projected context when the context holds edits, as pi 1.6: a usage from before the edit is not counted", async () => {
    const pi16 = await loadPi16();
    const sm = pi16.SessionManager.inMemory('/p');
    sm.appendMessage(user('q') as never);
    const big = sm.appendMessage(assistant('x'.repeat(8000), { usage: usage(189000, 1000) }) as never);
    sm.appendContextEdit(big, { content: 'short' });
    const path = SessionTree.fromEntries(sm.getEntries() as unknown as SessionEntry[]).pathTo(sm.getLeafId());
    const projection = projectPath(path);
    const last = findLastAssistant(projection.messages)!;
    const theirs = pi16.estimateProjectedContextTokens(pi16.buildSessionProjection(sm.getEntries()), sm.getBranch());
    assert.equal(pi.shouldCompact(theirs.tokens, 200000, SETTINGS), false);
    const decision = decide({ point: 'before-prompt', assistant: last }, projection.messages, { editedTrust: usageTrust(projection, path) });
    assert.deepEqual(decision, { kind: 'none', why: 'under-threshold' });
    // Without the edit the reply's own usage would compact.
    assert.equal(decide({ point: 'before-prompt', assistant: last }, projection.messages, {}).kind, 'compact');
  });

  it('ignores a reply older than the latest compaction before a prompt', () => {
    const kept = ok(600000, 10000);
    const compactedAt = kept.timestamp + 500;
    const messages = [summaryAt(compactedAt), user('kept q'), kept];
    assert.deepEqual(beforePrompt(messages, { latestCompaction: { timestamp: iso(compactedAt) } }), { kind: 'none', why: 'stale' });
    assert.equal(beforePrompt(messages).kind, 'compact', 'without the compaction the same usage would compact');
  });

  it('does not measure an error turn from a kept pre-compaction usage', () => {
    const kept = ok(600000, 10000);
    const compactedAt = kept.timestamp + 500;
    const messages = [summaryAt(compactedAt), user('kept q'), kept, user('new q'), failed('529 overloaded')];
    assert.deepEqual(atAgentEnd(messages, { latestCompaction: { timestamp: iso(compactedAt) } }), { kind: 'none', why: 'stale-usage' });
  });

  it('recovers from an overflow of the current model once, then reports pi\'s exact error', () => {
    const guard = new AutoCompactionGuard();
    const first = [user('q'), ok(1000), user(chars(400)), failed('prompt is too long: 213462 tokens > 200000 maximum')];
    assert.deepEqual(atAgentEnd(first, { guard }), { kind: 'compact', reason: 'overflow', willRetry: true, dropTrailingError: true });
    const again = [...first.slice(0, -1), failed('prompt is too long: 201000 tokens > 200000 maximum')];
    assert.ok(again[3]!.timestamp > first[3]!.timestamp);
    assert.deepEqual(atAgentEnd(again, { guard }), { kind: 'error', reason: 'overflow', message: RECOVERY_FAILED });
    assert.deepEqual(atAgentEnd(again, { guard }), { kind: 'error', reason: 'overflow', message: RECOVERY_FAILED });
  });

  it('makes overflow recovery available again on a new prompt or a good reply, not on an error', () => {
    const guard = new AutoCompactionGuard();
    const overflow = () => [user('q'), failed('prompt is too long')];
    assert.equal(atAgentEnd(overflow(), { guard }).kind, 'compact');
    guard.assistantEnded(failed('529 overloaded'), 200000);
    assert.equal(atAgentEnd(overflow(), { guard }).kind, 'error');
    guard.promptStarted();
    assert.equal(atAgentEnd(overflow(), { guard }).kind, 'compact');
    guard.assistantEnded(ok(1000, 10), 200000);
    assert.equal(atAgentEnd(overflow(), { guard }).kind, 'compact');
  });

  it('does not reset overflow recovery on a reply that is itself a silent overflow (pi does: compact-and-retry could repeat)', () => {
    const guard = new AutoCompactionGuard();
    const silent = assistant('truncated answer', { usage: usage(230000, 50) });
    assert.deepEqual(atAgentEnd([user('q'), silent], { guard }), { kind: 'compact', reason: 'overflow', willRetry: true, dropTrailingError: true });
    guard.assistantEnded(silent, 200000);
    const retried = assistant('truncated again', { usage: usage(210000, 50) });
    assert.deepEqual(atAgentEnd([user('q'), retried], { guard }), { kind: 'error', reason: 'overflow', message: RECOVERY_FAILED });
  });

  it('treats an overflow error from another model as a plain error turn: threshold logic only', () => {
    const guard = new AutoCompactionGuard();
    const other = assistant('', { provider: 'openai', model: 'gpt-4o', usage: usage(0, 0), stopReason: 'error', errorMessage: 'prompt is too long' });
    assert.deepEqual(atAgentEnd([user('q'), ok(1000), user('more'), other], { guard }), { kind: 'none', why: 'under-threshold' });
    assert.deepEqual(atAgentEnd([user('q'), ok(189000, 1000), user('more'), other], { guard }), {
      kind: 'compact',
      reason: 'threshold',
      willRetry: false,
      dropTrailingError: false,
      contextTokens: 190001,
      threshold: THRESHOLD,
    });
    assert.equal(guard.checkOverflow(), 'recover', 'the other model\'s overflow used no recovery');
  });

  it('after an overflow compaction, drops the trailing error from the state (it stays in the file) and continues after 100 ms', async () => {
    const session = memorySession();
    await appendTurns(session, 3);
    await session.appendMessage(user(chars(4000)));
    const overflowed = failed('prompt is too long: 213462 tokens > 200000 maximum');
    const errorId = await session.appendMessage(overflowed);
    const guard = new AutoCompactionGuard();
    const state = session.buildContext().messages;
    assert.deepEqual(atAgentEnd(state, { guard }), { kind: 'compact', reason: 'overflow', willRetry: true, dropTrailingError: true });

    const outcome = await compactSession(session, { settings: { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 }, summarizer: new ScriptedSummarizer() });
    assert.equal(outcome.kind, 'compacted');
    const rebuilt = session.buildContext().messages;
    assert.equal(rebuilt[rebuilt.length - 1], overflowed, 'the rebuilt context ends with the error again');
    assert.ok(session.getBranch().some((entry) => entry.id === errorId), 'the error stays in the file');
    const next = afterCompaction({ reason: 'overflow', willRetry: true, messages: rebuilt, model: MODEL, settings: SETTINGS, guard, hasQueuedMessages: false });
    assert.deepEqual(next, { dropTrailingError: true, continueAfter: true, continueDelayMs: 100, stillOverThreshold: false });
  });

  it('also drops a silently overflowing reply before the retry (pi keeps it, and its continue() then fails)', () => {
    const silent = assistant('truncated answer', { usage: usage(230000, 50) });
    const next = afterCompaction({
      reason: 'overflow',
      willRetry: true,
      messages: [summaryAt(silent.timestamp + 500), user('q'), silent],
      model: MODEL,
      settings: SETTINGS,
      guard: new AutoCompactionGuard(),
      hasQueuedMessages: false,
    });
    assert.equal(next.dropTrailingError, true);
    assert.equal(next.continueAfter, true);
  });

  it('continues once after 100 ms when queued messages wait after a threshold compaction, and not otherwise', () => {
    const rebuilt = [summaryAt(Date.now()), user('kept'), ok(1000)];
    const after = (reason: 'threshold' | 'manual', hasQueuedMessages: boolean) =>
      afterCompaction({ reason, willRetry: false, messages: rebuilt, model: MODEL, settings: SETTINGS, guard: new AutoCompactionGuard(), hasQueuedMessages });
    assert.deepEqual(after('threshold', true), { dropTrailingError: false, continueAfter: true, continueDelayMs: 100, stillOverThreshold: false });
    assert.equal(after('threshold', false).continueAfter, false);
    assert.equal(after('manual', true).continueAfter, false, 'a manual compaction continues nothing, as in pi');
  });

  it('skips an aborted run at agent-end but measures it before the next prompt', () => {
    const aborted = assistant('partial', { usage: usage(189000, 1000), stopReason: 'aborted' });
    const messages = [user('q'), aborted];
    assert.deepEqual(atAgentEnd(messages), { kind: 'none', why: 'aborted' });
    assert.deepEqual(beforePrompt(messages), { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens: 190000, threshold: THRESHOLD });
  });

  it('never compacts automatically when disabled, while a manual compaction still works', async () => {
    const disabled = { ...SETTINGS, enabled: false };
    assert.deepEqual(atAgentEnd([user('q'), ok(189000, 1000)], { settings: disabled }), { kind: 'none', why: 'disabled' });
    assert.deepEqual(atAgentEnd([user('q'), failed('prompt is too long')], { settings: disabled }), { kind: 'none', why: 'disabled' });
    assert.deepEqual(beforePrompt([user('q'), ok(189000, 1000)], { settings: disabled }), { kind: 'none', why: 'disabled' });

    const session = memorySession();
    await appendTurns(session, 3);
    await session.appendMessage(user(chars(4000)));
    await session.appendMessage(assistant('latest'));
    const outcome = await compactSession(session, { settings: { ...DEFAULT_COMPACTION_SETTINGS, enabled: false, keepRecentTokens: 500 }, summarizer: new ScriptedSummarizer() });
    assert.equal(outcome.kind, 'compacted');
    assert.equal(session.getEntry(session.leafId!)!.type, 'compaction');
  });

  // A cancel writes nothing (manual → "Compaction cancelled"): covered in compactSession.test.ts,
  // "writes nothing when the compaction is cancelled during the request".

  it('never triggers the threshold with an unknown context window, where pi compacts every turn', () => {
    for (const contextWindow of [0, undefined]) {
      assert.deepEqual(atAgentEnd([user('q'), ok(1000)], { model: { ...MODEL, contextWindow } }), { kind: 'none', why: 'unknown-window' });
    }
    assert.equal(pi.shouldCompact(1000, 0, SETTINGS), true);
    assert.deepEqual(atAgentEnd([user('q'), ok(1000)], { model: { ...MODEL, contextWindow: 16384 } }), { kind: 'none', why: 'unknown-window' });
  });

  it('still recovers from an overflow error text when the window is unknown', () => {
    const decision = atAgentEnd([user('q'), failed('prompt is too long')], { model: { ...MODEL, contextWindow: 0 } });
    assert.deepEqual(decision, { kind: 'compact', reason: 'overflow', willRetry: true, dropTrailingError: true });
  });

  it('needs a model: without one nothing runs', () => {
    assert.deepEqual(atAgentEnd([user('q'), ok(189000, 1000)], { model: undefined }), { kind: 'none', why: 'no-model' });
    assert.deepEqual(beforePrompt([user('q')]), { kind: 'none', why: 'no-assistant' });
  });

  it('adds the prompt about to be sent to the pre-prompt check: 183 000 + 617 compacts', () => {
    const messages = [user('q'), ok(183000)];
    assert.deepEqual(beforePrompt(messages), { kind: 'none', why: 'under-threshold' });
    assert.deepEqual(beforePrompt(messages, {}, 616), { kind: 'none', why: 'under-threshold' });
    assert.deepEqual(beforePrompt(messages, {}, 617), { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens: 183617, threshold: THRESHOLD });
  });

  it('counts what was appended after the last reply before a prompt: 183 000 + a 2 468-char bash run (617) compacts', () => {
    const messages = [user('q'), ok(183000), bash('ls', chars(2466))];
    assert.deepEqual(beforePrompt(messages), { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens: 183617, threshold: THRESHOLD });
  });

  it('compacts an overflow found before a prompt without a retry: the prompt continues from the compacted context', () => {
    const messages = [user('q'), failed('prompt is too long')];
    assert.deepEqual(beforePrompt(messages), { kind: 'compact', reason: 'overflow', willRetry: false, dropTrailingError: true });
  });

  it('does not compact again until new messages arrive when a compaction left the context over the threshold', () => {
    const guard = new AutoCompactionGuard();
    // Clock skew: the kept reply claims to be newer than the compaction, so the stale check cannot catch it.
    // Its usage is not trusted after the compaction: the kept question itself is over the threshold.
    const kept = ok(189000, 1000);
    const compactedAt = kept.timestamp - 500;
    const rebuilt = [summaryAt(compactedAt), user(chars(4 * (THRESHOLD + 1))), kept];
    const next = afterCompaction({ reason: 'threshold', willRetry: false, messages: rebuilt, model: MODEL, settings: SETTINGS, guard, hasQueuedMessages: false });
    assert.equal(next.stillOverThreshold, true);
    const latestCompaction = { timestamp: iso(compactedAt) };
    assert.deepEqual(beforePrompt(rebuilt, { guard, latestCompaction }), { kind: 'none', why: 'waiting-for-new-messages' });
    assert.deepEqual(beforePrompt(rebuilt, { guard, latestCompaction }, 5000), { kind: 'none', why: 'waiting-for-new-messages' });
    const grown = [...rebuilt, user('next'), ok(190000, 500)];
    assert.equal(atAgentEnd(grown, { guard, latestCompaction }).kind, 'compact');
  });

  it('finds the last assistant in the state for the pre-prompt check', () => {
    const last = ok(10);
    assert.equal(findLastAssistant([user('a'), ok(5), user('b'), last, bash('ls', 'x')]), last);
    assert.equal(findLastAssistant([user('a')]), undefined);
  });
});
