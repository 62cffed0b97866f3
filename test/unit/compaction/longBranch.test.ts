import { strict as assert } from 'node:assert';
import { prepareBranchEntries } from '../../../src/core/compaction';
import { msg, user } from '../../support/builders';

describe('branch summary of a long abandoned branch', () => {
  it('prepares a 200 000-entry branch in one linear pass, oldest first', () => {
    const entries = Array.from({ length: 200_000 }, (_, index) => msg(`e${index}`, index === 0 ? null : `e${index - 1}`, user(`m${index}`)));
    const { messages } = prepareBranchEntries(entries, 0);
    assert.equal(messages.length, 200_000);
    assert.deepEqual([messages[0], messages[199_999]].map((message) => (message as { content: { text: string }[] }).content[0]!.text), ['m0', 'm199999']);
  });
});
