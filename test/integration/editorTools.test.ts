// VS Code's own language-model tools in the real extension host. The test runner extension
// declares and registers a tool (`arbor_test_reverse`) through `vscode.lm.registerTool`, as any
// extension would; Arbor offers it through tool_search (deferred: no request declares it until it
// was loaded), asks before the call, runs it through `vscode.lm.invokeTool` and gives its text back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ApprovalDecision } from '../../src/core/agent/tools/tool';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { configure, send, useAgent } from './agentSupport';

const TOOL = 'arbor_test_reverse';

/** The part of the `vscode.lm` API this suite uses (the types Arbor builds against predate it). */
interface ToolsApi {
  tools: readonly { name: string }[];
  registerTool(name: string, tool: { invoke(options: { input: { text?: string } }): unknown }): vscode.Disposable;
}
interface ToolResultClasses {
  LanguageModelToolResult: new (parts: unknown[]) => unknown;
  LanguageModelTextPart: new (value: string) => unknown;
}

function declared(body: unknown): string[] {
  return ((body as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);
}

function toolResultOf(body: unknown): { content: unknown; is_error?: boolean } {
  const messages = (body as { messages: { content: { type: string; content?: unknown; is_error?: boolean }[] | string }[] }).messages;
  const content = messages.at(-1)!.content;
  const block = typeof content === 'string' ? undefined : content.find((each) => each.type === 'tool_result');
  assert.ok(block, 'the last message carries a tool result');
  return { content: block.content, ...(block.is_error === undefined ? {} : { is_error: block.is_error }) };
}

describe("VS Code's language-model tools", () => {
  const agent = useAgent();
  const calls: string[] = [];
  let asked: string[];
  let answer: ApprovalDecision;
  let registration: vscode.Disposable | undefined;
  let approvals: vscode.Disposable | undefined;

  before(() => {
    const api = vscode as unknown as { lm: ToolsApi } & ToolResultClasses;
    registration = api.lm.registerTool(TOOL, {
      invoke: ({ input }) => {
        calls.push(input.text ?? '');
        return new api.LanguageModelToolResult([new api.LanguageModelTextPart([...(input.text ?? '')].reverse().join(''))]);
      },
    });
  });
  after(() => registration?.dispose());

  beforeEach(() => {
    calls.length = 0;
    asked = [];
    answer = 'allow-once';
    approvals = agent.host().setApprovalHandler(async (request) => {
      asked.push(request.toolName);
      return answer;
    });
  });
  afterEach(() => approvals?.dispose());

  it('lists the registered tool in vscode.lm.tools', () => {
    const lm = (vscode as unknown as { lm: ToolsApi }).lm;
    assert.ok(lm.tools.some((tool) => tool.name === TOOL), `vscode.lm.tools lists ${TOOL}`);
  });

  it('finds the tool through tool_search, declares it in the next request only, asks, and gives the model what VS Code ran', async () => {
    agent.server().script(
      reply(toolUse('tool_search', { query: 'reverse text', limit: 1 })),
      reply(toolUse(`vscode__${TOOL}`, { text: 'arbor' })),
      text('It says robra.'),
    );
    await send(agent.host(), 'reverse "arbor" with the editor tool');
    const [first, second, third] = agent.server().messageRequests();
    assert.ok(declared(first!.body).includes('tool_search'), 'tool_search is declared');
    assert.deepEqual(declared(first!.body).filter((name) => name.startsWith('vscode__')), []);
    assert.deepEqual(declared(second!.body).filter((name) => name.startsWith('vscode__')), [`vscode__${TOOL}`]);
    assert.ok(JSON.stringify(toolResultOf(second!.body).content).includes(`vscode__${TOOL}`), 'the search result names the loaded tool');
    assert.deepEqual(asked, [`vscode__${TOOL}`]);
    assert.deepEqual(calls, ['arbor']);
    assert.deepEqual(toolResultOf(third!.body), { content: 'robra', is_error: false });
  });

  it('never runs the tool when its call is denied, and the model is told', async () => {
    answer = 'deny';
    agent.server().script(
      reply(toolUse('tool_search', { query: 'reverse text', limit: 1 })),
      reply(toolUse(`vscode__${TOOL}`, { text: 'secret' })),
      text('Denied.'),
    );
    await send(agent.host(), 'reverse "secret"');
    const third = agent.server().messageRequests()[2]!;
    assert.deepEqual(asked, [`vscode__${TOOL}`]);
    assert.deepEqual(calls, []);
    assert.equal(toolResultOf(third.body).is_error, true);
  });

  it('offers none of the editor\'s tools once arbor.mcp.editorTools is off: the tool is unknown to Arbor and never runs', async () => {
    await configure({ 'mcp.editorTools': false });
    agent.server().script(reply(toolUse(`vscode__${TOOL}`, { text: 'off' })), text('Unknown.'));
    await send(agent.host(), 'reverse "off"');
    const [first, second] = agent.server().messageRequests();
    assert.deepEqual(declared(first!.body).filter((name) => name === 'tool_search' || name.startsWith('vscode__')), []);
    assert.deepEqual(asked, []);
    assert.deepEqual(calls, []);
    assert.equal(toolResultOf(second!.body).is_error, true);
  });
});
