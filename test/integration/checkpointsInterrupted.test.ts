// A restore of the workspace's files interrupted earlier (its journal left in the store, its
// process gone): a move that would restore other files is refused without changing any file, and
// Undo Restore is offered (the offer is logged; the notification's button is for a person).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { filesEntryData, RESTORE_JOURNAL, storeFolderFor } from '../../src/core/checkpoints';
import { xdgHome } from '../../src/core/util/xdg';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { branchMessages, configure, send, useAgent } from './agentSupport';
import { escapeRegExp, waitForLog, workspaceFile } from './support';

/** A process id no process has any more: a child that ran and exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8', env: { ELECTRON_RUN_AS_NODE: '1' } }).stdout);
}

describe('Workspace checkpoints: a restore interrupted earlier', () => {
  const agent = useAgent();
  const name = `interrupted-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`;
  let journal: string | undefined;

  beforeEach(async () => {
    await configure({ 'tools.autoApprove': ['write', 'edit', 'bash'], branchSummary: 'never', 'checkpoints.restore': 'always' });
  });
  afterEach(() => {
    fs.rmSync(workspaceFile(name), { force: true });
    if (journal) fs.rmSync(journal, { force: true });
  });

  it('refuses the restore of a move while it is neither undone nor finished, changes no file, and offers Undo Restore', async () => {
    agent.server().script(reply(toolUse('write', { path: name, content: 'one\n' })), text('Wrote one.'), reply(toolUse('write', { path: name, content: 'two\n' })), text('Wrote two.'));
    await send(agent.host(), 'write one');
    const wroteOne = branchMessages(agent.host()).find((entry) => JSON.stringify(entry).includes('Wrote one.'))!;
    await send(agent.host(), 'write two');
    const session = agent.host().session!;
    const records = session.getBranch().map(filesEntryData).filter((data) => data !== undefined);
    const start = records[0]!.before;
    const last = records[records.length - 1]!.after;

    const folder = storeFolderFor(xdgHome(process.env, 'XDG_STATE_HOME', os.homedir()), fs.realpathSync(path.dirname(workspaceFile(name))));
    journal = path.join(folder, RESTORE_JOURNAL);
    fs.writeFileSync(journal, JSON.stringify({ v: 1, session: session.id, to: start, undo: last, pid: deadPid(), startedAt: '2026-03-01T12:00:00.000Z' }));

    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', wroteOne.id), 'moved');
    assert.equal(fs.readFileSync(workspaceFile(name), 'utf8'), 'two\n', 'no file changed');
    const log = await waitForLog(new RegExp(`a restore is interrupted \\(journal of 2026-03-01T12:00:00\\.000Z, undo state ${escapeRegExp(last)}\\)`));
    assert.match(log, new RegExp(`a restore is interrupted \\(journal of 2026-03-01T12:00:00\\.000Z, undo state ${escapeRegExp(last)}\\)`));
    assert.ok(fs.existsSync(journal), 'the journal stays until the restore is undone or finished');
  });
});
