import { strict as assert } from 'node:assert';
import { leavesConversation, SUMMARY_CHOICES, summaryRequest, summaryStep } from '../../../src/core/navigation';
import { SessionTree } from '../../../src/core/session';
import { assistant, chain, entry, msg, toolCall, toolResult, user } from '../../support/builders';

const call = toolCall('read', { path: 'a.ts' }, 'tc-1');

/** u1 → a1 → u2 → a2, and a1 → u3 (a sibling branch); a2 → t (a tool call and its result) on another run. */
function tree(): SessionTree {
  return SessionTree.fromEntries([
    ...chain(msg('u1', null, user('q1')), msg('a1', null, assistant('a1')), msg('u2', null, user('q2')), msg('a2', null, assistant('a2'))),
    msg('u3', 'a1', user('q3')),
    msg('call', 'u3', assistant([call], { stopReason: 'toolUse' })),
    msg('result', 'call', toolResult(call, 'file text')),
    entry('label', 'lab', 'a2', { targetId: 'u1', label: 'start' }),
    entry('model_change', 'model', 'lab', { provider: 'anthropic', modelId: 'claude-haiku-4-5' }),
  ]);
}

describe('the branch summary question', () => {
  it('offers exactly "No summary", "Summarize" and "Summarize with focus…", in that order', () => {
    assert.deepEqual(SUMMARY_CHOICES.map((choice) => [choice.id, choice.label]), [
      ['none', 'No summary'],
      ['summarize', 'Summarize'],
      ['focus', 'Summarize with focus…'],
    ]);
  });

  it('finds conversation left behind when moving back to an earlier entry or to a user message above the position', () => {
    const t = tree();
    assert.equal(leavesConversation(t, 'a2', 'a1'), true);
    // The selected user message is the common ancestor: the reply after it is what is left.
    assert.equal(leavesConversation(t, 'a2', 'u2'), true);
    assert.equal(leavesConversation(t, 'a2', 'u3'), true);
  });

  it('finds nothing left behind when moving forward, staying, starting empty, or leaving only tool results and bookkeeping', () => {
    const t = tree();
    assert.equal(leavesConversation(t, 'a1', 'a2'), false, 'forward along the branch');
    assert.equal(leavesConversation(t, 'a2', 'a2'), false, 'the current position');
    assert.equal(leavesConversation(t, null, 'a2'), false, 'no position yet');
    assert.equal(leavesConversation(t, 'result', 'call'), false, 'a tool result alone');
    assert.equal(leavesConversation(t, 'model', 'a2'), false, 'a label and a model change alone');
    assert.equal(leavesConversation(t, 'result', 'u3'), true, 'the tool call step is an assistant message');
  });

  it('asks only with "ask" and something left behind; "always" summarizes and "never" moves without asking', () => {
    const table = (['ask', 'always', 'never'] as const).flatMap((setting) => [true, false].map((left) => [setting, left, summaryStep(setting, left)]));
    assert.deepEqual(table, [
      ['ask', true, { kind: 'ask' }],
      ['ask', false, { kind: 'move', summarize: false }],
      ['always', true, { kind: 'move', summarize: true }],
      ['always', false, { kind: 'move', summarize: false }],
      ['never', true, { kind: 'move', summarize: false }],
      ['never', false, { kind: 'move', summarize: false }],
    ]);
  });

  it('turns each answer into the navigation it asks for, the focus trimmed and a blank focus taken as none', () => {
    assert.deepEqual(summaryRequest('none'), { summarize: false });
    assert.deepEqual(summaryRequest('none', 'ignored'), { summarize: false });
    assert.deepEqual(summaryRequest('summarize'), { summarize: true });
    assert.deepEqual(summaryRequest('focus', '  the API decisions \n'), { summarize: true, customInstructions: 'the API decisions' });
    assert.deepEqual(summaryRequest('focus', '   '), { summarize: true });
    assert.deepEqual(summaryRequest('focus'), { summarize: true });
  });
});
