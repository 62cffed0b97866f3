// The Session Tree's row actions inside the real extension host, against the fake Anthropic
// server: labels, forks, Compact up to Here, Undo Compaction on a compaction row, Show in Session
// File. Each checks what the command left in the session file (and, where it matters, what the
// next request carries). Copy Text is checked in the browser (test/e2e/entryActions.test.ts): the
// workbench writes the clipboard only for a focused page, which this runner's page is not.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionEntry } from '../../src/core/session/types';
import { text } from '../support/fakeAnthropic';
import { branchMessages, colourThenFruit, entriesOnDisk, requestMessages, send, useAgent, wireText } from './agentSupport';
import { arborTesting, own } from './support';

const SUMMARY = '## Goal\nSummary marker: colours and fruit.';

type Entry = SessionEntry & { message?: { role: string }; targetId?: string; label?: string; firstKeptEntryId?: string };

describe('Entry actions on Session Tree rows', () => {
  const agent = useAgent();

  const twoTurns = (): Promise<string> => colourThenFruit(agent);
  const messages = (): SessionEntry[] => branchMessages(agent.host());

  const labels = (file: string): Entry[] => (entriesOnDisk(file) as Entry[]).filter((entry) => entry.type === 'label');

  it('Set Label… writes a trimmed label entry naming the row; Remove Label clears it; the next request is unchanged', async () => {
    const file = await twoTurns();
    const [colour] = messages();
    assert.equal(await vscode.commands.executeCommand('arbor.tree.setLabel', { entry: { id: colour!.id } }, await own('  start here  ')), 'set');
    assert.equal(await vscode.commands.executeCommand('arbor.tree.removeLabel', colour!.id), 'cleared');
    const written = labels(file);
    assert.deepEqual(written.map((entry) => [entry.targetId, entry.label]), [[colour!.id, 'start here'], [colour!.id, undefined]]);
    assert.equal('label' in written[1]!, false);
    assert.equal(agent.host().session!.getLabel(colour!.id), undefined);
    agent.server().script(text('Blue.'));
    await send(agent.host(), 'And another colour');
    assert.deepEqual(requestMessages(agent.server()).map(wireText), ['Name a colour', 'Teal.', 'Name a fruit', 'A pear.', 'And another colour']);
  });

  it('Set Label labels the current entry, and again the same one when the position is on its label entry', async () => {
    const file = await twoTurns();
    const pear = messages()[3]!;
    assert.equal(await vscode.commands.executeCommand('arbor.setLabel', await own('first')), 'set');
    assert.equal(agent.host().session!.getEntry(agent.host().session!.leafId!)!.type, 'label');
    assert.equal(await vscode.commands.executeCommand('arbor.setLabel', await own('second')), 'set');
    assert.deepEqual(labels(file).map((entry) => [entry.targetId, entry.label]), [[pear.id, 'first'], [pear.id, 'second']]);
    assert.equal(agent.host().session!.getLabel(pear.id)?.label, 'second');
  });

  it('Fork into New Session on a reply opens a new session beside the old one, naming it in parentSession, holding the path to the reply', async () => {
    const source = await twoTurns();
    const teal = messages()[1]!;
    const forked = await vscode.commands.executeCommand<string>('arbor.tree.forkIntoNewSession', { entry: { id: teal.id } });
    assert.equal(path.dirname(forked), path.dirname(source));
    assert.notEqual(forked, source);
    assert.equal(agent.host().session!.file, forked);
    const header = JSON.parse(fs.readFileSync(forked, 'utf8').split('\n')[0]!) as { type: string; parentSession?: string };
    assert.equal(header.parentSession, source);
    const copied = entriesOnDisk(forked);
    assert.equal(copied.at(-1)!.id, teal.id);
    assert.equal(agent.host().session!.leafId, teal.id);
  });

  it('Fork into New Session on a user message forks before it and puts its text into the chat input', async () => {
    const source = await twoTurns();
    const [, teal, fruit] = messages();
    const recorded = (await arborTesting()).recordInputs();
    try {
      const forked = await vscode.commands.executeCommand<string>('arbor.tree.forkIntoNewSession', fruit!.id);
      assert.equal(entriesOnDisk(forked).at(-1)!.id, teal!.id);
      assert.equal(agent.host().session!.leafId, teal!.id);
      assert.deepEqual(recorded.texts, ['Name a fruit']);
      assert.equal(entriesOnDisk(source).length > entriesOnDisk(forked).length, true);
    } finally {
      recorded.dispose();
    }
  });

  it('Fork Session forks the whole branch at the position', async () => {
    const source = await twoTurns();
    const branch = agent.host().session!.getBranch().map((entry) => entry.id);
    const forked = await vscode.commands.executeCommand<string>('arbor.forkSession');
    assert.deepEqual(entriesOnDisk(forked).map((entry) => entry.id), branch);
    assert.equal((JSON.parse(fs.readFileSync(forked, 'utf8').split('\n')[0]!) as { parentSession?: string }).parentSession, source);
  });

  it('Compact up to Here summarizes up to the row and keeps what follows; Undo Compaction on its row brings the original context back', async () => {
    const file = await twoTurns();
    const [, teal, fruit] = messages();
    agent.server().setHandler(() => text(SUMMARY));
    assert.equal(await vscode.commands.executeCommand('arbor.tree.compactUpToHere', { entry: { id: teal!.id } }, await own('')), true);
    const compaction = (entriesOnDisk(file) as Entry[]).find((entry) => entry.type === 'compaction')!;
    assert.equal(compaction.firstKeptEntryId, fruit!.id);
    const summaryRequest = requestMessages(agent.server()).map(wireText).join('\n');
    assert.match(summaryRequest, /Name a colour/);
    assert.doesNotMatch(summaryRequest, /Name a fruit/);

    agent.server().setHandler(() => text('ok'));
    await send(agent.host(), 'After the compaction');
    const compacted = requestMessages(agent.server()).map(wireText);
    assert.match(compacted[0]!, /Summary marker: colours and fruit\./);
    assert.deepEqual(compacted.slice(1), ['Name a fruit', 'A pear.', 'After the compaction']);

    assert.equal(await vscode.commands.executeCommand('arbor.tree.undoCompaction', { entry: { id: compaction.id } }), true);
    assert.equal(agent.host().session!.leafId, compaction.parentId);
    assert.ok(agent.host().session!.getEntry(compaction.id), 'the compaction stays in the tree');
    await send(agent.host(), 'Without the summary');
    assert.deepEqual(requestMessages(agent.server()).map(wireText), ['Name a colour', 'Teal.', 'Name a fruit', 'A pear.', 'Without the summary']);
  });

  it('Compact up to Here on the last entry compacts nothing and asks the model nothing', async () => {
    const file = await twoTurns();
    const requests = agent.server().messageRequests().length;
    assert.equal(await vscode.commands.executeCommand('arbor.tree.compactUpToHere', agent.host().session!.leafId, await own('')), false);
    assert.equal((entriesOnDisk(file) as Entry[]).some((entry) => entry.type === 'compaction'), false);
    assert.equal(agent.server().messageRequests().length, requests);
  });

  it('Show in Session File opens the file with the entry\'s line selected', async () => {
    const file = await twoTurns();
    const fruit = messages()[2]!;
    const line = await vscode.commands.executeCommand<number>('arbor.tree.showInFile', fruit.id);
    const expected = fs.readFileSync(file, 'utf8').split('\n').findIndex((text) => text.includes(`"id":"${fruit.id}"`));
    assert.equal(line, expected);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.uri.fsPath, file);
    assert.equal(editor.selection.start.line, expected);
    assert.equal(editor.document.getText(editor.selection), fs.readFileSync(file, 'utf8').split('\n')[expected]);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
