// Context files that lead out of the workspace, in the real extension host through the agent, at
// the fake Anthropic server: a CLAUDE.md or .pi/APPEND_SYSTEM.md linked to the user's secrets sends
// nothing of them and the chat's list shows each as not read with where it leads; a link that
// stays inside the workspace is read and listed with where the file really is; a file that leads
// outside is read once the user answers the question with "Read", and not after "Don't read it".
// The home folder is the run's folder (the launcher sets it), which holds the workspace.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ArborTesting } from '../../src/vscode/testing';
import { text } from '../support/fakeAnthropic';
import { send, useAgent } from './agentSupport';
import { arborLog, arborTesting, until, usePlantedFiles, workspaceFile } from './support';

async function project(): Promise<ArborTesting['project']> {
  return (await arborTesting()).project;
}

describe('Context files outside the workspace', () => {
  const agent = useAgent();
  const { plant, removeAfter } = usePlantedFiles();
  // After the planted files are gone: the chat's list forgets them, and no question stays open.
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await (await project()).refresh();
  });
  const requestText = (): string => JSON.stringify(agent.server().messageRequests().at(-1)!.body);
  /** A folder of the user's own, outside the workspace (in the home folder), removed after the test. */
  const secretsFolder = (): string => {
    const folder = path.join(os.homedir(), `secrets-${randomBytes(4).toString('hex')}`);
    removeAfter(folder);
    return folder;
  };
  const link = (target: string, at: string): void => {
    const folder = path.dirname(at);
    if (!fs.existsSync(folder)) {
      fs.mkdirSync(folder, { recursive: true });
      removeAfter(folder);
    }
    fs.symlinkSync(target, at);
    removeAfter(at);
  };
  const listed = async (): Promise<{ label: string; target: string | undefined; skipped: string | undefined }[]> => {
    const info = await project();
    await info.refresh();
    return info.state!.files.filter((file) => file.scope === 'project').map((file) => ({ label: file.label, target: file.targetLabel, skipped: file.skipped?.reason }));
  };

  it('sends nothing of a CLAUDE.md or .pi/APPEND_SYSTEM.md that links out of the workspace, and the chat lists each as not read, with where it leads', async () => {
    const secrets = secretsFolder();
    plant(path.join(secrets, 'id_ed25519'), '-----BEGIN OPENSSH PRIVATE KEY-----\nPRIVATE-KEY-MATERIAL\n');
    plant(path.join(secrets, 'credentials'), '[default]\naws_secret_access_key = SECRET-VALUE\n');
    link(path.relative(path.dirname(workspaceFile('CLAUDE.md')), path.join(secrets, 'id_ed25519')), workspaceFile('CLAUDE.md'));
    link(path.join(secrets, 'credentials'), workspaceFile('.pi/APPEND_SYSTEM.md'));
    agent.server().script(text('One.'));
    await send(agent.host(), 'hello');
    assert.doesNotMatch(requestText(), /PRIVATE KEY|PRIVATE-KEY-MATERIAL|aws_secret|SECRET-VALUE/);
    const home = `~${path.sep}${path.basename(secrets)}`;
    assert.deepEqual(await listed(), [
      { label: path.join('.pi', 'APPEND_SYSTEM.md'), target: path.join(home, 'credentials'), skipped: 'outside' },
      { label: 'CLAUDE.md', target: path.join(home, 'id_ed25519'), skipped: 'outside' },
    ]);
  });

  it('reads a link that stays inside the workspace, and the chat lists where the file really is', async () => {
    const folder = `docs-${randomBytes(4).toString('hex')}`;
    plant(workspaceFile(`${folder}/claude.md`), 'Rules from the docs folder.\n');
    removeAfter(workspaceFile(folder));
    link(`${folder}/claude.md`, workspaceFile('CLAUDE.md'));
    agent.server().script(text('One.'));
    await send(agent.host(), 'hello');
    assert.match(requestText(), /Rules from the docs folder\./);
    assert.deepEqual(await listed(), [{ label: 'CLAUDE.md', target: path.join(folder, 'claude.md'), skipped: undefined }]);
  });

  it('reads a file that leads outside from the next request once the user answers "Read" to the question, and not after "Don\'t read it"', async () => {
    const notes = path.join(secretsFolder(), 'claude.md');
    plant(notes, 'NOTES-THE-USER-ALLOWED\n');
    link(notes, workspaceFile('CLAUDE.md'));
    assert.deepEqual((await listed()).map((file) => file.skipped), ['outside']);

    assert.equal(await answer(workspaceFile('CLAUDE.md'), 'declined'), 'declined');
    agent.server().script(text('One.'), text('Two.'));
    await send(agent.host(), 'after declining');
    assert.doesNotMatch(requestText(), /NOTES-THE-USER-ALLOWED/);

    assert.equal(await answer(workspaceFile('CLAUDE.md'), 'allowed'), 'allowed');
    await send(agent.host(), 'after allowing');
    assert.match(requestText(), /NOTES-THE-USER-ALLOWED/);
    assert.deepEqual(await listed(), [{ label: 'CLAUDE.md', target: `~${path.sep}${path.relative(os.homedir(), notes)}`, skipped: undefined }]);
  });
});

/**
 * Runs "Allow a Context File Outside the Workspace…" for `file` and answers its quick pick ("Don't
 * read it" is the first item, "Read …" the second) with the workbench's own commands, once the pick
 * has been asked for (Arbor logs it) and has had time to draw its items: a pick that shows before
 * its items takes no move down, and accepting it then answers the first item. Should that still
 * happen, the question is asked again (a "Don't" is not remembered across questions).
 */
async function answer(file: string, wanted: 'declined' | 'allowed'): Promise<unknown> {
  const asked = (): number => arborLog().split('Asking whether to read').length - 1;
  let answered: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = asked();
    let settled = false;
    const question = Promise.resolve(vscode.commands.executeCommand('arbor.allowContextFile', file)).then((result) => {
      settled = true;
      answered = result;
    });
    await until('the question to be asked', () => asked() > before);
    while (!settled) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if (wanted === 'allowed') await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    await question;
    if (answered === wanted) return answered;
  }
  return answered;
}
