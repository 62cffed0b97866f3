import { strict as assert } from 'node:assert';
import { sessionPrompts } from '../../../src/core/chat';
import { assistant, msg, user } from '../../support/builders';

describe('The prompts Up recalls in the input', () => {
  it('takes every user message of the session, on every branch, in the order sent, skipping blank ones', () => {
    const entries = [
      msg('u1', null, user('first question')),
      msg('a1', 'u1', assistant([{ type: 'text', text: 'an answer' }])),
      msg('u2', 'a1', user('on the first branch')),
      // Another branch from a1, sent after a move: its prompt comes later in the file.
      msg('u3', 'a1', user([{ type: 'text', text: 'on the second' }, { type: 'text', text: 'branch' }])),
      msg('u4', 'u3', user('   ')),
    ];
    assert.deepEqual(sessionPrompts(entries), ['first question', 'on the first branch', 'on the second\nbranch']);
  });

  it('keeps the newest ones when there are more than it recalls', () => {
    const entries = ['a', 'b', 'c', 'd'].map((text, index) => msg(`u${index}`, null, user(text)));
    assert.deepEqual(sessionPrompts(entries, 2), ['c', 'd']);
  });
});
