/**
 * The agent's view after a context edit: applied in place (no rebuild, no recount of the branch),
 * and equal in every part to the view a cold rebuild gives — the messages, the request, the trust,
 * the tools called, and the meter's number counted afresh with a new estimator.
 */
import { strict as assert } from 'node:assert';
import { ContextTracker, type ContextView } from '../../../src/core/agent/contextTracker';
import { hideFromModel, replaceForModel, showToModelAgain, type AgentMessage, type Session } from '../../../src/core/session';
import { contextStatus, piEstimator, type TokenEstimator } from '../../../src/core/tokens';
import { assistant, memorySession, toolCall, toolResult, usage, user } from '../../support/builders';

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

/** The meter's number as the agent reads it from a view. */
function meter(view: ContextView, estimator: TokenEstimator): number {
  return contextStatus(view.messages, { estimator, trust: view.trust, whole: view.wholeEstimate(estimator), contextWindow: 200_000, settings }).contextTokens;
}

/** Every part of `view` equals a cold rebuild's, and so does the meter counted afresh. */
function assertAsCold(session: Session, view: ContextView, estimator: TokenEstimator): void {
  const cold = new ContextTracker(session).current();
  assert.deepEqual(view.messages, cold.messages);
  assert.deepEqual(view.request.snapshot(), cold.request.snapshot());
  assert.deepEqual(view.trust, cold.trust);
  assert.deepEqual([view.edited, view.model, view.thinkingLevel, [...view.calledTools]], [cold.edited, cold.model, cold.thinkingLevel, [...cold.calledTools]]);
  assert.equal(meter(view, estimator), contextStatus(cold.messages, { estimator: piEstimator, trust: cold.trust, contextWindow: 200_000, settings }).contextTokens);
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
});
