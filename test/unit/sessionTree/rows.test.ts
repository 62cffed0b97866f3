import { strict as assert } from 'node:assert';
import type { SessionEntry } from '../../../src/core/session';
import { BRANCH_SUMMARY_PREAMBLE } from '../../../src/core/compaction';
import { compactionLine, MAX_TOOLTIP_CHARS, presentRow, rowKind, summaryGoal, toolCallFor } from '../../../src/core/sessionTree';
import { assistant, compactionEntry, entry, msg, toolCall, toolResult, user } from '../../support/builders';

const row = (e: SessionEntry, extra: { label?: string; onActivePath?: boolean; isCurrent?: boolean } = {}) =>
  presentRow({ entry: e, label: extra.label, onActivePath: extra.onActivePath ?? false, isCurrent: extra.isCurrent ?? false });

/** A compaction as Arbor writes it: pi's fields plus the `arbor` record. */
function arborCompaction(): SessionEntry {
  return entry('compaction', 'c1', 'a1', {
    summary: '## Goal\nShip the tree view\n\n<read-files>\nsrc/b.ts\n</read-files>\n\n<modified-files>\nsrc/a.ts\ndocs/my_notes.md\n</modified-files>',
    firstKeptEntryId: 'u2',
    tokensBefore: 182_400,
    fromHook: false,
    arbor: { tokensAfter: 21_049, summarizedEntries: 12, usage: { input: 1 }, requests: 1, chunks: 1, durationMs: 5, adjustments: [] },
  });
}

describe('Session Tree rows', () => {
  it('shows a user message as its first line, the position mark first, the label in brackets before the text, and spells the kind out for screen readers', () => {
    assert.deepEqual(row(msg('u1', null, user('Fix the parser\nit breaks on tabs')), { label: 'start', onActivePath: true, isCurrent: true }), {
      label: '● [start] Fix the parser',
      description: undefined,
      icon: 'account',
      contextValue: 'entry user onPath current labeled',
      tooltip: '\\[start\\]\n\nFix the parser\nit breaks on tabs',
      accessibilityLabel: 'user: Fix the parser, ● current · start',
    });
  });

  it('cuts a long label short where it leads the row, keeping it whole in the tooltip and the spoken label', () => {
    const shown = row(msg('u1', null, user('Fix the parser')), { label: 'the first attempt at the parser fix' });
    assert.equal(shown.label, '[the first attempt at th…] Fix the parser');
    assert.equal(shown.tooltip, '\\[the first attempt at the parser fix\\]\n\nFix the parser');
    assert.equal(shown.accessibilityLabel, 'user: Fix the parser, the first attempt at the parser fix');
  });

  it('says in the tooltip when the label was set, in local time, and nothing for a time it cannot read', () => {
    const labeled = (labeledAt: string) => presentRow({ entry: msg('u1', null, user('Fix the parser')), label: 'start', onActivePath: false, isCurrent: false, labeledAt });
    assert.equal(labeled(new Date(2026, 10, 30, 14, 7, 9).toISOString()).tooltip, '\\[start\\] · labeled 2026\\-11\\-30 14:07\n\nFix the parser');
    assert.equal(labeled('not a time').tooltip, '\\[start\\]\n\nFix the parser');
  });

  it('counts the images of a message after its words and names them in its tooltip by type and size, without drawing them', () => {
    const png = { type: 'image' as const, data: 'A'.repeat(46420), mimeType: 'image/png' };
    const shown = row(msg('u1', null, user([{ type: 'text', text: 'What is this?' }, png, { type: 'image', data: 'R0lG', mimeType: 'image/gif' }])));
    assert.equal(shown.label, 'What is this? · 2 images');
    assert.equal(shown.tooltip, 'What is this? · 2 images\n\n🖼 image \\(PNG, 34\\.0KB\\)  \n🖼 image \\(GIF, 3B\\)');
  });

  it('counts the images past the first four, and shows a hostile type as text, cut', () => {
    const odd = { type: 'image' as const, data: 'AAAA', mimeType: `<img src=x>${'x'.repeat(100)}` };
    const many = Array.from({ length: 6 }, () => odd);
    const lines = row(msg('u1', null, user([{ type: 'text', text: 'Hi' }, ...many]))).tooltip.split('\n');
    assert.equal(lines.length, 7);
    assert.equal(lines[2], `🖼 image \\(\\<img src\\=x\\>${'x'.repeat(29)}, 3B\\)  `);
    assert.equal(lines[6], '… and 2 more images');
  });

  it('shows an assistant reply off the current path with its text alone', () => {
    assert.deepEqual(row(msg('a1', 'u1', assistant('Done.'))), {
      label: 'Done.',
      description: undefined,
      icon: 'sparkle',
      contextValue: 'entry assistant',
      tooltip: 'Done.',
      accessibilityLabel: 'assistant: Done.',
    });
  });

  it('reads a message\'s Markdown as its words: emphasis, headings, list markers, task boxes, links, code and HTML go', () => {
    const label = (text: string) => row(msg('a1', 'u1', assistant(text))).label;
    assert.equal(label('Here is a small **TypeScript** function'), 'Here is a small TypeScript function');
    assert.equal(label('# A longer answer\n\n## Part 1'), 'A longer answer');
    assert.equal(label('- [x] Wrote `slugify(title)` with a [test](https://example.com/t)'), 'Wrote slugify(title) with a test');
    assert.equal(label('<details><summary>Why</summary>&amp; more'), 'Why& more');
    assert.equal(label('```ts\nexport function slugify() {}\n```'), 'export function slugify() {}');
    // A prompt's own angle brackets and stars are words, not markup.
    assert.equal(row(msg('u1', null, user('Explain "spacing" & <angle> brackets, 2 * 3 * 4'))).label, 'Explain "spacing" & <angle> brackets, 2 * 3 * 4');
  });

  it('renders the tooltip as Markdown with images and non-web links made inert', () => {
    const shown = row(msg('a1', 'u1', assistant('**Done** ![pixel](https://evil.example/p.png?q=secret) [run](command:workbench.action.terminal.new) [docs](https://example.com)\n\n```\n![kept](x.png)\n```')));
    assert.equal(shown.tooltip, '**Done** pixel run [docs](https://example.com)\n\n```\n![kept](x.png)\n```');
  });

  it('shows a compaction by its numbers first, and its summary with the file lists as lists in the tooltip', () => {
    const shown = row(arborCompaction(), { onActivePath: true, isCurrent: true });
    assert.equal(shown.label, '● 182k → ~21k compaction · 12 entries');
    assert.equal(shown.description, undefined);
    assert.equal(shown.icon, 'fold');
    assert.equal(shown.contextValue, 'entry compaction onPath current');
    assert.equal(shown.accessibilityLabel, 'compaction · 182k → about 21k · 12 entries, ● current');
    assert.equal(
      shown.tooltip,
      '## Goal\nShip the tree view\n\nRead:\n\n- `src/b.ts`\n\nModified:\n\n- `src/a.ts`\n- `docs/my_notes.md`\n\nSummarized 12 entries: 182,400 → about 21,049 tokens',
    );
  });

  it('ends the tooltip of a compaction whose summary the user edited with "summary edited by you"', () => {
    const edited = arborCompaction() as SessionEntry & { arbor: Record<string, unknown> };
    edited.arbor['summaryEdited'] = true;
    assert.match(row(edited).tooltip, /\n\nSummarized 12 entries: 182,400 → about 21,049 tokens · summary edited by you$/);
    assert.match(row(arborCompaction()).tooltip, /\n\nSummarized 12 entries: 182,400 → about 21,049 tokens$/);
  });

  it('shows a compaction pi wrote (no Arbor record) with the tokens before only', () => {
    const shown = row(compactionEntry('c', null, 'x', 'Earlier work'));
    assert.equal(shown.label, '1k before compaction');
    assert.equal(shown.tooltip, 'Earlier work\n\n1,000 tokens before');
    assert.equal(compactionLine({ tokensBefore: 5300, tokensAfter: 1500, summarizedEntries: 9, summaryEdited: false }), 'compaction · 5.3k → about 1.5k · 9 entries');
    assert.equal(compactionLine({ tokensBefore: 182_000, tokensAfter: undefined, summarizedEntries: undefined, summaryEdited: false }), 'compaction · 182k before');
  });

  it('names a branch summary by its goal, not by pi\'s stock preamble', () => {
    const summary = `${BRANCH_SUMMARY_PREAMBLE}## Goal\nTry a **lexer** rewrite\n\n## Progress\n- gave up\n\n<modified-files>\nsrc/lexer.ts\n</modified-files>`;
    const shown = row(entry('branch_summary', 'b1', 'u1', { fromId: 'x', summary, fromHook: false }));
    assert.equal(shown.label, 'branch summary: Try a lexer rewrite');
    assert.equal(shown.icon, 'git-merge');
    assert.equal(shown.contextValue, 'entry branchSummary');
    assert.match(shown.tooltip, /\n\nModified:\n\n- `src\/lexer\.ts`$/);
  });

  it('names a branch summary without a goal heading by its first line after the preamble', () => {
    assert.equal(summaryGoal(`${BRANCH_SUMMARY_PREAMBLE}Tried a lexer rewrite\nthen gave up`), 'Tried a lexer rewrite');
    assert.equal(summaryGoal('Tried a lexer rewrite\nthen gave up'), 'Tried a lexer rewrite');
    assert.equal(summaryGoal('## Goal\n\n## Progress\nnothing'), 'Goal');
    assert.equal(summaryGoal(''), '');
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
    assert.equal(shown.label, 'grep: TODO in src');
    assert.equal(shown.accessibilityLabel, 'tool grep: TODO in src');
    // The output shows as code, as written: no Markdown of its own.
    assert.equal(shown.tooltip, '```\nsrc/a.ts:3: TODO fix\n```\n\nerror');
    assert.equal(row(entries[2]!).label, 'read: export function parse() {}');
  });

  it('finds no call for a result whose call is missing (a hand-edited file)', () => {
    const orphan = msg('r1', 'u1', toolResult(toolCall('bash', { command: 'ls' }, 'gone'), 'a.txt'));
    const parent = msg('u1', null, user('hi'));
    assert.equal(toolCallFor(orphan, (id) => (id === 'u1' ? parent : undefined)), undefined);
  });

  it('shows a settings entry by its tag and text', () => {
    assert.equal(row(entry('model_change', 'm', null, { provider: 'anthropic', modelId: 'claude-x' })).label, 'model: anthropic/claude-x');
    assert.equal(row(entry('label', 'l', null, { targetId: 'u1', label: '**start**' })).label, 'label: **start** → u1');
    assert.equal(row(entry('label', 'l', null, { targetId: 'u1', label: '**start**' })).tooltip, '\\*\\*start\\*\\* → u1');
  });

  it('keeps every part of a row bounded for a file\'s megabyte-long message, tool name, label or error', () => {
    const huge = 'x'.repeat(1_000_000);
    const call = toolCall(huge, { path: huge }, 'tc1');
    const rows = [
      presentRow({ entry: msg('a1', null, assistant(`${'*'.repeat(500_000)}\n${'`'.repeat(150_000)}`, { stopReason: 'error', errorMessage: huge })), label: huge, onActivePath: true, isCurrent: true, labeledAt: '2026-01-01T00:00:00.000Z' }),
      presentRow({ entry: msg('r1', 'a1', toolResult(call, `${'`'.repeat(200_000)} ${'<'.repeat(100_000)}`)), label: undefined, onActivePath: false, isCurrent: false, call }),
      presentRow({ entry: msg('u1', null, user('!'.repeat(1_000_000))), label: undefined, onActivePath: false, isCurrent: false }),
      presentRow({ entry: entry('label', 'l', null, { targetId: 'u1', label: '&'.repeat(1_000_000) }), label: undefined, onActivePath: false, isCurrent: false }),
      presentRow({ entry: entry('branch_summary', 'b', null, { fromId: 'x', summary: `${huge}\n\n<modified-files>\n${`${huge}\n`.repeat(40)}</modified-files>` }), label: undefined, onActivePath: false, isCurrent: false }),
    ];
    for (const shown of rows) {
      assert.ok(shown.tooltip.length <= MAX_TOOLTIP_CHARS, `tooltip of ${shown.tooltip.length} characters`);
      assert.ok(shown.label.length <= 130 && shown.accessibilityLabel.length <= 250 && (shown.description ?? '').length <= 80, shown.label);
    }
    // The file list of a summary still shows after its text was cut: 19 paths, then how many more.
    assert.match(rows[4]!.tooltip, /\n\nModified:\n\n(- `x{119}…`\n){19}- … and 21 more$/);
  });

  it('finds no kind, icon or tool summary in an object\'s own properties (a tool or role named "constructor")', () => {
    const call = toolCall('constructor', { path: 'a.ts' }, 'tc1');
    const result = msg('r1', 'a1', toolResult(call, 'out'));
    assert.equal(presentRow({ entry: result, label: undefined, onActivePath: false, isCurrent: false, call }).label, 'constructor: a.ts');
    assert.equal(rowKind(msg('x', null, { role: 'constructor', content: [], timestamp: 1 } as never)), 'message');
  });
});
