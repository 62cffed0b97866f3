// The question before a project's MCP server first starts: a notification, then (on Review…) a modal naming the server and its file,
// showing exactly what it would run (the command line or the URL) as plain text. "Allow" is
// remembered in the extension's global state for that workspace folder, that server and that
// transport (a changed command asks again); a refusal holds for this window, and the servers list
// can ask again. Workspace settings play no part: nothing a repository writes can answer for the user.
import * as vscode from 'vscode';
import { describeTransport, projectServerKey } from '../../core/mcp/config';
import type { McpServerSpec } from '../../core/mcp/types';
import { plainText } from '../../core/util/plainText';
import { visibleText } from '../../core/util/visibleText';

const ALLOW = 'Allow and Start';
const REVIEW = 'Review…';

export class ProjectServerPermissions {
  /** Servers refused in this window, by name (asked again only from the servers list). */
  private readonly refused = new Set<string>();
  /** Questions on screen, by key: a reload while one is open does not ask twice. */
  private readonly asking = new Map<string, Promise<boolean>>();

  constructor(private readonly state: vscode.Memento) {}

  allowed(folder: string, spec: McpServerSpec): boolean {
    return this.state.get<unknown>(projectServerKey(folder, spec)) === true;
  }

  forgetRefusal(name: string): void {
    this.refused.delete(name);
  }

  /**
   * Asks the user (unless refused in this window already); true when allowed. `chosen`: the user
   * asked for this question (Allow and start… in the servers list), so the modal comes at once.
   */
  ask(folder: string, spec: McpServerSpec, chosen = false): Promise<boolean> {
    if (this.refused.has(spec.name)) return Promise.resolve(false);
    const key = projectServerKey(folder, spec);
    const open = this.asking.get(key);
    if (open) return open;
    const question = (async () => {
      // First a notification: the files are read in the background (a watcher, a session opening),
      // and a modal out of nowhere would take the keyboard from whatever the user is doing.
      const review = chosen ? REVIEW : await vscode.window.showInformationMessage(plainText(`Arbor: this project defines the MCP server "${spec.name}". It starts only once you allow it.`), REVIEW);
      const detail = [`Defined in ${spec.file}.`, '', visibleText(describeTransport(spec.transport)), '', 'It runs with your permissions. Allow it only if you trust this project.'].join('\n');
      const answer = review === REVIEW ? await vscode.window.showWarningMessage(plainText(`Arbor: start the project's MCP server "${spec.name}"?`), { modal: true, detail }, ALLOW) : undefined;
      if (answer !== ALLOW) {
        this.refused.add(spec.name);
        return false;
      }
      await this.state.update(key, true);
      return true;
    })().finally(() => this.asking.delete(key));
    this.asking.set(key, question);
    return question;
  }
}
