// New Session, Open Session…, Open Session File: which session is current.
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { plainText } from '../../core/util/plainText';
import { reportError } from '../errors';
import type { CommandDeps } from './deps';
import { ownArgument } from './ownArgument';

export function registerSessionCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('arbor.newSession', () => deps.host.newSession()),
    // A file given by Arbor's own callers (sealed: the Sessions view, Export's "Open as Session", tests) opens without the dialog.
    vscode.commands.registerCommand('arbor.openSession', (arg?: unknown) => openSession(deps, ownArgument(deps.log, 'arbor.openSession', arg))),
    vscode.commands.registerCommand('arbor.openSessionFile', () => openSessionFile(deps)),
  ];
}

/** Opens a session file: the one given (a Uri or path, as tests and other commands pass), or one the user picks. */
async function openSession(deps: CommandDeps, target: unknown): Promise<boolean> {
  const uri = typeof target === 'string' ? vscode.Uri.file(target) : target instanceof vscode.Uri ? target : await pickSessionFile(deps);
  if (!uri) return false;
  try {
    await deps.current.open(uri.fsPath);
    return true;
  } catch (error) {
    void vscode.window.showErrorMessage(`Arbor could not open the session. ${plainText(reportError(deps.log, `Opening ${uri.fsPath} failed`, error))}`);
    return false;
  }
}

/** Shows the current session's JSONL in an editor. */
async function openSessionFile(deps: CommandDeps): Promise<void> {
  const file = deps.current.session?.file;
  if (!file) {
    void vscode.window.showInformationMessage('No session file is open: send a prompt or open a session first.');
    return;
  }
  await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false });
}

async function pickSessionFile(deps: CommandDeps): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    defaultUri: await startFolder(deps),
    canSelectMany: false,
    openLabel: 'Open Session',
    title: 'Open an Arbor or pi session file',
    filters: { 'Session files': ['jsonl'], 'All files': ['*'] },
  });
  return picked?.[0];
}

/** Where the picker starts: this workspace's sessions folder (as new sessions go), else its root. */
async function startFolder(deps: CommandDeps): Promise<vscode.Uri | undefined> {
  const { dir, root } = deps.host.sessionsFolder();
  for (const candidate of [dir, root]) {
    if (await isFolder(candidate)) return vscode.Uri.file(candidate);
  }
  return undefined;
}

async function isFolder(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
