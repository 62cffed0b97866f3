import { strict as assert } from 'node:assert';
import { MISSING_TOOL_RESULT_TEXT, RequestMessages } from '../../../src/core/agent';
import { assistant, toolCall, toolResult, user } from '../../support/builders';

describe('request messages', () => {
  it('leaves out failed and stopped replies, and replies with only whitespace text', () => {
    const request = new RequestMessages([
      user('a'),
      assistant('partial', { stopReason: 'aborted' }),
      user('b'),
      assistant('', { stopReason: 'error', errorMessage: 'overloaded' }),
      user('c'),
      assistant('  \n'),
      user('d'),
    ]);
    assert.deepEqual(
      request.snapshot().map((m) => m.role),
      ['user', 'user', 'user', 'user'],
    );
  });

  it('drops a tool result whose call is not in the reply before it, and a second result for one call', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'c1');
    const stray = toolCall('read', { path: 'b.ts' }, 'c9');
    const request = new RequestMessages([user('go'), assistant([call]), toolResult(call, 'one'), toolResult(call, 'again'), toolResult(stray, 'orphan'), user('next')]);
    assert.deepEqual(
      request.snapshot().map((m) => (m.role === 'toolResult' ? `result:${m.toolCallId}` : m.role)),
      ['user', 'assistant', 'result:c1', 'user'],
    );
    assert.equal(request.droppedResults, 2);
  });

  it('answers calls still open at a user message, and at the end of the list without storing it', () => {
    const first = toolCall('read', { path: 'a.ts' }, 'c1');
    const second = toolCall('read', { path: 'b.ts' }, 'c2');
    const request = new RequestMessages([user('go'), assistant([first]), user('changed my mind'), assistant([second])]);
    const sent = request.snapshot();
    assert.deepEqual(
      sent.map((m) => (m.role === 'toolResult' ? `result:${m.toolCallId}:${(m.content[0] as { text: string }).text}:${m.isError}` : m.role)),
      ['user', 'assistant', `result:c1:${MISSING_TOOL_RESULT_TEXT}:true`, 'user', 'assistant', `result:c2:${MISSING_TOOL_RESULT_TEXT}:true`],
    );
    assert.equal(request.length, 5);
    assert.deepEqual(request.unansweredCalls().map((c) => c.id), ['c2']);
  });

  it('sends the same message objects it was given when nothing needs changing', () => {
    const question = user('q');
    const answer = assistant('a');
    const sent = new RequestMessages([question, answer]).snapshot();
    assert.equal(sent[0], question);
    assert.equal(sent[1], answer);
  });
});
