// The core functions behind the views on the shapes a stranger's session file may hold: the chat's
// render model, export, Switch Branch's leaves, session search, the Session Tree's rows, token
// counts and the summarizer's text. Each gives a bounded answer: no stack overflow, no hang, and
// what cannot be shown is said (`[nested too deep]`, "… more characters not shown").
import { strict as assert } from 'node:assert';
import { buildItems, MAX_ARGS_CHARS, MAX_TEXT_CHARS, type ChatItem } from '../../src/core/chat';
import { serializeConversation } from '../../src/core/compaction';
import { renderBranch } from '../../src/core/export';
import { branchLeaves } from '../../src/core/navigation';
import { compileQuery, searchSessionText } from '../../src/core/search';
import { contextOfPath, parseSessionText, positionOnOpen, SessionTree, type SessionEntry, type SessionHeader } from '../../src/core/session';
import { LazyDisplayTree, MAX_TOOLTIP_CHARS, presentRow } from '../../src/core/sessionTree';
import { loadTokenizerEstimator, measureContext, piEstimator } from '../../src/core/tokens';
import { NESTED_TOO_DEEP } from '../../src/core/util/jsonText';
import { backtickEntries, deepEntries, hugeLineEntries, sessionFileText, wideEntries } from '../support/builders';

const HEADER: SessionHeader = { type: 'session', version: 3, id: 'hostile-session', timestamp: '2026-02-01T00:00:00.000Z', cwd: '/work/project' };
const NOW = new Date('2026-03-01T12:00:00.000Z');

interface Shape {
  name: string;
  entries: () => SessionEntry[];
  /** A word search finds in the file, and the entries it is found in. */
  query: string;
  hits: number;
  leaves: number;
}

const SHAPES: Shape[] = [
  { name: 'values nested 100 000 deep', entries: () => deepEntries(100_000), query: '{"a":{"a":{"a"', hits: 1, leaves: 1 },
  { name: '150 000 backtick runs', entries: () => backtickEntries(150_000), query: '``x ```x', hits: 6, leaves: 1 },
  { name: 'an entry with 200 000 children', entries: () => wideEntries(200_000), query: 'answer 199999', hits: 1, leaves: 200_000 },
  { name: 'lines of 16 MB', entries: () => hugeLineEntries(16_000_000), query: 'word word', hits: 1, leaves: 1 },
];

/** Every string of the chat items (what crosses postMessage). */
function strings(items: readonly ChatItem[]): string[] {
  const found: string[] = [];
  const work: unknown[] = [...items];
  for (let value = work.pop(); value !== undefined; value = work.pop()) {
    if (typeof value === 'string') found.push(value);
    else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) work.push(inner);
  }
  return found;
}

for (const shape of SHAPES) {
  describe(`core views on a session with ${shape.name}`, function () {
    this.timeout(120_000);
    let entries: SessionEntry[] = [];
    let tree: SessionTree;
    let path: SessionEntry[] = [];
    before(() => {
      entries = shape.entries();
      tree = SessionTree.fromEntries(entries);
      path = tree.pathTo(positionOnOpen(tree));
    });

    it('builds the chat items with every text bounded, deep arguments marked', () => {
      const items = buildItems(path);
      assert.ok(items.length > 0);
      const longest = Math.max(0, ...strings(items).map((text) => text.length));
      assert.ok(longest <= MAX_TEXT_CHARS + 100, `${longest} characters`);
      const args = items.flatMap((item) => (item.kind === 'assistant' ? item.blocks : [])).flatMap((block) => (block.type === 'toolCall' ? [block.args] : []));
      for (const text of args) assert.ok(text.length <= MAX_ARGS_CHARS + 1);
      if (shape.name.includes('deep')) assert.ok(args[0]!.includes(`"a": ${NESTED_TOO_DEEP}`));
    });

    it('exports the branch as Markdown, HTML and JSONL (the JSONL lines read back as the entries)', () => {
      for (const format of ['md', 'html'] as const) assert.ok(renderBranch(format, HEADER, tree, path, NOW).length > 0);
      const jsonl = parseSessionText(renderBranch('jsonl', HEADER, tree, path, NOW));
      assert.deepEqual(jsonl.malformed, []);
      assert.deepEqual(
        jsonl.entries.map((entry) => entry.id),
        path.map((entry) => entry.id),
      );
    });

    it('lists the branches for Switch Branch', () => {
      const leaves = branchLeaves(tree, positionOnOpen(tree));
      assert.equal(leaves.length, shape.leaves);
      assert.equal(leaves[0]!.current, true);
    });

    it('finds text in the session file', () => {
      const result = searchSessionText('hostile.jsonl', sessionFileText(entries), compileQuery({ text: shape.query }));
      assert.equal(result.hits.length, shape.hits);
      assert.equal(result.malformedLines, 0);
    });

    it('gives the Session Tree its rows with bounded tooltips', () => {
      const display = new LazyDisplayTree(tree, positionOnOpen(tree));
      const top = display.childrenOf(null);
      const below = top.flatMap((row) => (row.hasChildren ? display.childrenOf(row.entry.id).slice(0, 500) : []));
      for (const node of [...top, ...below]) {
        const row = presentRow({ entry: node.entry, label: node.label, onActivePath: node.onActivePath, isCurrent: node.isLeaf });
        assert.ok(row.tooltip.length <= MAX_TOOLTIP_CHARS + 100, `${row.tooltip.length} characters`);
        assert.ok(row.label.length <= 200);
      }
    });

    it('counts the context with both estimators and serializes it for the summarizer', async () => {
      const messages = contextOfPath(path).messages;
      const estimators = [piEstimator, await loadTokenizerEstimator()];
      for (const estimator of estimators) assert.ok(measureContext(messages, { estimator, useReportedUsage: false }).contextTokens > 0);
      assert.ok(serializeConversation(messages.filter((message) => message.role === 'user' || message.role === 'assistant' || message.role === 'toolResult')).length > 0);
    });
  });
}
