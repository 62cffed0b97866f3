import { strict as assert } from 'node:assert';
import type { SessionEntry } from '../../../src/core/session';
import { compactionStats, presentRow, rowKind, toolCallFor } from '../../../src/core/sessionTree';
import { assistant, compactionEntry, entry, msg, toolCall, toolResult, user } from '../../support/builders';

const row = (e: SessionEntry, extra: { label?: string; onActivePath?: boolean; isCurrent?: boolean } = {}) =>
  presentRow({ entry: e, label: extra.label, onActivePath: extra.onActivePath ?? false, isCurrent: extra.isCurrent ?? false });

/** A compaction as Arbor writes it: pi's fields plus the `arbor` record. */
function arborCompaction(): SessionEntry {
  return entry('compaction', 'c1', 'a1', {
    summary: '## Goal\nShip the tree view',
    firstKeptEntryId: 'u2',
    tokensBefore: 182_400,
    fromHook: false,
    arbor: { tokensAfter: 21_049, summarizedEntries: 12, usage: { input: 1 }, requests: 1, chunks: 1, durationMs: 5, adjustments: [] },
  });
}

describe('Session Tree rows', () => {
  it('shows a user message with its first line, the current mark, the label and every context word', () => {
    assert.deepEqual(row(msg('u1', null, user('Fix the parser\nit breaks on tabs')), { label: 'start', onActivePath: true, isCurrent: true }), {
      label: 'user: Fix the parser',
      description: '● current · start',
      icon: 'account',
      contextValue: 'entry user onPath current labeled',
      tooltip: '[start]\n\nFix the parser\nit breaks on tabs',
    });
  });

  it('says in the tooltip when the label was set, in local time, and nothing for a time it cannot read', () => {
    const labeled = (labeledAt: string) => presentRow({ entry: msg('u1', null, user('Fix the parser')), label: 'start', onActivePath: false, isCurrent: false, labeledAt });
    assert.equal(labeled(new Date(2026, 10, 30, 14, 7, 9).toISOString()).tooltip, '[start] · labeled 2026-11-30 14:07\n\nFix the parser');
    assert.equal(labeled('not a time').tooltip, '[start]\n\nFix the parser');
  });

  it('shows an assistant reply off the current path with only its kind word', () => {
    assert.deepEqual(row(msg('a1', 'u1', assistant('Done.'))), {
      label: 'assistant: Done.',
      description: undefined,
      icon: 'sparkle',
      contextValue: 'entry assistant',
      tooltip: 'Done.',
    });
  });

  it('shows a compaction with what it summarized and the tokens before and after, as the chat card counts them', () => {
    const shown = row(arborCompaction(), { onActivePath: true });
    assert.equal(shown.label, 'compaction: ## Goal');
    assert.equal(shown.description, 'summarized 12 entries · 182k → 21k tokens');
    assert.equal(shown.icon, 'fold');
    assert.equal(shown.contextValue, 'entry compaction onPath');
    assert.equal(shown.tooltip, '## Goal\nShip the tree view\n\nsummarized 12 entries · 182k → 21k tokens');
  });

  it('shows a compaction pi wrote (no Arbor record) with the tokens before only', () => {
    assert.equal(compactionStats(compactionEntry('c', null, 'x')), '1k tokens before');
    assert.equal(row(compactionEntry('c', null, 'x', 'Earlier work')).label, 'compaction: Earlier work');
  });

  it('gives branch summaries their own label and icon', () => {
    const shown = row(entry('branch_summary', 'b1', 'u1', { fromId: 'x', summary: 'Tried a lexer rewrite\nthen gave up', fromHook: false }));
    assert.equal(shown.label, 'branch summary: Tried a lexer rewrite');
    assert.equal(shown.icon, 'git-merge');
    assert.equal(shown.contextValue, 'entry branchSummary');
  });

  it('names every kind of entry with one word', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'tc1');
    const kinds = [
      msg('1', null, user('u')),
      msg('2', null, assistant('a')),
      msg('3', null, toolResult(call, 'r')),
      compactionEntry('4', null, '1'),
      entry('branch_summary', '5', null, { fromId: 'x', summary: 's' }),
      entry('label', '6', null, { targetId: '1', label: 'l' }),
      entry('custom', '7', null, { customType: 'ext' }),
      entry('model_change', '8', null, { provider: 'p', modelId: 'm' }),
      entry('thinking_level_change', '9', null, { thinkingLevel: 'high' }),
      entry('session_info', '10', null, { name: 'n' }),
      entry('custom_message', '11', null, { customType: 'note', content: 'c', display: true }),
      entry('some_future_type', '12', null, {}),
    ].map(rowKind);
    assert.deepEqual(kinds, ['user', 'assistant', 'toolResult', 'compaction', 'branchSummary', 'label', 'custom', 'modelChange', 'thinkingLevel', 'sessionInfo', 'customMessage', 'unknown']);
  });

  it('shows a tool result as the call it answers, found above its sibling results; the output stays in the tooltip', () => {
    const read = toolCall('read', { path: 'src/parser.ts', offset: 10 }, 'tc1');
    const grep = toolCall('grep', { pattern: 'TODO', path: 'src' }, 'tc2');
    const entries = [
      msg('u1', null, user('look')),
      msg('a1', 'u1', assistant([read, grep], { stopReason: 'toolUse' })),
      msg('r1', 'a1', toolResult(read, 'export function parse() {}\n// more')),
      msg('r2', 'r1', toolResult(grep, 'src/a.ts:3: TODO fix', { isError: true })),
    ];
    const byId = new Map(entries.map((e) => [e.id, e]));
    const get = (id: string) => byId.get(id);
    assert.equal(toolCallFor(entries[2]!, get), read);
    assert.equal(toolCallFor(entries[3]!, get), grep);
    assert.equal(toolCallFor(entries[1]!, get), undefined);
    const shown = presentRow({ entry: entries[3]!, label: undefined, onActivePath: true, isCurrent: false, call: grep });
    assert.equal(shown.label, 'tool grep: TODO in src');
    assert.equal(shown.tooltip, 'src/a.ts:3: TODO fix\n\nerror');
    assert.equal(row(entries[2]!).label, 'tool read: export function parse() {}');
  });

  it('finds no call for a result whose call is missing (a hand-edited file)', () => {
    const orphan = msg('r1', 'u1', toolResult(toolCall('bash', { command: 'ls' }, 'gone'), 'a.txt'));
    const parent = msg('u1', null, user('hi'));
    assert.equal(toolCallFor(orphan, (id) => (id === 'u1' ? parent : undefined)), undefined);
  });

  it('shows a settings entry by its tag and text', () => {
    assert.equal(row(entry('model_change', 'm', null, { provider: 'anthropic', modelId: 'claude-x' })).label, 'model: anthropic/claude-x');
    assert.equal(row(entry('label', 'l', null, { targetId: 'u1', label: 'start' })).label, 'label: start → u1');
  });
});
