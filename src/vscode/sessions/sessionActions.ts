// The Sessions view's commands: open, open the file, rename (a `session_info` entry appended to
// that file, so pi shows the same name), delete (to the trash, confirmed), refresh; and Rename
// Session… for the open session. Each resolves with whether it did its work (for tests). The file
// comes from a row of the view, or from Arbor's own callers (sealed); what would skip a question
// (a new name, `confirmed`) only from the latter (see commands/ownArgument.ts).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { openSessionFile, summarizeSessionFile } from '../../core/session';
import { openSessionTitle, sessionTitle } from '../../core/sessionList/row';
import { seal } from '../../core/util/sealedArgument';
import { plainText } from '../../core/util/plainText';
import { showFailure } from '../commands/notify';
import { ownArgument, ownString } from '../commands/ownArgument';
import type { SessionsDeps } from './deps';
import { sameFile, sessionFileOf } from './sessionArg';
import { trashFile } from './trashFile';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from '../commands/table';

export function sessionActions(deps: SessionsDeps) {
  return {
    sessionsRefresh: () => deps.view.refresh(),
    sessionsOpen: (arg: unknown) => openSession(deps, rowFile(deps, COMMAND.sessionsOpen, arg)),
    sessionsOpenFile: (arg: unknown) => showFile(rowFile(deps, COMMAND.sessionsOpenFile, arg)),
    sessionsRename: (arg: unknown, name?: unknown) =>
      renameSession(deps, rowFile(deps, COMMAND.sessionsRename, arg), ownString(deps.log, COMMAND.sessionsRename, name)),
    renameSession: (name?: unknown) => renameSession(deps, deps.current.session?.file, ownString(deps.log, COMMAND.renameSession, name)),
    sessionsDelete: (arg: unknown, options?: unknown) => {
      const confirmed = (ownArgument(deps.log, COMMAND.sessionsDelete, options) as { confirmed?: unknown } | undefined)?.confirmed === true;
      return deleteSession(deps, rowFile(deps, COMMAND.sessionsDelete, arg), confirmed);
    },
  } satisfies SomeCommands;
}

/** The session file a row command acts on: a row the view listed, or a path, Uri or row Arbor's own code sealed. */
function rowFile(deps: SessionsDeps, command: string, arg: unknown): string | undefined {
  if (deps.view.isRow(arg)) return arg.file;
  return sessionFileOf(ownArgument(deps.log, command, arg));
}

async function openSession(deps: SessionsDeps, file: string | undefined): Promise<boolean> {
  if (!file) return false;
  if (sameFile(deps.current.session?.file, file)) return true;
  return (await vscode.commands.executeCommand<boolean>(COMMAND.openSession, seal(file))) === true;
}

async function showFile(file: string | undefined): Promise<void> {
  if (file) await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false });
}

/** `name` given (automation) skips the input box; an empty name clears the name, as pi reads it. */
async function renameSession(deps: SessionsDeps, file: string | undefined, name?: string): Promise<boolean> {
  if (!file) {
    void vscode.window.showInformationMessage('No session is open to rename.');
    return false;
  }
  const open = sameFile(deps.current.session?.file, file) ? deps.current.session : undefined;
  try {
    const summary = open ? undefined : (deps.view.summaryOf(file) ?? (await summarizeSessionFile(file)));
    const oldName = open ? open.sessionName : summary?.name;
    const title = open ? openSessionTitle(open.sessionName, open.entries) : summary ? sessionTitle(summary) : path.basename(file);
    const newName = name ?? (await vscode.window.showInputBox({ title: 'Rename Session', prompt: `A new name for "${plainText(title)}" (empty: no name)`, value: oldName ?? title }));
    if (newName === undefined || newName.trim() === (oldName ?? '')) return false;
    if (open) {
      await open.appendSessionInfo(newName);
      await open.sync();
    } else {
      // Appended through the engine, as any entry: the file stays one pi reads.
      const { session } = await openSessionFile(file, { createIfMissing: false });
      await session.appendSessionInfo(newName);
      await session.sync();
    }
    deps.log.info(`Renamed session ${path.basename(file)}`);
    deps.view.refresh();
    return true;
  } catch (error) {
    showFailure(deps.log, 'Renaming the session', error);
    return false;
  }
}

/** `confirmed` (automation) skips the question. The open session is closed before its file goes. */
async function deleteSession(deps: SessionsDeps, file: string | undefined, confirmed: boolean): Promise<boolean> {
  if (!file) return false;
  const isOpen = sameFile(deps.current.session?.file, file);
  const summary = deps.view.summaryOf(file);
  const title = summary ? sessionTitle(summary) : path.basename(file);
  if (!confirmed) {
    const detail = `${plainText(path.basename(file))} goes to the trash${isOpen ? '; the session is closed first' : ''}.`;
    const answer = await vscode.window.showWarningMessage(`Delete the session "${plainText(title)}"?`, { modal: true, detail }, 'Move to Trash');
    if (answer !== 'Move to Trash') return false;
  }
  try {
    if (isOpen) await deps.host.newSession();
    const where = await trashFile(file, deps.log);
    deps.log.info(`Deleted session ${path.basename(file)} (moved to ${where})`);
    deps.view.refresh();
    deps.onDeleted?.();
    return true;
  } catch (error) {
    showFailure(deps.log, 'Deleting the session', error);
    return false;
  }
}
