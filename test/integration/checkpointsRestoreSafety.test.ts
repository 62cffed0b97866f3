// Restores a session file cannot steer, in the real extension host with real git and real files:
// - a record naming git's empty tree or a sub-folder's tree (ids git takes as a tree without this
//   store ever recording them) is refused, by a tree move and by Restore Files to Here, in plain
//   words, with no file removed or written;
// - when the session's own last state is unknown, the files changed since the store's latest
//   snapshot count as changed outside: "always" (the answer that keeps them) keeps the user's edit;
// - Undo Restore brings back the files as they were before the restore, also once the session's
//   own states are pruned away;
// - "always" still asks about a restore that removes a protected file (here a `.code-workspace`).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { stateAt, type FileCheckpointStore } from '../../src/core/checkpoints';
import { gitEnvironment } from '../../src/core/checkpoints/git';
import type { Session, SessionEntry } from '../../src/core/session';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { branchMessages, configure, send, useAgent } from './agentSupport';
import { escapeRegExp, escapingQuestions, waitForLog, workspaceFile } from './support';

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const REFUSAL = "The files recorded there are not in this workspace's checkpoint store (recorded in another folder or session, or no longer kept); no file was changed.";

/** Appends an `arbor.files` record naming `after` at the position, as a session file handed over could hold one. */
function plantRecord(session: Session, before: string, after: string): Promise<string> {
  return session.appendCustomEntry('arbor.files', { v: 1, before, after, changed: [], changedCount: 0, cause: 'tool' });
}

function read(name: string): string | undefined {
  return fs.existsSync(workspaceFile(name)) ? fs.readFileSync(workspaceFile(name), 'utf8') : undefined;
}

describe('Workspace checkpoints: restores a session file cannot steer', () => {
  const agent = useAgent();
  let names = { file: '', made: '', sub: '', workspace: '' };

  beforeEach(async () => {
    // Names of their own for each test: no state of one test is a state of the next.
    const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    names = { file: `restore-safety-${id}.txt`, made: `restore-made-${id}.txt`, sub: `restore-sub-${id}`, workspace: `restore-${id}.code-workspace` };
    await configure({ 'tools.autoApprove': ['write', 'edit', 'bash'], branchSummary: 'never', 'checkpoints.restore': 'always' });
  });
  afterEach(() => {
    for (const name of [names.file, names.made, names.sub, names.workspace]) fs.rmSync(workspaceFile(name), { recursive: true, force: true });
  });

  async function store(): Promise<FileCheckpointStore> {
    const found = await agent.host().workspaceCheckpoints?.current();
    if (!found) throw new Error('workspace checkpoints are off in the integration workspace');
    return found;
  }

  /** The file's contents now, for every name the tests use. */
  function files(): Record<string, string | undefined> {
    return Object.fromEntries([names.file, names.made, `${names.sub}/inner/notes.txt`, names.workspace].map((name) => [name, read(name)]));
  }

  /**
   * Turn one writes the file "one"; turn two (bash) makes it "two" and creates a second file; then
   * a record naming a state the store never held ends the branch (the session's state there is
   * unknown), and the user edits the file outside the agent. Resolves with turn one's reply.
   */
  async function unknownCurrentWithEdit(): Promise<SessionEntry> {
    agent.server().script(reply(toolUse('write', { path: names.file, content: 'one\n' })), text('Wrote one.'), reply(toolUse('bash', { command: `printf 'two\\n' > ${names.file} && printf 'made\\n' > ${names.made}` })), text('Wrote two.'));
    await send(agent.host(), 'write one');
    const wroteOne = branchMessages(agent.host()).find((entry) => JSON.stringify(entry).includes('Wrote one.'))!;
    await send(agent.host(), 'write two');
    const session = agent.host().session!;
    await plantRecord(session, stateAt(session, session.leafId)!, 'f'.repeat(40));
    fs.writeFileSync(workspaceFile(names.file), 'unsaved work of the user\n');
    return wroteOne;
  }

  it("refuses git's empty tree and a sub-folder's tree a session names (a move under \"always\", Restore Files to Here): no file removed or written, the plain message", async () => {
    agent.server().script(reply(toolUse('write', { path: `${names.sub}/inner/notes.txt`, content: 'notes\n' })), text('Wrote the notes.'));
    await send(agent.host(), 'write the notes');
    const session = agent.host().session!;
    const recorded = stateAt(session, session.leafId)!;
    const checkpoints = await store();
    const subTree = execFileSync('git', ['rev-parse', `${recorded}:${names.sub}`], { cwd: checkpoints.root, env: gitEnvironment({ program: 'git', gitDir: checkpoints.folder, workTree: checkpoints.root }), encoding: 'utf8' }).trim();
    const before = files();
    assert.equal(before[`${names.sub}/inner/notes.txt`], 'notes\n');
    const answered = session.leafId!;
    for (const target of [EMPTY_TREE, subTree]) {
      const planted = await plantRecord(session, recorded, target);
      assert.equal(await vscode.commands.executeCommand('arbor.tree.restoreFilesToHere', planted), REFUSAL, target);
      assert.deepEqual(files(), before, `Restore Files to Here ${target}`);
      assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', answered), 'moved');
      assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', planted), 'moved', 'the conversation moves');
      assert.deepEqual(files(), before, `a move to ${target}`);
      assert.match(await waitForLog(new RegExp(`${escapeRegExp(target)} is not a state this store recorded for session ${escapeRegExp(session.id)}; only the conversation moves`)), new RegExp(escapeRegExp(target)));
    }
  });

  it('keeps a file changed outside the agent when the session\'s own state is unknown ("always": the answer that keeps such edits)', async () => {
    const wroteOne = await unknownCurrentWithEdit();
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', wroteOne.id), 'moved');
    assert.deepEqual([read(names.file), read(names.made)], ['unsaved work of the user\n', undefined], 'the edit kept; the file made since removed');
  });

  it("undoes the restore with Undo Restore, exactly, after the session's own states were pruned away", async () => {
    const wroteOne = await unknownCurrentWithEdit();
    const session = agent.host().session!;
    const turnTwo = stateAt(session, session.tree.parentOf(session.leafId!))!;
    const turnOne = stateAt(session, wroteOne.id)!;
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', wroteOne.id), 'moved');
    assert.equal(read(names.made), undefined);
    const checkpoints = await store();
    await checkpoints.prune(new Set());
    assert.deepEqual([await checkpoints.hasState(turnOne), await checkpoints.hasState(turnTwo)], [false, false], "the session's states are gone");
    assert.equal(await vscode.commands.executeCommand('arbor.undoRestore'), 'Files restored: 1 changed.');
    assert.deepEqual([read(names.file), read(names.made)], ['unsaved work of the user\n', 'made\n']);
    assert.equal(session.leafId !== null && session.getEntry(session.leafId)?.type, 'custom', 'the conversation stays; the undo is recorded');
  });

  it('asks before a restore that removes a protected file even under "always" (Escape: nothing moves, no file changes)', async () => {
    agent.server().script(reply(toolUse('write', { path: names.file, content: 'one\n' })), text('Wrote one.'), reply(toolUse('write', { path: names.file, content: 'two\n' })), text('Wrote two.'));
    await send(agent.host(), 'write one');
    const wroteOne = branchMessages(agent.host()).find((entry) => JSON.stringify(entry).includes('Wrote one.'))!;
    fs.writeFileSync(workspaceFile(names.workspace), '{ "folders": [] }\n');
    await send(agent.host(), 'write two');
    const leaf = agent.host().session!.leafId;
    assert.equal(await escapingQuestions('arbor.tree.activate', wroteOne.id), 'cancelled');
    assert.equal(agent.host().session!.leafId, leaf);
    assert.deepEqual([read(names.file), read(names.workspace)], ['two\n', '{ "folders": [] }\n']);
  });
});
