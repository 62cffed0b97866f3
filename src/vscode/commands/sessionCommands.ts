// New Session, Open Session…, Open Session File: which session is current.
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { browseStartFolders } from '../../core/context';
import { sessionPickRow } from '../../core/sessionList/row';
import { errorMessage } from '../../core/util/errors';
import { sameFile } from '../sessions/sessionArg';
import type { CommandDeps } from './deps';
import { showFailure } from './notify';
import { ownArgument } from './ownArgument';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';

export function sessionCommands(deps: CommandDeps) {
  return {
    newSession: () => deps.host.newSession(),
    // A file given by Arbor's own callers (sealed: the Sessions view, Export's "Open as Session", tests) opens without the dialog.
    openSession: (arg?: unknown) => openSession(deps, ownArgument(deps.log, COMMAND.openSession, arg)),
    openSessionFile: () => openSessionFile(deps),
  } satisfies SomeCommands;
}

/** Opens a session file: the one given (a Uri or path, as tests and other commands pass), or one the user picks. */
async function openSession(deps: CommandDeps, target: unknown): Promise<boolean> {
  const uri = typeof target === 'string' ? vscode.Uri.file(target) : target instanceof vscode.Uri ? target : await pickSession(deps);
  if (!uri) return false;
  // The open session picked again: it stays as it is (reading it again would drop nothing but the chat's state).
  if (sameFile(deps.current.session?.file, uri.fsPath)) return true;
  try {
    await deps.current.open(uri.fsPath);
    return true;
  } catch (error) {
    showFailure(deps.log, 'Opening the session', error, `Opening ${uri.fsPath}`);
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

type SessionItem = vscode.QuickPickItem & { file?: string; browse?: true };

/** This workspace's sessions first (as the Sessions view lists them), then "Browse…" for any file. */
async function pickSession(deps: CommandDeps): Promise<vscode.Uri | undefined> {
  const now = new Date();
  const open = deps.current.session?.file;
  const sessions = await deps.listSessions().catch((error: unknown) => {
    deps.log.warn(`Open Session: could not list this workspace's sessions: ${errorMessage(error)}`);
    return [];
  });
  const items: SessionItem[] = [
    ...sessions.map((summary) => ({ ...sessionPickRow(summary, now, sameFile(open, summary.file)), file: summary.file })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: '$(folder-opened) Browse…', detail: 'Open any session file (Arbor or pi)', browse: true, alwaysShow: true },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Open Session',
    placeHolder: "Search this workspace's sessions by name or first message, or browse for a file",
    matchOnDetail: true,
  });
  if (picked?.browse) return pickSessionFile(deps);
  return picked?.file === undefined ? undefined : vscode.Uri.file(picked.file);
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

/** Where the picker starts: the sessions folder the user chose, else the workspace folder. */
async function startFolder(deps: CommandDeps): Promise<vscode.Uri | undefined> {
  const folder = deps.host.sessionsFolder();
  for (const candidate of browseStartFolders(folder, folder.cwd)) {
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
