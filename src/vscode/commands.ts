// Command handlers, one function each; the logic they call lives in the engine.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { expandHome, projectSessionDir } from '../core/session';
import type { CurrentSession } from './currentSession';
import { reportError } from './errors';

export interface CommandDeps {
  current: CurrentSession;
  log: vscode.LogOutputChannel;
}

/** Registers every `arbor.*` command; the manifest's `contributes.commands` lists exactly these. */
export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('arbor.showLog', () => deps.log.show(true)),
    vscode.commands.registerCommand('arbor.openSession', (target?: vscode.Uri | string) => openSession(deps, target)),
  ];
}

/** Opens a session file: the one given (a Uri or path, as tests and other commands pass), or one the user picks. */
async function openSession(deps: CommandDeps, target?: vscode.Uri | string): Promise<boolean> {
  const uri = target === undefined ? await pickSessionFile() : typeof target === 'string' ? vscode.Uri.file(target) : target;
  if (!uri) return false;
  try {
    await deps.current.open(uri.fsPath);
    return true;
  } catch (error) {
    void vscode.window.showErrorMessage(`Arbor could not open the session. ${reportError(deps.log, `Opening ${uri.fsPath} failed`, error)}`);
    return false;
  }
}

async function pickSessionFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    defaultUri: await sessionsFolder(),
    canSelectMany: false,
    openLabel: 'Open Session',
    title: 'Open an Arbor or pi session file',
    filters: { 'Session files': ['jsonl'], 'All files': ['*'] },
  });
  return picked?.[0];
}

/**
 * Where the picker starts: the `arbor.sessionsDirectory` setting, and inside it this workspace's
 * own folder (pi's `--<cwd>--` layout) when there is one.
 */
async function sessionsFolder(): Promise<vscode.Uri | undefined> {
  const configured = vscode.workspace.getConfiguration('arbor').get<string>('sessionsDirectory', '').trim();
  if (configured === '') return undefined;
  const root = expandHome(configured, os.homedir());
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  for (const candidate of cwd ? [projectSessionDir(root, cwd), root] : [root]) {
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
