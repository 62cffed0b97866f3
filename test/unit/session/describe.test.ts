import { strict as assert } from 'node:assert';
import { describeEntry, firstLine, type SessionEntry } from '../../../src/core/session';
import { assistant, bash, entry, msg, toolCall, toolResult, user } from '../../support/builders';

describe('entry descriptions for the views', () => {
  it('describes conversation entries with the kind the chat renders them as', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'c1');
    const rows: [SessionEntry, unknown][] = [
      [msg('u', null, user('hello\nworld')), { kind: 'user', tag: 'user', text: 'hello\nworld' }],
      [msg('a', null, assistant([{ type: 'text', text: 'reading' }, call], { stopReason: 'toolUse' })), { kind: 'assistant', tag: 'assistant', text: 'reading', detail: 'tools: read' }],
      [msg('e', null, assistant([], { stopReason: 'error', errorMessage: 'overloaded' })), { kind: 'assistant', tag: 'assistant', text: 'error: overloaded' }],
      [msg('r', null, toolResult(call, 'boom', { isError: true })), { kind: 'toolResult', tag: 'tool read', text: 'boom', detail: 'error' }],
      [msg('b', null, bash('ls', 'a.ts')), { kind: 'bash', tag: 'bash', text: '$ ls\na.ts' }],
      [entry('compaction', 'c', null, { summary: 'S', firstKeptEntryId: 'u', tokensBefore: 12345 }), { kind: 'compaction', tag: 'compaction', text: 'S', detail: '12345 tokens before' }],
      [entry('branch_summary', 's', null, { fromId: 'x', summary: 'B' }), { kind: 'branchSummary', tag: 'branch summary', text: 'B' }],
      [entry('custom_message', 'm', null, { customType: 'note', content: 'hidden', display: false }), { kind: undefined, tag: 'note', text: 'hidden' }],
    ];
    for (const [input, expected] of rows) assert.deepEqual(describeEntry(input), expected);
  });

  it('describes bookkeeping entries without a chat kind', () => {
    assert.deepEqual(describeEntry(entry('model_change', 'm', null, { provider: 'anthropic', modelId: 'claude' })), { kind: undefined, tag: 'model', text: 'anthropic/claude' });
    assert.deepEqual(describeEntry(entry('label', 'l', null, { targetId: 'u' })), { kind: undefined, tag: 'label', text: 'cleared on u' });
    assert.deepEqual(describeEntry(entry('future_kind', 'f', null)), { kind: undefined, tag: 'future_kind', text: '' });
  });

  it('cuts the first line to a width with an ellipsis', () => {
    assert.equal(firstLine('  first line\nsecond', 80), 'first line');
    assert.equal(firstLine('abcdefghij', 5), 'abcd…');
  });
});
