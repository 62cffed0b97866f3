// Export Session…: the current branch as Markdown, standalone HTML or a pi session (JSONL) of the
// path only, rendered by core (as `arbor export`), saved where the user says. Arbor's own callers
// pass `{ format, file }` sealed and get no dialog (tests: `commandArgument({ format: 'md', file })`
// of the extension's API); from a command link the argument is ignored and the dialogs ask.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXPORT_FORMATS, renderBranch, type ExportFormat } from '../../core/export';
import { exportFileName } from '../../core/export/fileName';
import { openSessionTitle } from '../../core/sessionList/row';
import { plainText } from '../../core/util/plainText';
import { seal } from '../../core/util/sealedArgument';
import { replaceFile } from '../../core/util/safeFiles';
import type { CommandDeps } from './deps';
import { showFailure } from './notify';
import { ownArgument } from './ownArgument';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';

export interface ExportArgs {
  format?: ExportFormat;
  /** The file to write (a path or Uri); given, no save dialog is shown. */
  file?: string | vscode.Uri;
}

const FORMATS: Record<ExportFormat, { label: string; detail: string; filter: string }> = {
  md: { label: 'Markdown', detail: 'The conversation as readable text', filter: 'Markdown' },
  html: { label: 'HTML', detail: 'A standalone, styled page (no scripts)', filter: 'HTML' },
  jsonl: { label: 'JSONL (pi session)', detail: 'A session holding this branch only, which pi and Arbor open', filter: 'Session files' },
};

export function exportCommand(deps: CommandDeps) {
  return { exportSession: (arg?: unknown) => exportSession(deps, (ownArgument(deps.log, COMMAND.exportSession, arg) ?? {}) as ExportArgs) } satisfies SomeCommands;
}

/** Resolves with the written file's path, or undefined when nothing was written. */
async function exportSession(deps: CommandDeps, args: ExportArgs): Promise<string | undefined> {
  const session = deps.current.session;
  if (!session) {
    void vscode.window.showInformationMessage('No session is open to export.');
    return undefined;
  }
  const format = args.format && EXPORT_FORMATS.includes(args.format) ? args.format : await pickFormat();
  if (!format) return undefined;
  const title = openSessionTitle(session.sessionName, session.entries);
  const target = args.file !== undefined ? toUri(args.file) : await askTarget(format, exportFileName(title, format));
  if (!target) return undefined;
  try {
    const text = renderBranch(format, session.header, session.tree, session.getBranch(), new Date());
    await writeExport(target, text);
    deps.log.info(`Exported the current branch of session ${session.id} as ${format} to ${target.fsPath}`);
  } catch (error) {
    showFailure(deps.log, 'Exporting the session', error);
    return undefined;
  }
  offerToOpen(format, target);
  return target.fsPath;
}

const OPEN_FILE = 'Open File';
const OPEN_AS_SESSION = 'Open as Session';

/** The written file in an editor; an exported session can also be opened as a session, as pi would. */
function offerToOpen(format: ExportFormat, target: vscode.Uri): void {
  const actions = format === 'jsonl' ? [OPEN_AS_SESSION, OPEN_FILE] : [OPEN_FILE];
  void vscode.window.showInformationMessage(`Exported the current branch to ${plainText(path.basename(target.fsPath))}.`, ...actions).then((picked) => {
    if (picked === OPEN_FILE) void vscode.window.showTextDocument(target, { preview: false });
    if (picked === OPEN_AS_SESSION) void vscode.commands.executeCommand(COMMAND.openSession, seal(target.fsPath));
  });
}

async function pickFormat(): Promise<ExportFormat | undefined> {
  const picked = await vscode.window.showQuickPick(
    EXPORT_FORMATS.map((format) => ({ format, label: FORMATS[format].label, detail: FORMATS[format].detail })),
    { title: 'Export Session: format', placeHolder: 'Export the current branch as…' },
  );
  return picked?.format;
}

async function askTarget(format: ExportFormat, fileName: string): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
    filters: { [FORMATS[format].filter]: [format] },
    saveLabel: 'Export',
    title: `Export Session as ${FORMATS[format].label}`,
  });
}

/** A local file is replaced by rename (a link at the name is never written through); other schemes go through their provider. */
async function writeExport(target: vscode.Uri, text: string): Promise<void> {
  if (target.scheme === 'file') await replaceFile(target.fsPath, text);
  else await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
}

function toUri(file: string | vscode.Uri): vscode.Uri {
  return typeof file === 'string' ? vscode.Uri.file(file) : file;
}
