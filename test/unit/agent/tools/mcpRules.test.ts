/**
 * The approval rules and the `--tools` entries for MCP tools: a tool by its whole name
 * (`mcp__<server>__<tool>`) and a whole server (`mcp__<server>`, `mcp__<server>__*`), matched by
 * the server the tool says it comes from, never by a prefix of its name.
 */
import { strict as assert } from 'node:assert';
import { ApprovalGate } from '../../../../src/core/agent/tools/approval';
import { formatRule, parseRule, parseRules, rulesAllow, settingRules } from '../../../../src/core/agent/tools/approvalPatterns';
import type { ApprovalDecision, Tool, ToolOrigin } from '../../../../src/core/agent/tools/tool';
import { narrowedToolSource, validMcpEntry, type ToolSource } from '../../../../src/core/agent/tools/toolSource';

/** A tool as the MCP layer gives it (its origin unless `origin: undefined`), recording its runs. */
function mcpTool(name: string, origin: ToolOrigin | undefined, runs: string[] = []): Tool {
  return {
    spec: { name, description: name, inputSchema: { type: 'object' } },
    needsApproval: true,
    ...(origin ? { origin } : {}),
    async execute() {
      runs.push(name);
      return { content: [{ type: 'text', text: 'ran' }], isError: false };
    },
  };
}

const from = (server: string, tool: string): ToolOrigin => ({ kind: 'mcp', server, tool });

/** Calls by label: name and origin. */
const CALLS: Record<string, { toolName: string; origin?: ToolOrigin }> = {
  'srv/x': { toolName: 'mcp__srv__x', origin: from('srv', 'x') },
  'srv/y': { toolName: 'mcp__srv__y', origin: from('srv', 'y') },
  'srv2/x': { toolName: 'mcp__srv2__x', origin: from('srv2', 'x') },
  'srv/x without origin': { toolName: 'mcp__srv__x' },
  'github/x': { toolName: 'mcp__github__x', origin: from('github', 'x') },
  'git__hub/x': { toolName: 'mcp__git__hub__x', origin: from('git__hub', 'x') },
  'git/hub__x': { toolName: 'mcp__git__hub__x', origin: from('git', 'hub__x') },
  'dev-radius/q': { toolName: 'mcp__dev_radius__q', origin: from('dev-radius', 'q') },
};

describe('approval rules for MCP tools', () => {
  it('reads a tool, a server and a server with __*, with - and _ in a server the same, and writes them back', () => {
    assert.deepEqual(parseRule('mcp__srv__x'), { kind: 'tool', tool: 'mcp__srv__x' });
    assert.deepEqual(parseRule('mcp__srv'), { kind: 'tool', tool: 'mcp__srv' });
    assert.deepEqual(parseRule('mcp__srv__*'), { kind: 'server', tool: 'mcp__srv' });
    assert.deepEqual(parseRule('mcp__dev-radius__*'), { kind: 'server', tool: 'mcp__dev_radius' });
    assert.deepEqual(parseRule('mcp__dev-radius'), { kind: 'tool', tool: 'mcp__dev_radius' });
    assert.deepEqual(['mcp__srv__*', 'mcp__srv', 'mcp__srv__x'].map((text) => formatRule(parseRule(text)!)), ['mcp__srv__*', 'mcp__srv', 'mcp__srv__x']);
    const none = ['mcp__*', 'mcp____*', 'mcp__a b', 'mcp__srv__x*', 'mcp__srv__*x', 'mcp__s/rv'];
    assert.deepEqual(none.map((text) => [text, parseRule(text)]), none.map((text) => [text, undefined]));
  });

  it('allows exactly what each rule says, and never a server by a prefix of its name', async () => {
    const rules = ['mcp__srv', 'mcp__srv__*', 'mcp__srv__x', 'mcp__sr', 'mcp__s', 'mcp__git', 'mcp__git__*', 'mcp__git__hub', 'mcp__dev-radius', 'mcp__dev_radius__*'];
    const allowed: [string, string[]][] = [];
    for (const rule of rules) {
      const labels: string[] = [];
      for (const [label, call] of Object.entries(CALLS)) if (await rulesAllow(parseRules([rule]), { ...call, args: {}, root: '/ws' })) labels.push(label);
      allowed.push([rule, labels]);
    }
    assert.deepEqual(allowed, [
      ['mcp__srv', ['srv/x', 'srv/y']],
      ['mcp__srv__*', ['srv/x', 'srv/y']],
      ['mcp__srv__x', ['srv/x', 'srv/x without origin']],
      ['mcp__sr', []],
      ['mcp__s', []],
      ['mcp__git', ['git/hub__x']],
      ['mcp__git__*', ['git/hub__x']],
      ['mcp__git__hub', ['git__hub/x']],
      ['mcp__dev-radius', ['dev-radius/q']],
      ['mcp__dev_radius__*', ['dev-radius/q']],
    ]);
  });

  it('lets arbor.tools.autoApprove hold MCP tools and servers', () => {
    assert.deepEqual(settingRules(['mcp__srv', 'mcp__srv__*', 'mcp__srv__x', 'mcp__', 'mcp__*', 'read', 'bash']), ['mcp__srv', 'mcp__srv__*', 'mcp__srv__x', 'bash']);
  });

  it('remembers an "allow always" for that tool only, and a server rule answered on its card for that server only', async () => {
    const answers: ApprovalDecision[] = ['allow-always', { allowRule: 'mcp__other' }, { allowRule: 'mcp__db' }];
    const asked: string[] = [];
    const gate = new ApprovalGate({ ask: async (request) => (asked.push(request.toolName), answers.shift()!) });
    const [search, read, drop] = gate.wrap([mcpTool('mcp__docs__search', from('docs', 'search')), mcpTool('mcp__db__read', from('db', 'read')), mcpTool('mcp__db__drop', from('db', 'drop'))]);
    const context = { root: '/ws', signal: new AbortController().signal, toolCallId: 't' };
    for (const tool of [search, search, read, read, drop]) await tool!.execute({}, context);
    assert.deepEqual(asked, ['mcp__docs__search', 'mcp__db__read', 'mcp__db__read']);
  });

  it('takes as --tools entries only names of a tool or a server', () => {
    const entries = ['mcp__srv', 'mcp__srv__x', 'mcp__srv__*', 'mcp__dev-radius', 'mcp__', 'mcp__*', 'mcp__a b', 'mcp__srv__x*'];
    assert.deepEqual(entries.filter(validMcpEntry), ['mcp__srv', 'mcp__srv__x', 'mcp__srv__*', 'mcp__dev-radius']);
  });

  it("narrows a source's MCP tools to the --tools entries, declared and found, and leaves its other tools", () => {
    const tools = [
      mcpTool('mcp__docs__search', from('docs', 'search')),
      mcpTool('mcp__db__read', from('db', 'read')),
      mcpTool('mcp__db__drop', from('db', 'drop')),
      mcpTool('mcp__docsx__a', from('docsx', 'a')),
      mcpTool('tool_search', undefined),
    ];
    const source: ToolSource = { toolsFor: () => tools, find: (name) => tools.find((tool) => tool.spec.name === name) };
    const narrowed = narrowedToolSource(source, ['mcp__docs', 'mcp__db__read']);
    assert.deepEqual(narrowed.toolsFor([]).map((tool) => tool.spec.name), ['mcp__docs__search', 'mcp__db__read', 'tool_search']);
    assert.deepEqual(['mcp__db__drop', 'mcp__db__read', 'mcp__docsx__a', 'tool_search'].map((name) => narrowed.find(name)?.spec.name), [undefined, 'mcp__db__read', undefined, 'tool_search']);
    assert.equal(narrowedToolSource(source, []), source);
  });
});
