// The Session Tree's row actions (their palette versions too): Fork into New Session / Fork
// Session, Copy Text, Compact up to Here, Undo Compaction on a compaction row, Show in Session
// File. Labels are in labelCommands.ts. Every row command takes the row's element or an entry id.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { compactUpToProblem } from '../../core/compaction';
import { entryCopyText, findEntryLine, messageRole, type Session, type SessionEntry } from '../../core/session';
import { plainText } from '../../core/util/plainText';
import { move } from '../agent/moves';
import { askFocus, compactWithProgress, moveBeforeCompaction } from './compactionCommands';
import type { CommandDeps } from './deps';
import { entryIdOf } from './entryArg';
import { labelCommands } from './labelCommands';
import { pinCommands } from './pinCommands';
import { summarizedDocumentCommand } from './summarizedDocument';
import { nothingToCompactText } from '../errors';
import { showFailure } from './notify';
import { ownString } from './ownArgument';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';

export function entryCommands(deps: CommandDeps) {
  const summarized = summarizedDocumentCommand(deps);
  const commands = {
    ...labelCommands(deps),
    ...pinCommands(deps),
    ...summarized.commands,
    treeForkIntoNewSession: (arg: unknown) => forkRow(deps, arg),
    forkSession: () => forkAtPosition(deps),
    treeCopyText: (arg: unknown) => copyText(deps, arg),
    // Focus instructions given by Arbor's own callers (sealed: automation, tests) skip the input box; '' means none.
    treeCompactUpToHere: (arg: unknown, focus?: unknown) => compactUpToHere(deps, arg, ownString(deps.log, COMMAND.treeCompactUpToHere, focus)),
    treeUndoCompaction: (arg: unknown) => undoCompactionRow(deps, arg),
    treeShowInFile: (arg: unknown) => showInFile(deps, arg),
  } satisfies SomeCommands;
  return { commands, disposables: summarized.disposables };
}

/** The current session and the entry a command was given, or undefined after telling the user why not. */
function targetOf(deps: CommandDeps, arg: unknown): { session: Session; entry: SessionEntry } | undefined {
  const session = deps.current.session;
  const id = entryIdOf(arg);
  const entry = id ? session?.getEntry(id) : undefined;
  if (session && entry) return { session, entry };
  deps.log.warn(`A Session Tree action found no entry: ${id === undefined ? 'no entry id in its argument' : `no entry ${id} in the current session`}`);
  void vscode.window.showInformationMessage(session ? 'That entry is not in the current session.' : 'No session is open.');
  return undefined;
}

// ---- forks ---------------------------------------------------------------------------------------

/**
 * A user message forks *before* itself, its text going into the chat's input (pi's /fork): the
 * same as clicking that row, where a user message is a thing to edit and resend, not a place to
 * continue from. Any other entry forks *at* itself (pi's /clone): the new session continues after it.
 */
async function forkRow(deps: CommandDeps, arg: unknown): Promise<string | undefined> {
  const target = targetOf(deps, arg);
  if (!target) return undefined;
  return fork(deps, target.session, target.entry.id, messageRole(target.entry) === 'user' ? 'before' : 'at');
}

/** "Arbor: Fork Session": the whole current branch, at the position. */
async function forkAtPosition(deps: CommandDeps): Promise<string | undefined> {
  const session = deps.current.session;
  if (!session?.leafId) {
    void vscode.window.showInformationMessage(session ? 'Nothing to fork yet: the session has no entries at this position.' : 'No session is open.');
    return undefined;
  }
  return fork(deps, session, session.leafId, 'at');
}

/**
 * Writes the fork beside the source file (header `parentSession`), opens it; resolves with its path.
 * A fork at another point than the position is a move for the files: their question comes first
 * (Escape forks nothing), and the restore is recorded in the fork.
 */
async function fork(deps: CommandDeps, source: Session, entryId: string, position: 'before' | 'at'): Promise<string | undefined> {
  const file = source.file;
  if (!file) {
    void vscode.window.showInformationMessage('This session has no file to fork from.');
    return undefined;
  }
  const moved = await move(deps, source, { kind: 'fork', entryId, position }, 'Fork');
  return moved.forkFile;
}

// ---- copy, compaction, file ---------------------------------------------------------------------

/** Resolves with the copied text (undefined when there was nothing to copy). */
async function copyText(deps: CommandDeps, arg: unknown): Promise<string | undefined> {
  const target = targetOf(deps, arg);
  if (!target) return undefined;
  const text = entryCopyText(target.entry);
  if (text === '') {
    void vscode.window.showInformationMessage('This entry has no text to copy.');
    return undefined;
  }
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage('$(copy) Arbor: copied the entry\'s text', 3000);
  return text;
}

/** Summarizes the current branch up to and including the entry; what follows it stays verbatim. */
async function compactUpToHere(deps: CommandDeps, arg: unknown, given: string | undefined): Promise<boolean> {
  const target = targetOf(deps, arg);
  if (!target) return false;
  deps.log.debug(`Compact up to entry ${target.entry.id}`);
  const problem = compactUpToProblem(target.session.getBranch(), target.entry.id);
  if (problem) {
    void vscode.window.showInformationMessage(nothingToCompactText(problem));
    return false;
  }
  const focus = given ?? (await askFocus('Compact up to Here'));
  if (focus === undefined) return false;
  return compactWithProgress(deps, focus, { upToEntryId: target.entry.id });
}

/** On a compaction row: back to the entry before it, as Undo Compaction does for the last one. */
async function undoCompactionRow(deps: CommandDeps, arg: unknown): Promise<boolean> {
  const target = targetOf(deps, arg);
  if (!target) return false;
  if (target.entry.type !== 'compaction') {
    void vscode.window.showInformationMessage('That entry is not a compaction.');
    return false;
  }
  return moveBeforeCompaction(deps, target.entry, true);
}

/** Opens the session file with the entry's line selected; resolves with that 0-based line. */
async function showInFile(deps: CommandDeps, arg: unknown): Promise<number | undefined> {
  const target = targetOf(deps, arg);
  const file = target?.session.file;
  if (!target || !file) return undefined;
  try {
    await target.session.flush(); // its line is on disk
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const found = findEntryLine(document.getText(), target.entry.id);
    if (!found) {
      deps.log.warn(`Show in Session File: entry ${target.entry.id} was not found in ${file}`);
      void vscode.window.showWarningMessage(`That entry was not found in ${plainText(path.basename(file))}.`);
      return undefined;
    }
    const range = new vscode.Range(found.line, 0, found.line, found.length);
    const editor = await vscode.window.showTextDocument(document, { selection: range, preview: true });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenter);
    return found.line;
  } catch (error) {
    showFailure(deps.log, 'Show in Session File', error);
    return undefined;
  }
}
