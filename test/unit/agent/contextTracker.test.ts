/**
 * The agent's view after a context edit: applied in place (no rebuild, no recount of the branch),
 * and equal in every part to the view a cold rebuild gives — the messages, the request, the trust,
 * the tools called, and the meter's number counted afresh with a new estimator.
 */
import { strict as assert } from 'node:assert';
import { ContextTracker, type ContextView } from '../../../src/core/agent/contextTracker';
import { hideFromModel, replaceForModel, showToModelAgain, type AgentMessage, type Session } from '../../../src/core/session';
import { contextStatus, piEstimator, type TokenEstimator } from '../../../src/core/tokens';
import { appendTurns, assistant, memorySession, toolCall, toolResult, usage, user } from '../../support/builders';

/** pi's chars/4, counting the messages it is asked about (a recount shows as many asks). */
function countingEstimator(): TokenEstimator & { asked: number } {
  const estimator = {
    name: 'pi',
    asked: 0,
    estimate(message: AgentMessage): number {
      estimator.asked++;
      return piEstimator.estimate(message);
    },
    estimateText: (text: string) => piEstimator.estimateText(text),
  };
  return estimator;
}

const settings = { enabled: true, reserveTokens: 1000 };

/** The meter's number as the agent reads it from a view (from its end: edits not yet applied to its array). */
function meter(view: ContextView, estimator: TokenEstimator): number {
  return contextStatus(view, { estimator, trust: view.trust, whole: view.wholeEstimate(estimator), contextWindow: 200_000, settings }).contextTokens;
}

/**
 * Every part of `view` equals a cold rebuild's, and so does the meter counted afresh. The meter and
 * the message count are read first, before anything needs the whole array and applies the edits.
 */
function assertAsCold(session: Session, view: ContextView, estimator: TokenEstimator): void {
  const cold = new ContextTracker(session).current();
  assert.equal(meter(view, estimator), contextStatus(cold.messages, { estimator: piEstimator, trust: cold.trust, contextWindow: 200_000, settings }).contextTokens);
  assert.equal(view.messageCount, cold.messages.length);
  assert.deepEqual([...iterate(view.newestFirst())], [...cold.messages].reverse());
  assert.deepEqual(view.messages, cold.messages);
  assert.deepEqual(view.request.snapshot(), cold.request.snapshot());
  assert.deepEqual(view.trust, cold.trust);
  assert.deepEqual([view.edited, view.model, view.thinkingLevel, [...view.calledTools]], [cold.edited, cold.model, cold.thinkingLevel, [...cold.calledTools]]);
  assert.equal(meter(view, estimator), meter(cold, piEstimator), 'and again once the edits are applied to the array');
}

/** A user or assistant message's text (a replaced user message holds it as a string). */
function textOf(message: AgentMessage): string {
  const content = (message as { content: string | { text?: string }[] }).content;
  return typeof content === 'string' ? content : (content[0]?.text ?? '');
}

function* iterate<T>(iterator: Iterator<T, unknown>): Generator<T> {
  for (let step = iterator.next(); !step.done; step = iterator.next()) yield step.value;
}

describe('ContextTracker: a context edit updates the view in place, as a cold rebuild would', () => {
  async function toolSession() {
    const session = memorySession();
    const ask = await session.appendMessage(user('look at a and b'));
    const callA = toolCall('read', { path: 'a.ts' }, 'call-a');
    const callB = toolCall('read', { path: 'b.ts' }, 'call-b');
    const reply = await session.appendMessage(assistant([{ type: 'text', text: 'reading both' }, callA, callB], { stopReason: 'toolUse' }));
    const resultA = await session.appendMessage(toolResult(callA, 'the body of a '.repeat(40)));
    const resultB = await session.appendMessage(toolResult(callB, 'the body of b '.repeat(40)));
    const answer = await session.appendMessage(assistant('a and b agree', { usage: usage(900, 20) }));
    const next = await session.appendMessage(user('and the tests?'));
    return { session, ask, reply, resultA, resultB, answer, next };
  }

  it('hides a reply with its results: the same view, three messages out, the meter corrected by them alone', async () => {
    const turn = await toolSession();
    const tracker = new ContextTracker(turn.session);
    const estimator = countingEstimator();
    const view = tracker.current();
    const before = meter(view, estimator);
    estimator.asked = 0;
    await hideFromModel(turn.session, turn.resultA);
    assert.equal(tracker.current(), view, 'applied in place, not rebuilt');
    const after = meter(view, estimator);
    assert.equal(estimator.asked, 3, 'only the three taken out are asked about, not the seven of the branch');
    assert.ok(after < before);
    assertAsCold(turn.session, view, estimator);
    assert.deepEqual(view.trust, { from: view.messages.length, after: 'context_edit' });
  });

  it('replaces a result and a user message, then appends: each in place, each as cold', async () => {
    const turn = await toolSession();
    const tracker = new ContextTracker(turn.session);
    const estimator = countingEstimator();
    const view = tracker.current();
    meter(view, estimator);
    await replaceForModel(turn.session, turn.resultB, 'b: 3 lines, all tests');
    assert.equal(tracker.current(), view);
    assertAsCold(turn.session, view, estimator);
    estimator.asked = 0;
    await replaceForModel(turn.session, turn.ask, 'look at a');
    assert.equal(meter(view, estimator), meter(new ContextTracker(turn.session).current(), piEstimator));
    assert.equal(estimator.asked, 2, 'only the old and the new text are asked about');
    await turn.session.appendMessage(assistant('the tests pass'));
    assert.equal(tracker.current(), view);
    assertAsCold(turn.session, view, estimator);
  });

  it('an edit it cannot apply in place (a hidden entry shown again) rebuilds the view, still as cold', async () => {
    const turn = await toolSession();
    const tracker = new ContextTracker(turn.session);
    const estimator = countingEstimator();
    const view = tracker.current();
    meter(view, estimator);
    await hideFromModel(turn.session, turn.next);
    assert.equal(tracker.current(), view);
    await showToModelAgain(turn.session, turn.next);
    const rebuilt = tracker.current();
    assert.notEqual(rebuilt, view);
    assertAsCold(turn.session, rebuilt, estimator);
  });

  it('an edit of an entry on another branch changes no message, and ends the trust of every usage before it', async () => {
    const turn = await toolSession();
    await turn.session.branch(turn.answer);
    const other = await turn.session.appendMessage(user('another way'));
    await turn.session.branch(turn.next);
    const tracker = new ContextTracker(turn.session);
    const view = tracker.current();
    const messages = [...view.messages];
    await turn.session.appendContextEdit(other, null);
    assert.equal(tracker.current(), view);
    assert.deepEqual(view.messages, messages);
    assertAsCold(turn.session, view, countingEstimator());
  });

  /** Ten turns, the last reply with a usage (edits here fall in the middle of the branch), tracked, the meter read once (its estimate then kept by the edits). */
  async function longSession() {
    const session = memorySession();
    const ids = await appendTurns(session, 10);
    const last = await session.appendMessage(assistant('all ten done', { usage: usage(1200, 30) }));
    const tracker = new ContextTracker(session);
    const estimator = countingEstimator();
    const view = tracker.current();
    meter(view, estimator);
    return { session, ids, last, tracker, estimator, view };
  }

  it('hides and replaces messages from the middle of the branch, several before anything reads the array: each reading as cold', async () => {
    const { session, ids, tracker, estimator, view } = await longSession();
    await hideFromModel(session, ids[6]!);
    const cold = new ContextTracker(session).current();
    assert.equal(meter(view, estimator), meter(cold, piEstimator));
    assert.deepEqual([view.messageCount, view.trust], [20, { from: 20, after: 'context_edit' }]);
    await replaceForModel(session, ids[3]!, 'a2, in short');
    await hideFromModel(session, ids[12]!);
    await replaceForModel(session, ids[0]!, 'q1, in short');
    assert.equal(tracker.current(), view, 'every edit applied in place');
    assertAsCold(session, view, estimator);
    assert.deepEqual(
      view.messages.slice(0, 6).map(textOf),
      ['q1, in short', 'a1', 'q2', 'a2, in short', 'q3', 'a3'],
    );
  });

  it('replaces one message twice, then hides it: the meter follows each form, as cold', async () => {
    const { session, ids, tracker, estimator, view } = await longSession();
    await replaceForModel(session, ids[9]!, 'a five, short');
    await replaceForModel(session, ids[9]!, 'a five, shorter still: the second replacement is the one in force');
    assertAsCold(session, view, estimator);
    await replaceForModel(session, ids[9]!, 'a5 once more');
    await hideFromModel(session, ids[9]!);
    assert.equal(tracker.current(), view);
    assertAsCold(session, view, estimator);
    assert.equal(view.messageCount, 20);
  });

  it('a replace after a hide, then appends and a reply with a usage: the new usage is counted, the messages after it estimated, as cold', async () => {
    const { session, ids, last, tracker, estimator, view } = await longSession();
    await hideFromModel(session, ids[4]!);
    await replaceForModel(session, ids[10]!, 'q6, asked again differently');
    await session.appendMessage(user('and now the docs'));
    assertAsCold(session, view, estimator);
    await hideFromModel(session, ids[14]!);
    await session.appendMessage(assistant('docs written', { usage: usage(1500, 40) }));
    await session.appendMessage(user('thanks; one more'));
    await replaceForModel(session, last, 'ten done');
    await session.appendMessage(assistant('one more done', { usage: usage(1600, 10) }));
    const tail = await session.appendMessage(user('and a test for it'));
    assert.equal(tracker.current(), view);
    const status = contextStatus(view, { estimator, trust: view.trust, whole: view.wholeEstimate(estimator), contextWindow: 200_000, settings });
    assert.deepEqual([status.reportedTokens, status.lastUsageIndex, status.estimatedTokens], [1610, view.messageCount - 2, piEstimator.estimate(user('and a test for it'))]);
    assertAsCold(session, view, estimator);
    await hideFromModel(session, tail);
    assertAsCold(session, view, estimator);
  });

  it('two entries holding one message object: an edit changes its target, not the other', async () => {
    const session = memorySession();
    const shared = user('the same words twice');
    const first = await session.appendMessage(shared);
    await session.appendMessage(assistant('noted'));
    await session.appendMessage(shared);
    const tracker = new ContextTracker(session);
    const view = tracker.current();
    await replaceForModel(session, first, 'said once');
    assert.equal(tracker.current(), view);
    assertAsCold(session, view, countingEstimator());
    assert.deepEqual(view.messages.map(textOf), ['said once', 'noted', 'the same words twice']);
  });

  it('a replacement of a message already hidden is not applied in place: the view is rebuilt, as cold', async () => {
    const { session, ids, tracker, view } = await longSession();
    await hideFromModel(session, ids[8]!);
    await session.appendContextEdit(ids[8]!, { content: 'q5, hidden and then given other text' });
    const rebuilt = tracker.current();
    assert.notEqual(rebuilt, view);
    assertAsCold(session, rebuilt, countingEstimator());
  });

  it('the request and the tools called, read between edits, follow them', async () => {
    const turn = await toolSession();
    await turn.session.appendMessage(assistant([toolCall('grep', { pattern: 'x' }, 'call-g')], { stopReason: 'toolUse' }));
    const tracker = new ContextTracker(turn.session);
    const view = tracker.current();
    assert.deepEqual([...view.calledTools], ['read', 'grep']);
    await hideFromModel(turn.session, turn.resultA);
    assert.deepEqual([...view.calledTools], ['grep']);
    await replaceForModel(turn.session, turn.ask, 'look at nothing');
    assert.equal(view.request.snapshot()[0]!.role, 'user');
    await hideFromModel(turn.session, turn.next);
    assert.equal(tracker.current(), view);
    assertAsCold(turn.session, view, countingEstimator());
  });
});
