// A rule answered from an approval card ("Always allow …") in the real extension host: the host
// keeps it in the user's settings under the workspace folder it was made in
// (`arbor.tools.autoApproveByFolder`), never in `arbor.tools.autoApprove`, which holds everywhere; a
// later session of this folder runs what it allows unasked, and the same rule kept for another
// folder allows nothing here.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ApprovalDecision, ApprovalRequest } from '../../src/core/agent/tools/tool';
import { readConfig } from '../../src/vscode/config';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { configure, requestMessages, send, useAgent } from './agentSupport';

const COMMAND = 'echo card-rule-ran';
const RULE = `bash(= ${COMMAND})`;

describe('Rules answered from an approval card', () => {
  const agent = useAgent();
  let asked: ApprovalRequest[];
  let handler: vscode.Disposable | undefined;

  beforeEach(() => {
    asked = [];
    // "Always allow …" with the rule the card proposed, the first time; Deny after that.
    handler = agent.host().setApprovalHandler(async (request): Promise<ApprovalDecision> => {
      asked.push(request);
      return asked.length === 1 && request.suggestedRule ? { allowRule: request.suggestedRule.rule } : 'deny';
    });
  });
  afterEach(() => handler?.dispose());

  function folderUri(): string {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the integration tests need a workspace folder');
    return folder.uri.toString();
  }

  /** A new session (the gate's memory of the answer goes with the old one) that runs COMMAND once. */
  async function runInNewSession(): Promise<string> {
    await vscode.commands.executeCommand('arbor.newSession');
    agent.server().script(reply(toolUse('bash', { command: COMMAND })), text('Done.'));
    await send(agent.host(), 'run the command');
    // The tool result the call gave, as the model was sent it.
    return JSON.stringify(requestMessages(agent.server()).at(-1));
  }

  it('keeps the rule for this workspace folder only, runs it unasked in a later session here, and not where it was kept for another folder', async () => {
    agent.server().script(reply(toolUse('bash', { command: COMMAND })), text('Done.'));
    await send(agent.host(), 'run the command');
    assert.deepEqual(
      asked.map((request) => request.suggestedRule),
      [{ rule: RULE, label: `Always allow exactly \`${COMMAND}\` in this workspace` }],
    );

    const config = vscode.workspace.getConfiguration('arbor');
    assert.deepEqual(config.inspect('tools.autoApproveByFolder')?.globalValue, { [folderUri()]: [RULE] });
    assert.equal(config.inspect('tools.autoApprove')?.globalValue, undefined, 'the rule went to the list that holds in every workspace');
    assert.deepEqual(readConfig({}).autoApprove, [RULE]);

    assert.match(await runInNewSession(), /card-rule-ran/);
    assert.equal(asked.length, 1, 'the later session asked again');

    // The same rule as another folder's card would have kept it.
    await configure({ 'tools.autoApproveByFolder': { 'file:///elsewhere/other-project': [RULE] } });
    assert.deepEqual(readConfig({}).autoApprove, []);
    assert.match(await runInNewSession(), /The user denied this tool call/);
    assert.equal(asked.length, 2, 'the rule of another folder allowed the command here');
  });
});
