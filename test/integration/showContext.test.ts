// Show Context in the real extension host, against the fake Anthropic server: the command opens a
// read-only document whose parts add up to the meter's reading, and the next request the server
// receives carries exactly the system prompt (with the workspace's AGENTS.md), tools and messages
// it shows, followed by the new prompt.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { text } from '../support/fakeAnthropic';
import { readContextDocument, withoutCacheMarks } from '../support/contextDocument';
import { send, useAgent, contextStatus } from './agentSupport';
import { arborTesting, usePlantedFiles, workspaceFile } from './support';

/** The numbers of the document's part lines ("Label: 1,234 (…)"), not the not-counted ones or the room left. */
function partTokens(document: string): { total: number; parts: number[] } {
  const lines = document.split('\n');
  const head = /^Tokens: ([\d,]+)/.exec(lines.find((line) => line.startsWith('Tokens: ')) ?? '');
  assert.ok(head, document);
  const parts: number[] = [];
  for (const line of lines.slice(lines.findIndex((l) => l.startsWith('Tokens: ')) + 1)) {
    if (line === '') break;
    const part = /: ([\d,]+) \((?:reported|estimated|nothing yet|[\d,]+ reported, [\d,]+ estimated)\)$/.exec(line);
    if (part) parts.push(Number(part[1]!.replace(/,/g, '')));
  }
  return { total: Number(head[1]!.replace(/,/g, '')), parts };
}

describe('Show Context', () => {
  const agent = useAgent();
  const { plant } = usePlantedFiles();
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await (await arborTesting()).project.refresh();
  });

  it("opens the next request, its parts adding up to the meter's reading, and the server then receives exactly that", async () => {
    plant(workspaceFile('AGENTS.md'), 'Show-context rules: answer in one word.\n');
    agent.server().script(text('Yes.'));
    await send(agent.host(), 'Is this the workspace?');

    assert.equal(await vscode.commands.executeCommand('arbor.showContext'), true);
    const document = vscode.workspace.textDocuments.find((doc) => doc.uri.scheme === 'arbor-context');
    assert.ok(document, 'the context document is open');
    const shownText = document.getText();
    const { total, parts } = partTokens(shownText);
    const status = await contextStatus();
    assert.equal(total, status!.contextTokens);
    assert.equal(parts.reduce((a, b) => a + b, 0), total);
    assert.ok(parts.length >= 4, shownText);
    assert.match(shownText, /AGENTS\.md: [\d,]+ \(reported\)/);

    const shown = readContextDocument(shownText);
    agent.server().script(text('Still yes.'));
    await send(agent.host(), 'And now?');
    const body = agent.server().lastRequest().body!;
    const messages = body.messages as unknown[];
    assert.equal(shown.system, (body.system as { text: string }[])[0]!.text);
    assert.ok(shown.system.includes('Show-context rules: answer in one word.'));
    assert.deepEqual(shown.tools, body.tools);
    assert.deepEqual(withoutCacheMarks(shown.messages), withoutCacheMarks(messages.slice(0, -1)));
    assert.deepEqual(withoutCacheMarks(messages.slice(-1)), [{ role: 'user', content: [{ type: 'text', text: 'And now?' }] }]);
  });
});
