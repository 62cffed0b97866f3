// VS Code's own language-model tools in the real extension host: the tools this VS Code lists in
// `vscode.lm.tools` are offered to the model through tool_search (deferred: no request declares
// them until it loaded one), and the one it loads is declared in the next request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { send, useAgent } from './agentSupport';

function declared(body: unknown): string[] {
  return ((body as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);
}

describe("VS Code's language-model tools", () => {
  const agent = useAgent();

  it('finds a tool VS Code lists through tool_search and declares it in the next request only', async () => {
    const lm = (vscode as { lm?: { tools?: readonly { name: string }[] } }).lm;
    // A tool whose name needs no renaming, so its Arbor name is plainly `vscode__<name>`.
    const tool = lm?.tools?.find((each) => /^[A-Za-z0-9_]{1,50}$/.test(each.name));
    assert.ok(tool, `this VS Code lists language-model tools (${lm?.tools?.length ?? 'no API'})`);
    agent.server().script(reply(toolUse('tool_search', { query: tool.name, limit: 1 })), text('Found it.'));
    await send(agent.host(), 'find the tool');
    const [first, second] = agent.server().messageRequests();
    assert.ok(declared(first!.body).includes('tool_search'), 'tool_search is declared');
    assert.deepEqual(declared(first!.body).filter((name) => name.startsWith('vscode__')), []);
    assert.deepEqual(declared(second!.body).filter((name) => name.startsWith('vscode__')), [`vscode__${tool.name}`]);
    const messages = second!.body!.messages as { content: { type: string; content?: { text: string }[] }[] | string }[];
    const result = JSON.stringify(messages.at(-1)!.content);
    assert.ok(result.includes(`vscode__${tool.name}`), 'the search result names the loaded tool');
  });
});
