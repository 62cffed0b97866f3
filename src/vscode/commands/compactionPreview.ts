// The preview of a manual compaction (`arbor.compaction.preview`: manual): the proposed summary in
// an editable Markdown document served from memory (scheme `arbor-compaction`), with what it
// replaces above a separator line. Accept, Regenerate and Cancel are in the editor's title and in
// a notification. Accept writes the summary as the editor holds it (saved or not); closing the
// editor is Cancel. One preview per session at a time.
//
// The agent is free while the preview is open: the user may go on chatting. A proposal the session
// moved past (a new entry, a move) is not written: Accept says so and the preview stays open, so
// the user can keep their text, Regenerate at the new position, or Cancel.
import * as vscode from 'vscode';
import type { CompactionReviewAnswer, ReviewedCompaction } from '../../core/agent';
import { previewDocument, summaryFromPreview, type CompactionProposal } from '../../core/compaction';
import type { Session } from '../../core/session';
import { errorMessage } from '../../core/util/errors';
import { plainText } from '../../core/util/plainText';
import type { Logger } from '../../core/util/logger';
import type { AgentHost } from '../agent/host';
import { MemoryFiles } from '../memoryFiles';
import { askFocus } from './focus';
import { withStoppableProgress } from './progress';

export const PREVIEW_SCHEME = 'arbor-compaction';

export type PreviewAction = 'accept' | 'regenerate' | 'cancel';

const BUTTONS: Record<PreviewAction, string> = { accept: 'Accept', regenerate: 'Regenerate…', cancel: 'Cancel' };

/** A preview open now: its document and how it is answered. */
interface OpenPreview {
  session: Session;
  uri: vscode.Uri;
  proposal: CompactionProposal;
  answer: (answer: CompactionReviewAnswer) => void;
}

export class CompactionPreviews implements vscode.Disposable {
  private readonly files = new MemoryFiles(false);
  /** By session: the preview shown, or 'proposing' while its proposal is on its way. */
  private readonly bySession = new Map<Session, OpenPreview | 'proposing'>();
  private readonly disposables: vscode.Disposable[];
  private counter = 0;

  constructor(
    private readonly host: Pick<AgentHost, 'stop' | 'session'>,
    private readonly log: Logger,
  ) {
    this.disposables = [
      this.files,
      vscode.workspace.registerFileSystemProvider(PREVIEW_SCHEME, this.files, { isCaseSensitive: true }),
      // Closing the preview's editor is Cancel.
      vscode.window.tabGroups.onDidChangeTabs((event) => {
        for (const tab of event.closed) {
          const preview = this.previewOfTab(tab);
          if (preview) this.answer(preview, { kind: 'cancel' });
        }
      }),
    ];
  }

  /**
   * A review for a manual compaction of `session`, or undefined when one is already being
   * previewed there (its preview is brought to the front and the user told).
   */
  begin(session: Session): (Pick<ReviewedCompaction, 'proposing' | 'answer'> & { end(): void }) | undefined {
    const open = this.bySession.get(session);
    if (open !== undefined) {
      if (open !== 'proposing') void this.show(open);
      void vscode.window.showInformationMessage('A compaction of this session is being previewed already: Accept, Regenerate or Cancel it first.');
      return undefined;
    }
    this.bySession.set(session, 'proposing');
    return {
      proposing: (work) => {
        this.bySession.set(session, 'proposing');
        return withStoppableProgress(this.host, 'Arbor: proposing a compaction summary…', work);
      },
      answer: (proposal) => new Promise<CompactionReviewAnswer>((resolve) => void this.open(session, proposal, resolve)),
      end: () => this.end(session),
    };
  }

  /** The editor title's buttons and the palette: the preview in the active editor (or the only one open). */
  async act(action: PreviewAction): Promise<void> {
    const preview = this.active();
    if (!preview) {
      void vscode.window.showInformationMessage('No compaction preview is open: run Compact Session first.');
      return;
    }
    await this.take(preview, action);
  }

  dispose(): void {
    for (const preview of this.previews()) this.answer(preview, { kind: 'cancel' });
    for (const disposable of this.disposables) disposable.dispose();
  }

  private async open(session: Session, proposal: CompactionProposal, resolve: (answer: CompactionReviewAnswer) => void): Promise<void> {
    const uri = vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${++this.counter}/Proposed summary.md` });
    this.files.set(uri, previewDocument(proposal));
    const preview: OpenPreview = { session, uri, proposal, answer: resolve };
    this.bySession.set(session, preview);
    try {
      await this.show(preview);
    } catch (error) {
      this.log.error(`The compaction preview could not be opened: ${errorMessage(error)}`);
      return this.answer(preview, { kind: 'cancel' });
    }
    this.ask(preview);
  }

  private async show(preview: OpenPreview): Promise<void> {
    const document = await vscode.workspace.openTextDocument(preview.uri);
    await vscode.window.showTextDocument(document, { preview: false });
  }

  /** The notification with the three answers; asked again after an answer that left the preview open. */
  private ask(preview: OpenPreview): void {
    const { result } = preview.proposal;
    const n = (value: number): string => value.toLocaleString('en-US');
    const entries = result.arbor.summarizedEntries;
    const message = `Arbor proposes a compaction of ${n(entries)} ${entries === 1 ? 'entry' : 'entries'} (${n(result.tokensBefore)} → about ${n(result.arbor.tokensAfter)} tokens). Read or change the summary in the editor; nothing is written until you Accept.`;
    void Promise.resolve(vscode.window.showInformationMessage(plainText(message), BUTTONS.accept, BUTTONS.regenerate, BUTTONS.cancel)).then((button) => {
      const action = (Object.keys(BUTTONS) as PreviewAction[]).find((key) => BUTTONS[key] === button);
      // Dismissed: the editor's title keeps the answers.
      if (action && this.isOpen(preview)) void this.take(preview, action);
    });
  }

  private async take(preview: OpenPreview, action: PreviewAction): Promise<void> {
    if (action === 'cancel') return this.answer(preview, { kind: 'cancel' });
    if (action === 'regenerate') {
      const focus = await askFocus('Regenerate the proposed summary');
      // Escape: the preview stays as it is.
      if (focus === undefined || !this.isOpen(preview)) return;
      return this.answer(preview, { kind: 'regenerate', focus: focus.trim() === '' ? undefined : focus.trim() });
    }
    const refusal = this.whyNotWritten(preview);
    if (refusal !== undefined) {
      void vscode.window.showWarningMessage(refusal);
      return this.ask(preview);
    }
    const summary = summaryFromPreview(this.text(preview));
    if (summary.kind !== 'summary') {
      void vscode.window.showWarningMessage(
        summary.kind === 'empty'
          ? 'The summary is empty: write one below the separator line, Regenerate, or Cancel.'
          : 'The separator line above the summary is gone, so where the summary starts cannot be told: put the line back, Regenerate, or Cancel.',
      );
      return this.ask(preview);
    }
    this.answer(preview, { kind: 'accept', summary: summary.summary });
  }

  /** Why the proposal can no longer be written where it was made, in plain words; undefined when it can. */
  private whyNotWritten(preview: OpenPreview): string | undefined {
    if (this.host.session !== preview.session) return 'This preview belongs to a session that is no longer the current one: open that session again to Accept it, or Cancel.';
    if (preview.session.leafId !== preview.proposal.leafId) {
      return 'The session moved on since this summary was proposed (a new message, or a move in the tree), so it was not written. Regenerate proposes a summary for where the session is now; Cancel writes nothing.';
    }
    return undefined;
  }

  /** The document's text as the editor holds it now (unsaved changes included). */
  private text(preview: OpenPreview): string {
    const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === preview.uri.toString());
    return document ? document.getText() : (this.files.get(preview.uri) ?? '');
  }

  /** Answers a preview once: its editor closes (an edited one saved into memory first, so nothing asks) and its text goes. */
  private answer(preview: OpenPreview, answer: CompactionReviewAnswer): void {
    if (!this.isOpen(preview)) return;
    // Proposing again (Regenerate) keeps the session's place; any other answer ends the review.
    this.bySession.set(preview.session, 'proposing');
    preview.answer(answer);
    void this.closeEditor(preview);
  }

  private async closeEditor(preview: OpenPreview): Promise<void> {
    try {
      const document = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === preview.uri.toString());
      if (document?.isDirty) await document.save();
      for (const group of vscode.window.tabGroups.all) {
        for (const tab of group.tabs) if (tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === preview.uri.toString()) await vscode.window.tabGroups.close(tab, true);
      }
    } catch (error) {
      this.log.warn(`The compaction preview could not be closed: ${errorMessage(error)}`);
    } finally {
      this.files.forget(preview.uri);
    }
  }

  /** The review is over (written, cancelled, failed): another may start. */
  private end(session: Session): void {
    const open = this.bySession.get(session);
    if (open !== undefined && open !== 'proposing') this.answer(open, { kind: 'cancel' });
    this.bySession.delete(session);
  }

  private isOpen(preview: OpenPreview): boolean {
    return this.bySession.get(preview.session) === preview;
  }

  private previews(): OpenPreview[] {
    return [...this.bySession.values()].filter((open): open is OpenPreview => open !== 'proposing');
  }

  private active(): OpenPreview | undefined {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    const uri = input instanceof vscode.TabInputText ? input.uri.toString() : undefined;
    const open = this.previews();
    return open.find((preview) => preview.uri.toString() === uri) ?? (open.length === 1 ? open[0] : undefined);
  }

  private previewOfTab(tab: vscode.Tab): OpenPreview | undefined {
    if (!(tab.input instanceof vscode.TabInputText) || tab.input.uri.scheme !== PREVIEW_SCHEME) return undefined;
    const uri = tab.input.uri.toString();
    return this.previews().find((preview) => preview.uri.toString() === uri);
  }
}
