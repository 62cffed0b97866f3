// "Arbor: MCP Servers", as pi's `/mcp`: every configured server with its state, the file that
// defines it, its tool count, its exposure and its last error (with the tail of its stderr), then
// what can be done with the one picked: reconnect, enable or disable, change its exposure (written
// into the entry of the file that defines it), open its configuration file.
import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { MCP_EXPOSURES, McpEntryWriteError, withEntryField, type McpEntryField } from '../../core/mcp/config';
import type { McpServerSpec } from '../../core/mcp/types';
import { serverLine } from '../../core/mcp/connections/statusView';
import type { McpServerStatus } from '../../core/mcp/connections/serverConnection';
import { errorMessage } from '../../core/util/errors';
import type { Logger } from '../../core/util/logger';
import { plainText } from '../../core/util/plainText';
import type { McpService } from './mcpService';

interface ServerItem extends vscode.QuickPickItem {
  spec?: McpServerSpec;
  status?: McpServerStatus;
  waiting?: boolean;
  file?: string;
}

type Action = 'reconnect' | 'toggle' | 'exposure' | 'open' | 'ask' | 'stderr';

interface ActionItem extends vscode.QuickPickItem {
  action: Action;
}

export async function showMcpServers(service: McpService, log: Logger): Promise<void> {
  const off = service.whyOff();
  if (off !== undefined) {
    void vscode.window.showInformationMessage(off);
    return;
  }
  service.start();
  const picked = await vscode.window.showQuickPick(serverItems(service), { title: 'Arbor: MCP Servers', matchOnDescription: true, matchOnDetail: true, placeHolder: 'Pick a server to reconnect, enable or disable it, or change its exposure' });
  if (!picked) return;
  if (picked.file !== undefined) return openFile(picked.file, undefined);
  const spec = picked.spec!;
  const action = await vscode.window.showQuickPick(actionItems(spec, picked.status, picked.waiting === true), { title: plainText(`MCP server ${spec.name}`) });
  if (!action) return;
  switch (action.action) {
    case 'reconnect':
      return service.reconnect(spec.name);
    case 'ask':
      return service.askAgain(spec.name);
    case 'toggle':
      return writeField(spec, 'enabled', !spec.enabled, log);
    case 'exposure': {
      const exposure = await vscode.window.showQuickPick(
        MCP_EXPOSURES.map((value) => ({ label: value, description: value === spec.exposure ? 'current' : '' })),
        { title: plainText(`Exposure of ${spec.name}'s tools`) },
      );
      if (exposure && exposure.label !== spec.exposure) await writeField(spec, 'exposure', exposure.label, log);
      return;
    }
    case 'stderr':
      return showFailure(picked.status!);
    case 'open':
      return openFile(spec.file, spec.name);
  }
}

function serverItems(service: McpService): ServerItem[] {
  const servers: ServerItem[] = service.statuses().map((status) => ({ ...line(status, false), spec: status.spec, status }));
  const waiting: ServerItem[] = service.waiting().map((spec) => ({ ...line({ name: spec.name, spec, state: 'stopped', stderrTail: [], tools: [], hasResources: false }, true), spec, waiting: true }));
  const files = service.files();
  const openers: ServerItem[] = [files.userFile, ...(files.projectFile ? [files.projectFile] : [])].map((file) => ({ label: '$(go-to-file) Open configuration file', description: plainText(file), file }));
  return [...servers, ...waiting, { label: '', kind: vscode.QuickPickItemKind.Separator }, ...openers];
}

function line(status: McpServerStatus, waiting: boolean): vscode.QuickPickItem {
  const { name, description, detail } = serverLine(status, waiting);
  return { label: plainText(name), description: plainText(description), detail: plainText(detail.replace(/\n/g, ' | '), 2000) };
}

function actionItems(spec: McpServerSpec, status: McpServerStatus | undefined, waiting: boolean): ActionItem[] {
  return [
    ...(waiting ? [{ action: 'ask' as const, label: 'Allow and start…', description: 'asks with the command line or URL it runs' }] : []),
    ...(status && spec.enabled ? [{ action: 'reconnect' as const, label: 'Reconnect' }] : []),
    ...(status?.error !== undefined ? [{ action: 'stderr' as const, label: 'Show the error and stderr' }] : []),
    { action: 'toggle', label: spec.enabled ? 'Disable' : 'Enable', description: plainText(`writes "enabled" in ${spec.file}`) },
    { action: 'exposure', label: 'Change exposure…', description: `now ${spec.exposure}` },
    { action: 'open', label: 'Open configuration file', description: plainText(spec.file) },
  ];
}

/** Sets the field in the entry of the file that defines the server (the watcher applies it); when it cannot, opens the file there. */
async function writeField(spec: McpServerSpec, field: McpEntryField, value: boolean | string, log: Logger): Promise<void> {
  try {
    const text = await fs.readFile(spec.file, 'utf8');
    await fs.writeFile(spec.file, withEntryField(text, spec.name, field, value));
    log.info(`MCP: set ${field} of server "${spec.name}" in ${spec.file}`);
  } catch (error) {
    const reason = error instanceof McpEntryWriteError ? error.message : errorMessage(error);
    log.warn(`MCP: could not set ${field} of server "${spec.name}" in ${spec.file}: ${reason}`);
    void vscode.window.showWarningMessage(plainText(`Arbor could not change ${spec.file} (${reason}); it is open at the server's entry: set "${field}" there.`));
    await openFile(spec.file, spec.name);
  }
}

/** Opens the file, at the server's entry when there is one. */
async function openFile(file: string, server: string | undefined): Promise<void> {
  const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
  if (server === undefined) return;
  const offset = editor.document.getText().indexOf(JSON.stringify(server));
  if (offset < 0) return;
  const position = editor.document.positionAt(offset);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenter);
}

/** A failed server's error and the last lines of its stderr, in a plain-text document. */
async function showFailure(status: McpServerStatus): Promise<void> {
  const content = [`MCP server "${status.name}" (${status.state})`, '', `Error: ${status.error ?? ''}`, '', 'Last lines of its stderr:', ...status.stderrTail].join('\n');
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content, language: 'plaintext' }));
}
