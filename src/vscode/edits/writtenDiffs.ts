// "Show diff" / "Open diff" on a write or edit card: VS Code's diff editor between the file before
// the call and what was written. Recent calls come from memory (WrittenFiles, exact); older ones
// (after a reload, an old session) are rebuilt from the diff the session recorded, with the file
// on disk when it still holds what was written (core/edits/recordedDiff.ts).
//
// Both sides are read-only documents of Arbor's own `arbor-written:` scheme, addressed by an
// opaque number this window gave them (`/<n>/before/<name>`): no path the model or the session
// chose is a location here, and the diff's title is plain text.
import * as vscode from 'vscode';
import { rebuildFromDiff } from '../../core/edits/recordedDiff';
import { findRecordedWrite, workspaceFileText } from '../../core/edits/recordedWrite';
import type { WrittenFiles } from '../../core/edits/writtenFiles';
import type { WrittenLookup } from '../../core/chat';
import type { Session } from '../../core/session';
import { visibleText } from '../../core/util/visibleText';
import { safeName } from './editReviews';
import type { Logger } from '../../core/util/logger';

export const WRITTEN_SCHEME = 'arbor-written';
/** Diffs whose texts this window keeps for their open tabs; older ones read empty again. */
const MAX_SHOWN = 20;

interface Shown {
  before: string;
  after: string;
}

export class WrittenDiffs implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly shown = new Map<string, Shown>();
  private counter = 0;
  private readonly registration: vscode.Disposable;

  constructor(
    private readonly written: WrittenFiles,
    private readonly log: Logger,
  ) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(WRITTEN_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const [, id, side] = uri.path.split('/');
    const shown = id === undefined ? undefined : this.shown.get(id);
    if (!shown) return '';
    return side === 'before' ? shown.before : side === 'after' ? shown.after : '';
  }

  /** What this window holds of the writes of `session`, for the chat's cards. */
  lookup(session: Session | undefined): WrittenLookup {
    return (toolCallId) => (session ? this.written.get(session.id, toolCallId) : undefined);
  }

  /** Opens the diff of call `toolCallId` of `session`, or says in plain words why it cannot. */
  async open(session: Session | undefined, toolCallId: string, root: string | undefined): Promise<void> {
    const held = session && this.written.get(session.id, toolCallId);
    if (held) return this.show(held.path, { before: held.before, after: held.after }, held.autoApproved ? 'written without review' : 'as written');
    const recorded = session && findRecordedWrite(session.entries, toolCallId);
    if (!recorded) return this.cannot('Arbor: this call is not a write or edit of the open session, so there is no diff to show.');
    const disk = root !== undefined && recorded.path !== undefined ? await workspaceFileText(root, recorded.path) : undefined;
    const rebuilt = rebuildFromDiff(recorded.diff, disk);
    if (!rebuilt.ok) return this.cannot(`Arbor: ${rebuilt.message}`, rebuilt.reason);
    const how = rebuilt.kind === 'whole' ? 'rebuilt from the session' : 'recorded lines only: the file changed since';
    return this.show(recorded.path ?? recorded.toolName, rebuilt, how);
  }

  dispose(): void {
    this.registration.dispose();
    this.shown.clear();
  }

  private async show(path: string, texts: Shown, how: string): Promise<void> {
    const id = `${++this.counter}`;
    this.shown.set(id, texts);
    for (const [oldest] of this.shown) {
      if (this.shown.size <= MAX_SHOWN) break;
      this.shown.delete(oldest);
    }
    const name = safeName(path);
    const side = (which: string) => vscode.Uri.from({ scheme: WRITTEN_SCHEME, path: `/${id}/${which}/${name}` });
    const title = `${visibleText(path)} (${how})`;
    await vscode.commands.executeCommand('vscode.diff', side('before'), side('after'), title, { preview: true });
  }

  private cannot(message: string, reason?: string): void {
    this.log.info(`Written diff not shown${reason ? ` (${reason})` : ''}`);
    void vscode.window.showInformationMessage(message);
  }
}
