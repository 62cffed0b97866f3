// Tool approvals in the real extension host: read-only tools never ask; bash / write / edit ask
// the chat's approval handler unless arbor.tools.autoApprove lists them; "allow always" holds for
// the rest of the session. Tools work inside the first workspace folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ApprovalDecision } from '../../src/core/agent/tools/tool';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { configure, send, useAgent } from './agentSupport';
import { workspaceFile } from './support';

describe('Agent tools and approvals', () => {
  const agent = useAgent();
  let asked: string[];
  let answer: ApprovalDecision;
  let handler: vscode.Disposable | undefined;

  beforeEach(() => {
    asked = [];
    answer = 'deny';
    handler = agent.host().setApprovalHandler(async (request) => {
      asked.push(request.toolName);
      return answer;
    });
  });
  afterEach(() => handler?.dispose());

  function unique(name: string): string {
    return `approval-${name}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`;
  }

  it('runs read without asking, inside the workspace folder', async () => {
    agent.server().script(reply(toolUse('read', { path: 'notes/not-a-session.jsonl' })), text('Read it.'));
    await send(agent.host(), 'read the notes');
    assert.deepEqual(asked, []);
    const result = agent.server().lastRequest().body!.messages as { role: string; content: { type: string; content?: { text: string }[]; is_error?: boolean }[] }[];
    const toolResult = result.at(-1)!.content.find((block) => block.type === 'tool_result')!;
    assert.notEqual(toolResult.is_error, true);
    const expected = fs.readFileSync(workspaceFile('notes/not-a-session.jsonl'), 'utf8').split('\n')[0]!;
    assert.ok(JSON.stringify(toolResult.content).includes(JSON.stringify(expected).slice(1, -1)), 'the file text reaches the model');
  });

  it('asks before write and does not write when denied', async () => {
    const name = unique('denied');
    agent.server().script(reply(toolUse('write', { path: name, content: 'denied' })), text('Ok.'));
    await send(agent.host(), 'write a file');
    assert.deepEqual(asked, ['write']);
    assert.equal(fs.existsSync(workspaceFile(name)), false);
  });

  it('writes without asking when arbor.tools.autoApprove lists write', async () => {
    const name = unique('auto');
    await configure({ 'tools.autoApprove': ['write'] });
    agent.server().script(reply(toolUse('write', { path: name, content: 'auto' })), text('Done.'));
    await send(agent.host(), 'write a file');
    assert.deepEqual(asked, []);
    assert.equal(fs.readFileSync(workspaceFile(name), 'utf8'), 'auto');
    fs.rmSync(workspaceFile(name));
  });

  it('asks once for "allow always", then not again in the same session', async () => {
    const [first, second] = [unique('always-1'), unique('always-2')];
    answer = 'allow-always';
    agent.server().script(reply(toolUse('write', { path: first, content: '1' })), text('One.'), reply(toolUse('write', { path: second, content: '2' })), text('Two.'));
    await send(agent.host(), 'first');
    await send(agent.host(), 'second');
    assert.deepEqual(asked, ['write']);
    assert.equal(fs.readFileSync(workspaceFile(first), 'utf8'), '1');
    assert.equal(fs.readFileSync(workspaceFile(second), 'utf8'), '2');
    for (const name of [first, second]) fs.rmSync(workspaceFile(name));
  });

  it('refuses a path outside the workspace folder', async () => {
    const outside = path.join(path.dirname(workspaceFile('.')), unique('outside'));
    await configure({ 'tools.autoApprove': ['write'] });
    agent.server().script(reply(toolUse('write', { path: outside, content: 'no' })), text('Ok.'));
    await send(agent.host(), 'write outside');
    assert.equal(fs.existsSync(outside), false);
  });
});
