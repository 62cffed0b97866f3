// Edits reviewed in VS Code's diff editor before they are written: the real file on the left, the
// proposal on the right, served from memory under a scheme of Arbor's own and editable (what the
// user leaves there is what is written). A new file is shown against an empty, read-only side.
//
// A model names the path: it never becomes a location here. Each review's URI is
// `arbor-proposed:/<review id>/<file name>`, the name reduced to harmless characters (it only picks
// the language); the provider serves by id alone, so no path can reach another file, and the diff's
// title is plain text.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EditPlan } from '../../core/agent/tools/editPlan';
import { errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import { visibleText } from '../../core/util/visibleText';
import type { EditReviewer } from '../chat/approvals';
import type { Logger } from '../../core/util/logger';
import { MemoryFiles } from '../memoryFiles';

export const PROPOSED_SCHEME = 'arbor-proposed';
export const ORIGINAL_SCHEME = 'arbor-original';
/** True while the active editor is the diff of an edit waiting for the user's answer. */
export const REVIEWING_CONTEXT = 'arbor.reviewingEdit';

export class EditReviews implements EditReviewer, vscode.Disposable {
  private readonly proposed = new MemoryFiles(false);
  private readonly originals = new MemoryFiles(true);
  /** The reviews open now, by approval request id. */
  private readonly open = new Map<string, { right: vscode.Uri; left: vscode.Uri }>();
  private readonly disposables: vscode.Disposable[];
  private counter = 0;

  constructor(private readonly log: Logger) {
    this.disposables = [
      this.proposed,
      this.originals,
      vscode.workspace.registerFileSystemProvider(PROPOSED_SCHEME, this.proposed, { isCaseSensitive: true }),
      vscode.workspace.registerFileSystemProvider(ORIGINAL_SCHEME, this.originals, { isCaseSensitive: true, isReadonly: true }),
      vscode.window.tabGroups.onDidChangeTabs(() => this.updateContext()),
      vscode.window.tabGroups.onDidChangeTabGroups(() => this.updateContext()),
    ];
  }

  /** Opens the diff of a plan waiting for approval `requestId`; resolves once VS Code has drawn it (never rejects). */
  async show(requestId: string, plan: EditPlan): Promise<void> {
    const id = `${++this.counter}`;
    const name = safeName(plan.real);
    const right = vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: `/${id}/${name}` });
    const left = plan.current === undefined ? vscode.Uri.from({ scheme: ORIGINAL_SCHEME, path: `/${id}/${name}` }) : vscode.Uri.file(plan.real);
    this.proposed.set(right, plan.proposed);
    if (plan.current === undefined) this.originals.set(left, '');
    this.open.set(requestId, { right, left });
    const label = visibleText(vscode.workspace.asRelativePath(plan.real));
    const title = plan.current === undefined ? `${label} (new file, proposed by Arbor)` : `${label} ↔ proposed by Arbor`;
    // The command settles some time after the diff is drawn; its proposed side becoming a visible
    // editor is the moment it is.
    const drawn = whenVisible(right);
    // The focus stays where it is: the user may be typing in the chat, and keys meant for it must
    // not land in the proposal.
    const opened = Promise.resolve(vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: false, preserveFocus: true })).then(
      () => this.updateContext(),
      // The card still asks; its "Open diff" tries again.
      (error: unknown) => this.log.warn(`The diff of an edit waiting for approval could not be opened: ${errorMessage(error)}`),
    );
    try {
      await Promise.race([opened, drawn.promise]);
    } finally {
      drawn.dispose();
    }
  }

  /** Brings the review's diff to the front again (the card's "Open diff"). */
  async reveal(requestId: string): Promise<void> {
    const review = this.open.get(requestId);
    if (!review) return;
    const tab = this.tabOf(review.right);
    const title = tab?.label ?? 'Proposed by Arbor';
    await vscode.commands.executeCommand('vscode.diff', review.left, review.right, title, { preview: false });
  }

  /** The proposed side as the user left it (edited or not). */
  text(requestId: string): string | undefined {
    const review = this.open.get(requestId);
    if (!review) return undefined;
    const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === review.right.toString());
    return document ? document.getText() : this.proposed.get(review.right);
  }

  askReason(toolName: string): Promise<string | undefined> {
    return Promise.resolve(
      vscode.window.showInputBox({
        title: `Deny the ${plainText(toolName)} call`,
        prompt: 'Why? The agent reads your reason (optional: Enter without one denies it; Escape takes the denial back).',
        placeHolder: 'Reason for the agent (optional)',
      }),
    );
  }

  /** The request whose diff is the active editor, if any. */
  activeRequest(): string | undefined {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    if (!(input instanceof vscode.TabInputTextDiff) || input.modified.scheme !== PROPOSED_SCHEME) return undefined;
    for (const [requestId, review] of this.open) if (review.right.toString() === input.modified.toString()) return requestId;
    return undefined;
  }

  /** The review is over (answered, dropped): its tab closes without asking to save, its text goes. */
  async close(requestId: string): Promise<void> {
    const review = this.open.get(requestId);
    if (!review) return;
    this.open.delete(requestId);
    try {
      // An edited proposal is saved into memory first, so closing it asks nothing.
      const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === review.right.toString());
      if (document?.isDirty) await document.save();
      const tab = this.tabOf(review.right);
      if (tab) await vscode.window.tabGroups.close(tab, true);
    } catch (error) {
      this.log.warn(`The diff of an answered edit could not be closed: ${errorMessage(error)}`);
    } finally {
      this.proposed.forget(review.right);
      this.originals.forget(review.left);
      this.updateContext();
    }
  }

  dispose(): void {
    for (const requestId of [...this.open.keys()]) void this.close(requestId);
    for (const disposable of this.disposables) disposable.dispose();
  }

  private tabOf(right: vscode.Uri): vscode.Tab | undefined {
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        if (tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === right.toString()) return tab;
      }
    }
    return undefined;
  }

  private updateContext(): void {
    void vscode.commands.executeCommand('setContext', REVIEWING_CONTEXT, this.activeRequest() !== undefined);
  }
}

/** Resolves when an editor showing `uri` is visible (a diff's side counts once its text is drawn). */
function whenVisible(uri: vscode.Uri): { promise: Promise<void>; dispose(): void } {
  const key = uri.toString();
  let listener: vscode.Disposable | undefined;
  const promise = new Promise<void>((resolve) => {
    listener = vscode.window.onDidChangeVisibleTextEditors((editors) => {
      if (editors.some((editor) => editor.document.uri.toString() === key)) resolve();
    });
  });
  return { promise, dispose: () => listener?.dispose() };
}

/** The file's name in letters, digits, dot, dash and underscore only (it picks the diff's language). */
export function safeName(file: string): string {
  const name = path.basename(file).replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return name === '' ? 'file' : name;
}
