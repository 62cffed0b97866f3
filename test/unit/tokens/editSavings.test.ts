// What the context edits leave out of the request, by the meter's estimator: a hidden entry all of
// its messages, a replaced one the difference; nothing before an edit's position or on another branch.
import { strict as assert } from 'node:assert';
import { hideFromModel, replaceForModel } from '../../../src/core/session';
import { breakdownLines, contextBreakdown, contextEditSavings, piEstimator } from '../../../src/core/tokens';
import { assistant, memorySession, user } from '../../support/builders';

describe('tokens the context edits leave out', () => {
  it('counts a hidden message whole and a shorter text by the difference, at the position only', async () => {
    const session = memorySession();
    const ask = await session.appendMessage(user('a'.repeat(400)));
    const reply = await session.appendMessage(assistant('b'.repeat(800)));
    const next = await session.appendMessage(user('next'));
    assert.equal(contextEditSavings(session.getBranch(), piEstimator), 0);
    await hideFromModel(session, ask);
    assert.equal(contextEditSavings(session.getBranch(), piEstimator), 100);
    await replaceForModel(session, reply, 'b'.repeat(200));
    assert.equal(contextEditSavings(session.getBranch(), piEstimator), 250);
    // Before the edits, and on another branch from there, nothing is left out.
    assert.equal(contextEditSavings(session.getBranch(next), piEstimator), 0);
    await session.branch(next);
    await session.appendMessage(user('elsewhere'));
    assert.equal(contextEditSavings(session.getBranch(), piEstimator), 0);
  });

  it('counts nothing for an edit that lengthens what the model sees', async () => {
    const session = memorySession();
    const ask = await session.appendMessage(user('short'));
    await replaceForModel(session, ask, 'a much longer text than the one written'.repeat(4));
    assert.equal(contextEditSavings(session.getBranch(), piEstimator), 0);
  });

  it('says it in the meter\'s tooltip lines', () => {
    const status = { contextTokens: 10, reportedTokens: 0, estimatedTokens: 10, lastUsageIndex: null, threshold: undefined };
    const breakdown = contextBreakdown({ status, messages: [user('x'.repeat(40))], estimator: piEstimator, prompt: undefined, tools: [], pinnedText: '', keptCount: 0, editSavings: 1234 });
    assert.equal(breakdown.editSavings, 1234);
    assert.deepEqual(breakdownLines(breakdown), ['Messages: 10 (estimated)', 'Context edits leave out about 1,234 tokens']);
  });
});
