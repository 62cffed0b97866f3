// Edits reviewed before they are written, in the real extension host: a write or edit waiting for
// approval opens a diff editor (the real file against Arbor's editable proposal), and
// arbor.acceptEdit / arbor.rejectEdit answer the edit whose diff is active. The chat's own
// approval handler answers here (no test handler is set).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { requestMessages, send, useAgent } from './agentSupport';
import { workspaceFile } from './support';

/** The diff tab of a pending Arbor edit, once it is open. */
async function proposedDiffTab(timeoutMs = 30_000): Promise<vscode.TabInputTextDiff> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    if (input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'arbor-proposed') return input;
    if (Date.now() > deadline) throw new Error('no diff of a proposed edit became the active editor');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function proposedDiffTabs(): string[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.scheme === 'arbor-proposed')
    .map((tab) => `${tab.label}${tab.isDirty ? ' (dirty)' : ''}`);
}

/** The answered edit's diff closes (closing a tab completes after the answer reached the agent). */
async function diffsClosed(timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (proposedDiffTabs().length > 0) {
    if (Date.now() > deadline) assert.fail(`diffs of proposed edits still open: ${proposedDiffTabs().join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The text of the last tool result the model was sent. */
function lastToolResult(server: Parameters<typeof requestMessages>[0]): string {
  const message = requestMessages(server).at(-1)!;
  const block = (message.content as { type: string; content?: unknown }[]).find((part) => part.type === 'tool_result');
  assert.ok(block, 'the last request carries a tool result');
  const content = block.content;
  return typeof content === 'string' ? content : (content as { text?: string }[]).map((part) => part.text ?? '').join('');
}

describe('Edit review in the diff editor', () => {
  const agent = useAgent();
  const name = `review-${Date.now()}.txt`;
  afterEach(() => fs.rmSync(workspaceFile(name), { force: true }));

  it('opens a pending edit as a diff editor tab and writes what the user changed when arbor.acceptEdit is run', async () => {
    fs.writeFileSync(workspaceFile(name), 'one\ntwo\n');
    agent.server().script(reply(toolUse('edit', { path: name, edits: [{ oldText: 'two', newText: 'zwei' }] })), text('Edited.'));
    const run = send(agent.host(), 'edit the file');
    const diff = await proposedDiffTab();
    assert.equal(diff.original.scheme, 'file');
    assert.equal(diff.original.fsPath, fs.realpathSync(workspaceFile(name)));
    assert.equal(fs.readFileSync(workspaceFile(name), 'utf8'), 'one\ntwo\n', 'nothing is written before the answer');
    const proposed = await vscode.workspace.openTextDocument(diff.modified);
    assert.equal(proposed.getText(), 'one\nzwei\n');
    const change = new vscode.WorkspaceEdit();
    change.replace(diff.modified, new vscode.Range(1, 0, 1, 4), 'deux');
    assert.equal(await vscode.workspace.applyEdit(change), true);
    await vscode.commands.executeCommand('arbor.acceptEdit');
    await run;
    assert.equal(fs.readFileSync(workspaceFile(name), 'utf8'), 'one\ndeux\n');
    assert.equal(
      lastToolResult(agent.server()),
      `Replaced 1 block in ${name}.\n\nThe user changed your proposed content before accepting it: what was written differs from what you proposed (- yours, + what was written):\n 1 one\n-2 zwei\n+2 deux`,
    );
    await diffsClosed();
  });

  it('shows a new file against an empty side and writes nothing when arbor.rejectEdit is run', async () => {
    agent.server().script(reply(toolUse('write', { path: name, content: 'new\n' })), text('Ok.'));
    const run = send(agent.host(), 'write the file');
    const diff = await proposedDiffTab();
    assert.equal(diff.original.scheme, 'arbor-original');
    assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), '');
    // The optional reason's input box: Escape takes the denial back, and the edit still waits.
    await answerReasonBox('workbench.action.closeQuickOpen');
    assert.equal((await proposedDiffTab()).modified.toString(), diff.modified.toString(), 'the diff is still open');
    assert.equal(fs.existsSync(workspaceFile(name)), false);
    // Enter with no text denies without a reason.
    await answerReasonBox('workbench.action.acceptSelectedQuickOpenItem');
    await run;
    assert.equal(fs.existsSync(workspaceFile(name)), false);
    assert.equal(lastToolResult(agent.server()), 'The user denied this tool call.');
    await diffsClosed();
  });
});

/** Runs arbor.rejectEdit and answers its reason box with `command` (Escape or Enter) once it shows. */
async function answerReasonBox(command: string): Promise<void> {
  let answered = false;
  const rejected = Promise.resolve(vscode.commands.executeCommand('arbor.rejectEdit')).then(() => (answered = true));
  while (!answered) {
    await vscode.commands.executeCommand(command);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await rejected;
}
