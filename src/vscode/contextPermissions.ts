// The context files that lead outside what the rules allow (core/context/contextAccess.ts), and the
// user's say over them. Such a file is not read; the chat's list shows it as not read, a
// notification tells it once per window, and the question (a quick pick that shows the resolved
// path, "Don't read it" first) comes from the notification, from a click on the file in the list,
// or from "Arbor: Allow a Context File Outside the Workspace…". A "Read it" is remembered in the
// extension's global state, keyed by the resolved path, and holds in every workspace; a "Don't" is
// remembered for this window only, so the notification does not come back, while the list and the
// command can still ask.
import * as vscode from 'vscode';
import type { LoadedContextFile } from '../core/context';
import { plainText } from '../core/util/plainText';
import type { ProjectInfo } from './projectInfo';
import type { SomeCommands } from './commands/table';
import type { Logger } from '../core/util/logger';

const ALLOWED_KEY = 'arbor.contextFiles.allowedTargets';

export type ContextFileAnswer = 'allowed' | 'declined';

/** The targets the user allowed, as core's load reads them (`has`, at every load). */
export class ContextPermissions implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  has(target: string): boolean {
    return this.allowed().includes(target);
  }

  async allow(target: string): Promise<void> {
    if (this.has(target)) return;
    await this.state.update(ALLOWED_KEY, [...this.allowed(), target]);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }

  private allowed(): string[] {
    const value = this.state.get<unknown>(ALLOWED_KEY);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  }
}

/** The question, the notification and the command, over what the project's last load skipped. */
export class OutsideContextFiles implements vscode.Disposable {
  /** `path → target` pairs told or declined in this window. */
  private readonly told = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly project: ProjectInfo,
    private readonly permissions: ContextPermissions,
    private readonly log: Logger,
  ) {
    this.disposables.push(
      project.onDidChange((state) => this.tell(state.files)),
    );
  }

  /** For the command table. A path (the chat's list passes the file clicked) only chooses which question: the user still answers it. */
  commands() {
    return { allowContextFile: (path?: unknown) => this.review(typeof path === 'string' ? path : undefined) } satisfies SomeCommands;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** The command: the file at `path`, else the one file that leads outside, else the one the user picks. */
  private async review(path: string | undefined): Promise<ContextFileAnswer | undefined> {
    const files = this.outside();
    const named = files.find((candidate) => candidate.path === path);
    if (named) return this.ask(named);
    if (files.length === 0) {
      void vscode.window.showInformationMessage('No context file of this workspace leads outside it.');
      return undefined;
    }
    const file = files.length === 1 ? files[0] : (await vscode.window.showQuickPick(files.map((candidate) => ({ label: plainText(candidate.label), detail: plainText(`→ ${candidate.target!}`), candidate })), { title: 'Context files not read', placeHolder: 'Which file to allow?' }))?.candidate;
    return file ? this.ask(file) : undefined;
  }

  private outside(): LoadedContextFile[] {
    return (this.project.state?.files ?? []).filter((file) => file.skipped?.reason === 'outside' && file.target !== undefined);
  }

  private async ask(file: LoadedContextFile): Promise<ContextFileAnswer | undefined> {
    const target = file.target!;
    this.log.info(`Asking whether to read ${file.path}, which leads to ${target}`);
    const items: (vscode.QuickPickItem & { answer: ContextFileAnswer })[] = [
      { label: "Don't read it", detail: 'It stays out of the prompt.', answer: 'declined' },
      { label: plainText(`Read ${target}`), detail: 'Remembered for this file: from now on Arbor reads it, from any workspace whose context file leads to it.', answer: 'allowed' },
    ];
    const picked = await vscode.window.showQuickPick(items, {
      title: plainText(`${file.label} leads outside the workspace, to ${target}`),
      placeHolder: 'Put that file into the system prompt of every request?',
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    this.told.add(key(file));
    if (picked.answer === 'allowed') {
      await this.permissions.allow(target);
      this.log.info(`Allowed: context files that lead to ${target} are read`);
    }
    return picked.answer;
  }

  /** Each newly skipped file once per window, with the way to the question. */
  private tell(files: readonly LoadedContextFile[]): void {
    for (const file of files) {
      if (file.skipped?.reason !== 'outside' || this.told.has(key(file))) continue;
      this.told.add(key(file));
      void vscode.window.showWarningMessage(plainText(`Arbor did not read ${file.label}: it leads to ${file.target!}, outside the workspace.`), 'Review…').then((choice) => {
        if (choice === 'Review…') void this.ask(file);
      });
    }
  }
}

function key(file: LoadedContextFile): string {
  return `${file.path}\n${file.target ?? ''}`;
}
