import { strict as assert } from 'node:assert';
import { buildItems, itemUpdate, markWrittenDiffs, MAX_RESULT_CHARS, type AssistantItem, type ChatItem } from '../../../src/core/chat';
import type { BranchSummaryEntry, CompactionEntry, CustomMessageEntry, SessionEntry } from '../../../src/core/session';
import { assistant, bash, chain, entry, msg, toolCall, toolResult, user } from '../../support/builders';
import { MAX_IMAGE_BASE64_CHARS } from '../../../src/core/util/imageType';

function assistantAt(items: ChatItem[], index: number): AssistantItem {
  const item = items[index];
  assert.equal(item?.kind, 'assistant');
  return item as AssistantItem;
}

describe('chat render model: entries → items', () => {
  it('attaches a tool result to its call by toolCallId and moves "Branch from here" past it', () => {
    const call = toolCall('read', { path: 'src/a.ts' }, 'call-1');
    const items = buildItems(chain(msg('u1', null, user('read a')), msg('a1', null, assistant([{ type: 'text', text: 'Reading.' }, call])), msg('r1', null, toolResult(call, 'file body'))));
    assert.equal(items.length, 2);
    const reply = assistantAt(items, 1);
    assert.deepEqual(reply.blocks, [
      { type: 'text', text: 'Reading.' },
      { type: 'toolCall', toolCallId: 'call-1', name: 'read', summary: 'src/a.ts', args: '{\n  "path": "src/a.ts"\n}', status: 'done', result: { text: 'file body', isError: false, truncated: false, images: [] }, resultId: 'r1' },
    ]);
    assert.equal(reply.branchPointId, 'r1');
    assert.equal(reply.id, 'a1');
  });

  it('marks a call whose result is an error', () => {
    const call = toolCall('edit', { path: 'b.ts', oldText: 'x', newText: 'y' }, 'call-2');
    const items = buildItems(chain(msg('a1', null, assistant([call])), msg('r1', null, toolResult(call, 'Could not find the text', { isError: true }))));
    const block = assistantAt(items, 0).blocks[0];
    assert.equal(block?.type === 'toolCall' && block.status, 'error');
    assert.equal(block?.type === 'toolCall' && block.result?.isError, true);
  });

  it('leaves a call without a result pending', () => {
    const call = toolCall('bash', { command: 'npm test\nnpm run lint' }, 'call-3');
    const block = assistantAt(buildItems([msg('a1', null, assistant([call]))]), 0).blocks[0];
    assert.deepEqual(block?.type === 'toolCall' && [block.status, block.summary, block.result], ['pending', 'npm test …', undefined]);
  });

  it('shows a tool result whose call is not on the branch on its own', () => {
    const stray = toolResult(toolCall('grep', {}, 'gone'), 'matches');
    assert.deepEqual(buildItems([msg('r9', null, stray)]), [
      { kind: 'toolResult', id: 'r9', toolCallId: 'gone', toolName: 'grep', result: { text: 'matches', isError: false, truncated: false, images: [] } },
    ]);
  });

  it('says why a reply ended early: stopped, failed, cut at the token limit', () => {
    const items = buildItems(
      chain(
        msg('a1', null, assistant('part', { stopReason: 'aborted' })),
        msg('a2', null, assistant([], { stopReason: 'error', errorMessage: '529 overloaded' })),
        msg('a3', null, assistant('long', { stopReason: 'length' })),
        msg('a4', null, assistant('fine')),
      ),
    );
    assert.deepEqual(
      items.map((item) => (item as AssistantItem).ending),
      [
        { reason: 'aborted', message: 'Stopped before the reply was complete.' },
        { reason: 'error', message: 'The reply failed: 529 overloaded' },
        { reason: 'length', message: 'The reply hit the output token limit (arbor.maxOutputTokens) and was cut off.' },
        undefined,
      ],
    );
  });

  it('keeps thinking blocks, redacted or not', () => {
    const reply = assistantAt(
      buildItems([msg('a1', null, assistant([{ type: 'thinking', thinking: 'hmm' }, { type: 'thinking', thinking: '', redacted: true }, { type: 'text', text: 'ok' }]))]),
      0,
    );
    assert.deepEqual(reply.blocks, [
      { type: 'thinking', text: 'hmm', redacted: false },
      { type: 'thinking', text: '', redacted: true },
      { type: 'text', text: 'ok' },
    ]);
  });

  it('reads a compaction card from the entry Arbor writes: details and its own record', () => {
    const compaction = entry<CompactionEntry>('compaction', 'c1', null, {
      summary: '## Goal\nShip it',
      firstKeptEntryId: 'u5',
      tokensBefore: 84_213,
      details: { readFiles: ['src/a.ts'], modifiedFiles: ['src/b.ts', 'README.md'] },
      fromHook: false,
      arbor: { tokensAfter: 12_400, summarizedEntries: 37, requests: 1, chunks: 1, durationMs: 900, usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 }, adjustments: [] },
    });
    assert.deepEqual(buildItems([compaction]), [
      { kind: 'compaction', id: 'c1', summary: '## Goal\nShip it', tokensBefore: 84_213, tokensAfter: 12_400, summarizedEntries: 37, readFiles: ['src/a.ts'], modifiedFiles: ['src/b.ts', 'README.md'] },
    ]);
  });

  it('reads a compaction pi wrote (no Arbor record, odd details) without inventing numbers', () => {
    const compaction = entry<CompactionEntry>('compaction', 'c2', null, { summary: 's', firstKeptEntryId: 'x', tokensBefore: 500, details: { readFiles: ['a', 3, null], modifiedFiles: 'nope' } });
    assert.deepEqual(buildItems([compaction]), [{ kind: 'compaction', id: 'c2', summary: 's', tokensBefore: 500, readFiles: ['a'], modifiedFiles: [] }]);
  });

  it('shows branch summaries with their files, custom messages only when displayed, bash runs', () => {
    const items = buildItems(
      chain(
        entry<BranchSummaryEntry>('branch_summary', 'b1', null, { fromId: 'x', summary: 'tried A', details: { readFiles: [], modifiedFiles: ['m.ts'] } }),
        entry<CustomMessageEntry>('custom_message', 'cm1', null, { customType: 'note', content: 'shown', display: true }),
        entry<CustomMessageEntry>('custom_message', 'cm2', null, { customType: 'note', content: 'hidden', display: false }),
        msg('x1', null, bash('ls', 'a\nb', { exitCode: 2 })),
      ),
    );
    assert.deepEqual(items, [
      { kind: 'branchSummary', id: 'b1', summary: 'tried A', readFiles: [], modifiedFiles: ['m.ts'] },
      { kind: 'custom', id: 'cm1', customType: 'note', text: 'shown' },
      { kind: 'bash', id: 'x1', command: 'ls', output: 'a\nb', exitCode: 2, cancelled: false, truncated: false },
    ]);
  });

  it('shows nothing for bookkeeping and unknown entries', () => {
    const entries: SessionEntry[] = [
      entry('model_change', 'm1', null, { provider: 'anthropic', modelId: 'x' }),
      entry('label', 'l1', null, { targetId: 'm1', label: 'here' }),
      entry('session_info', 's1', null, { name: 'n' }),
      entry('thinking_level_change', 't1', null, { thinkingLevel: 'high' }),
      entry('future_thing', 'f1', null, { whatever: 1 }),
    ];
    assert.deepEqual(buildItems(entries), []);
  });

  it('does not draw an image larger than any Arbor or pi sends (a hostile file holds one)', () => {
    const huge = 'A'.repeat(MAX_IMAGE_BASE64_CHARS + 4);
    const items = buildItems([msg('u1', null, user([{ type: 'text', text: 'see' }, { type: 'image', mimeType: 'image/png', data: huge }, { type: 'image', mimeType: 'image/gif', data: 'R0lG' }]))]);
    assert.deepEqual(items, [{ kind: 'user', id: 'u1', text: 'see', images: [{ mimeType: 'image/gif', data: 'R0lG' }] }]);
  });

  it('shows raster images of a user message and drops other types', () => {
    const items = buildItems([
      msg('u1', null, user([{ type: 'text', text: 'see' }, { type: 'image', mimeType: 'image/png', data: 'iVBOR' }, { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' }])),
    ]);
    assert.deepEqual(items, [{ kind: 'user', id: 'u1', text: 'see', images: [{ mimeType: 'image/png', data: 'iVBOR' }] }]);
  });

  it('flags a result the tool truncated, and cuts a huge one for display', () => {
    const call = toolCall('read', { path: 'big' }, 'c');
    const toolCut = itemUpdate(msg('r1', null, toolResult(call, 'head', { details: { truncation: { truncated: true, totalLines: 9000 } } })));
    assert.deepEqual(toolCut, { kind: 'toolResult', entryId: 'r1', toolCallId: 'c', result: { text: 'head', isError: false, truncated: true, images: [] } });
    const huge = itemUpdate(msg('r2', null, toolResult(call, 'x'.repeat(MAX_RESULT_CHARS + 5))));
    assert.equal(huge.kind === 'toolResult' && huge.result.text.length, 20_000);
    assert.equal(huge.kind === 'toolResult' && huge.result.truncated, true);
  });

  it('offers the diff of a write or edit whose result recorded one, and not of a failed call', () => {
    const call = toolCall('edit', { path: 'a.txt' }, 'c');
    const done = itemUpdate(msg('r1', null, toolResult(call, 'Replaced 1 block in a.txt.', { details: { diff: '-1 a\n+1 b', firstChangedLine: 1 } })));
    assert.deepEqual(done.kind === 'toolResult' && done.result.writtenDiff, { autoApproved: false });
    assert.equal(done.kind === 'toolResult' && done.result.diff, '-1 a\n+1 b');
    const failed = itemUpdate(msg('r2', null, toolResult(call, 'nope', { isError: true, details: { diff: '-1 a\n+1 b' } })));
    assert.equal(failed.kind === 'toolResult' && failed.result.writtenDiff, undefined);
    assert.equal(failed.kind === 'toolResult' && failed.result.diff, undefined);
    const odd = itemUpdate(msg('r3', null, toolResult(call, 'x', { details: { diff: ['-1 a'] } })));
    assert.equal(odd.kind === 'toolResult' && odd.result.writtenDiff, undefined);
  });

  it('marks the cards of writes held in memory, saying which were written without review', () => {
    const held = toolCall('write', { path: 'new.txt', content: 'x' }, 'held');
    const other = toolCall('write', { path: 'b.txt', content: 'y' }, 'other');
    const items = buildItems(chain(msg('a1', null, assistant([held, other])), msg('r1', null, toolResult(held, 'Wrote 1 bytes to new.txt')), msg('r2', null, toolResult(other, 'Wrote 1 bytes to b.txt'))));
    const marked = markWrittenDiffs(items, (id) => (id === 'held' ? { autoApproved: true } : undefined));
    const results = assistantAt(marked, 0).blocks.map((block) => block.type === 'toolCall' && block.result?.writtenDiff);
    assert.deepEqual(results, [{ autoApproved: true }, undefined]);
    assert.equal(assistantAt(items, 0).blocks.some((block) => block.type === 'toolCall' && block.result?.writtenDiff), false);
  });
});
