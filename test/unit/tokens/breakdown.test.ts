import { strict as assert } from 'node:assert';
import type { AgentMessage, CompactionSummaryMessage } from '../../../src/core/session';
import { breakdownLines, contextBreakdown, contextStatus, piEstimator, type BreakdownInput, type ContextBreakdown } from '../../../src/core/tokens';
import { assistant, toolCall, toolResult, usage, user } from '../../support/builders';

const SETTINGS = { enabled: true, reserveTokens: 16_384 };
const QUOTED_RULES = `<project_instructions path="/p/AGENTS.md">\n${'Rule. '.repeat(100)}\n</project_instructions>`;
const PROMPT = {
  text: `You help.\n\n<project_context>\nProject-specific instructions and guidelines:\n\n${QUOTED_RULES}\n</project_context>\n\n<cwd>\n/p\n</cwd>`,
  contextFiles: [{ path: '/p/AGENTS.md', quoted: QUOTED_RULES }],
};
const TOOLS = [{ name: 'read', description: 'Read a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }];

function breakdownOf(messages: readonly AgentMessage[], extra: Partial<BreakdownInput> = {}): ContextBreakdown {
  const status = contextStatus(messages, { estimator: piEstimator, contextWindow: 200_000, settings: SETTINGS });
  return contextBreakdown({ status, messages, estimator: piEstimator, prompt: PROMPT, tools: TOOLS, pinnedText: '', keptCount: 0, ...extra });
}

const partsSum = (breakdown: ContextBreakdown): number => breakdown.parts.reduce((sum, part) => sum + part.tokens, 0);
const tokensOf = (breakdown: ContextBreakdown, kind: string): number => breakdown.parts.filter((part) => part.kind === kind).reduce((sum, part) => sum + part.tokens, 0);

describe('the context breakdown', () => {
  it("shares the reported usage among the system prompt, context file, tools and messages, adding up to the meter's number", () => {
    const call = toolCall('read', { path: 'a.ts' }, 'tc-1');
    const messages = [user('Read a.ts'), assistant([call], { usage: usage(1_234, 57), stopReason: 'toolUse' }), toolResult(call, 'x'.repeat(400))];
    const breakdown = breakdownOf(messages);
    assert.equal(breakdown.total, 1_234 + 57 + 100);
    assert.equal(partsSum(breakdown), breakdown.total);
    assert.deepEqual(breakdown.parts.map((part) => part.kind), ['system', 'contextFile', 'tools', 'messages']);
    // The reported part is shared among all four; the tool result after the reply is estimated.
    assert.equal(breakdown.parts.reduce((sum, part) => sum + part.reported, 0), 1_291);
    assert.equal(breakdown.parts.reduce((sum, part) => sum + part.estimated, 0), 100);
    assert.ok(breakdown.parts.every((part) => part.reported > 0));
    assert.deepEqual(breakdown.uncounted, []);
    assert.equal(breakdown.free, 200_000 - 16_384 - 1_391);
  });

  it('lists the system prompt and tools as not counted before a reply reports usage, and the messages as estimated', () => {
    const breakdown = breakdownOf([user('x'.repeat(40))]);
    assert.equal(breakdown.total, 10);
    assert.deepEqual(breakdown.parts.map((part) => [part.kind, part.reported, part.estimated]), [['messages', 0, 10]]);
    assert.deepEqual(breakdown.uncounted.map((part) => part.kind), ['system', 'contextFile', 'tools']);
    assert.equal(breakdown.uncounted[1]!.tokens, piEstimator.estimateText(QUOTED_RULES));
  });

  it('prices the system prompt, a context file and the tools the same when the reported usage covers them as before it does', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'tc-1');
    const frame = (breakdown: ContextBreakdown) => [...breakdown.parts, ...breakdown.uncounted].filter((part) => part.kind !== 'messages').map((part) => [part.kind, part.tokens]);
    const counted = breakdownOf([user('Read a.ts'), assistant([call], { usage: usage(1_234, 57), stopReason: 'toolUse' }), toolResult(call, 'x'.repeat(400))]);
    const notYet = breakdownOf([user('x'.repeat(40))]);
    // 4 characters a token: the prompt without the file it quotes, the file as quoted, the tools' JSON.
    const expected = [['system', Math.ceil(PROMPT.text.length / 4) - Math.ceil(QUOTED_RULES.length / 4)], ['contextFile', Math.ceil(QUOTED_RULES.length / 4)], ['tools', Math.ceil(JSON.stringify(TOOLS).length / 4)]];
    assert.deepEqual([frame(counted), frame(notYet)], [expected, expected]);
    // The messages take the rest of the reported usage.
    assert.equal(counted.parts.find((part) => part.kind === 'messages')!.reported, 1_291 - expected.reduce((sum, [, tokens]) => sum + (tokens as number), 0));
  });

  it("gives each MCP server's tool definitions a part of its own, priced at their JSON, beside Arbor's own tools", () => {
    const search = { name: 'mcp__docs__search', description: 'Search the docs.', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } };
    const fetchPage = { name: 'mcp__docs__fetch', description: 'Fetch a page.', inputSchema: { type: 'object', properties: { url: { type: 'string' } } } };
    const issue = { name: 'mcp__git-hub__issue', description: 'Read an issue.', inputSchema: { type: 'object', properties: {} } };
    const tools = [...TOOLS, search, fetchPage, issue];
    const breakdown = breakdownOf([user('x'.repeat(40))], { tools, toolServers: [undefined, 'docs', 'docs', 'git-hub'] });
    // 4 characters a token, each group's JSON counted on its own.
    assert.deepEqual(
      breakdown.uncounted.filter((part) => part.kind === 'tools').map((part) => [part.label, part.tokens]),
      [
        ['Tool definitions (1)', Math.ceil(JSON.stringify(TOOLS).length / 4)],
        ['MCP server docs: tool definitions (2)', Math.ceil(JSON.stringify([search, fetchPage]).length / 4)],
        ['MCP server git-hub: tool definitions (1)', Math.ceil(JSON.stringify([issue]).length / 4)],
      ],
    );
  });

  it('says why the system prompt and tools are not priced at their estimate when the API reported less than that', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'tc-1');
    const small = breakdownOf([user('Read a.ts'), assistant([call], { usage: usage(100, 0), stopReason: 'toolUse' })]);
    // The prompt with its file and the tools are estimated at more than the 100 reported: all four parts share the 100.
    assert.ok(Math.ceil(PROMPT.text.length / 4) + Math.ceil(JSON.stringify(TOOLS).length / 4) > 100);
    assert.deepEqual([small.parts.map((part) => part.kind), partsSum(small)], [['system', 'contextFile', 'tools', 'messages'], 100]);
    assert.ok(small.parts.every((part) => part.reported > 0 && part.estimated === 0));
    assert.equal(small.frameShared, true);
    assert.equal(breakdownLines(small).at(-2), 'The API reported less than the system prompt and tools are estimated at: every part above has a share of what it reported');
    const enough = breakdownOf([user('Read a.ts'), assistant([call], { usage: usage(1_234, 57), stopReason: 'toolUse' })]);
    assert.equal(enough.frameShared, false);
    assert.ok(!breakdownLines(enough).some((line) => line.startsWith('The API reported less')));
  });

  it('counts a compaction summary, its pinned section and the messages it kept apart from what came after', () => {
    const pinned = '\n\n## Pinned (verbatim)\n\n' + 'p'.repeat(800);
    const summary: CompactionSummaryMessage = { role: 'compactionSummary', summary: 's'.repeat(400) + pinned, tokensBefore: 9_000, timestamp: 1 };
    const messages = [summary, user('k'.repeat(200)), assistant('kept reply'), user('n'.repeat(120))];
    // No counted usage: the assistant above is older than the compaction only in files; here it counts.
    const breakdown = breakdownOf(messages, { pinnedText: pinned, keptCount: 2 });
    assert.equal(partsSum(breakdown), breakdown.total);
    assert.deepEqual(breakdown.parts.map((part) => part.kind), ['system', 'contextFile', 'tools', 'summaries', 'pinned', 'kept', 'messages']);
    assert.ok(tokensOf(breakdown, 'pinned') > tokensOf(breakdown, 'summaries'), 'the 800-character section outweighs the 400-character summary');
    assert.equal(breakdown.parts.find((part) => part.kind === 'messages')!.estimated, 30);
  });

  it("finds the compaction's summary and kept messages after its system checkpoint, and counts the session's system messages apart", () => {
    const checkpoint: AgentMessage = { role: 'system', content: 'c'.repeat(400), timestamp: 1 };
    const summary: CompactionSummaryMessage = { role: 'compactionSummary', summary: 's'.repeat(400), tokensBefore: 9_000, timestamp: 2 };
    // The kept reply's usage is all zero (no usage): every part is estimated.
    const messages = [checkpoint, summary, user('k'.repeat(200)), assistant('kept reply', { usage: usage(0, 0) }), user('n'.repeat(120))];
    const breakdown = breakdownOf(messages, { keptCount: 2 });
    assert.equal(partsSum(breakdown), breakdown.total);
    assert.deepEqual(
      breakdown.parts.map((part) => [part.label, part.tokens]),
      [
        ['System messages in the session', 100],
        ['Summaries', 100],
        ['Messages the compaction kept', 50 + 3],
        ['Messages since the compaction', 30],
      ],
    );
  });

  it('adds the reply streaming now as an estimated part', () => {
    const breakdown = contextBreakdown({
      status: contextStatus([user('hello there')], { estimator: piEstimator, contextWindow: undefined, settings: SETTINGS }),
      messages: [user('hello there')],
      estimator: piEstimator,
      prompt: undefined,
      tools: [],
      pinnedText: '',
      keptCount: 0,
      streamingTokens: 42.4,
    });
    assert.equal(breakdown.total, 3 + 42);
    assert.equal(partsSum(breakdown), breakdown.total);
    assert.deepEqual(breakdown.parts.at(-1), { kind: 'streaming', label: 'Reply streaming now', reported: 0, estimated: 42, tokens: 42 });
    assert.equal(breakdown.free, undefined);
  });

  it('adds up exactly on a long branch with a huge reported usage', () => {
    const messages: AgentMessage[] = [];
    for (let i = 0; i < 5_000; i++) messages.push(user(`q${i} ${'w'.repeat(i % 97)}`), assistant(`a${i}`, { usage: usage(1_000 + i * 37, 13) }));
    messages.push(user('z'.repeat(1_001)));
    const breakdown = breakdownOf(messages, { prompt: undefined });
    assert.equal(breakdown.total, 1_000 + 4_999 * 37 + 13 + 251);
    assert.equal(partsSum(breakdown), breakdown.total);
  });

  it('keeps a hostile context file path on one line of plain text, never a link', () => {
    const path = '/p/[click](command:workbench.action.terminal.new)\nInjected line/AGENTS.md';
    const breakdown = breakdownOf([user('hi'), assistant('hello', { usage: usage(500, 5) })], { prompt: { text: `base\n\n<project_instructions path="${path}">\nrules\n</project_instructions>`, contextFiles: [{ path, quoted: `<project_instructions path="${path}">\nrules\n</project_instructions>` }] } });
    const lines = breakdownLines(breakdown);
    const line = lines.find((text) => text.includes('AGENTS.md'))!;
    assert.ok(!line.includes('](') && !line.includes('\n'), line);
    assert.equal(partsSum(breakdown), 505);
  });

  it('writes each part with where its number comes from, and the room left', () => {
    const call = toolCall('read', { path: 'a.ts' }, 'tc-1');
    const lines = breakdownLines(breakdownOf([user('Read a.ts'), assistant([call], { usage: usage(1_234, 57), stopReason: 'toolUse' }), toolResult(call, 'x'.repeat(400))]));
    assert.match(lines[0]!, /^System prompt: [\d,]+ \(reported\)$/);
    assert.match(lines[3]!, /^Messages: [\d,]+ \([\d,]+ reported, 100 estimated\)$/);
    assert.equal(lines.at(-1), `Free before auto-compaction: ${(200_000 - 16_384 - 1_391).toLocaleString('en-US')} of ${(200_000 - 16_384).toLocaleString('en-US')}`);
  });
});
