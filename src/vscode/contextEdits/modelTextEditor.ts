// "Edit What the Model Sees…": the entry's model-visible text in a real VS Code document, served
// from memory under a scheme of Arbor's own (nothing on disk). Only the user's own Save (Ctrl+S, File > Save)
// or the editor title's "Apply to the Model" appends the edit: VS Code's auto-save (after a delay,
// on focus change) keeps the text here and writes nothing to the session, so closing the editor
// without a save of one's own leaves the session as it was. A text the model already sees writes nothing.
import * as vscode from 'vscode';
import { isAnswering } from '../../core/agent';
import { ContextEditError, modelTextOf, planReplace, type ContextEditPlan, type Session } from '../../core/session';
import { plainText } from '../../core/util/plainText';
import type { CommandDeps } from '../commands/deps';
import { showFailure } from '../commands/notify';
import type { ContextEditOutcome } from './contextEditCommands';
import { MemoryFiles } from '../memoryFiles';

export const MODEL_TEXT_SCHEME = 'arbor-model-text';

/** The entry a text is of. */
interface ModelTextFile {
  session: Session;
  entryId: string;
  /** What the model saw when the text was opened or last applied (undefined: hidden, any text applies). */
  baseline: string | undefined;
}

type ApplyPlan = (session: Session, plan: ContextEditPlan) => Promise<ContextEditOutcome>;

export class ModelTextEditor implements vscode.Disposable {
  /** The texts; any save (auto-save too) keeps the text there, only a save of the user's own appends the edit. */
  private readonly texts = new MemoryFiles(false);
  private readonly files = new Map<string, ModelTextFile>();
  /** Documents whose save now is the user's own (or Apply's): their save appends the edit. */
  private readonly applyOnSave = new Set<string>();
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly deps: CommandDeps,
    private readonly applyPlan: ApplyPlan,
  ) {
    this.disposables = [
      this.texts,
      vscode.workspace.registerFileSystemProvider(MODEL_TEXT_SCHEME, this.texts, { isCaseSensitive: true }),
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.scheme === MODEL_TEXT_SCHEME && event.reason === vscode.TextDocumentSaveReason.Manual) this.applyOnSave.add(event.document.uri.toString());
      }),
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.uri.scheme === MODEL_TEXT_SCHEME && this.applyOnSave.delete(document.uri.toString())) void this.apply(document.uri, document.getText());
      }),
    ];
  }

  /** Opens the entry's text as the model sees it (as written when it is hidden) in an editor. */
  async open(session: Session, entryId: string): Promise<ContextEditOutcome> {
    const { original, seen } = modelTextOf(session, entryId);
    const uri = vscode.Uri.from({ scheme: MODEL_TEXT_SCHEME, path: `/${safeName(entryId)}/What the model sees.md` });
    const text = seen ?? original;
    this.files.set(uri.toString(), { session, entryId, baseline: seen });
    // Opened again: an editor still open on it shows the text as the model sees it now.
    this.texts.set(uri, text, true);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    void vscode.window.showInformationMessage('Edit what the model sees, then Save (or "Apply to the Model" in the editor\'s title): requests from the current position carry this text. Closing without saving changes nothing.');
    return 'applied';
  }

  /** "Apply to the Model" (editor title): the document's text, saved first so the editor is clean. */
  async applyCommand(arg: unknown): Promise<ContextEditOutcome> {
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    const document = uri && vscode.workspace.textDocuments.find((candidate) => candidate.uri.toString() === uri.toString());
    if (!document || document.uri.scheme !== MODEL_TEXT_SCHEME) {
      void vscode.window.showInformationMessage('Open an entry with "Edit What the Model Sees…" first.');
      return 'failed';
    }
    const key = document.uri.toString();
    if (document.isDirty) {
      this.applyOnSave.add(key);
      await document.save();
      // The save applied it (its event came); else it did not happen: applied from the text.
      if (!this.applyOnSave.delete(key)) return 'applied';
    }
    return this.apply(document.uri, document.getText());
  }

  private async apply(uri: vscode.Uri, text: string): Promise<ContextEditOutcome> {
    const file = this.files.get(uri.toString());
    if (!file) return 'failed';
    if (text === file.baseline) {
      void vscode.window.showInformationMessage('Nothing to apply: the model already sees this text.');
      return 'cancelled';
    }
    if (this.deps.current.session !== file.session) {
      void vscode.window.showWarningMessage('This text belongs to a session that is no longer open: nothing was applied.');
      return 'failed';
    }
    if (isAnswering(this.deps.host.state.agent)) {
      void vscode.window.showInformationMessage('Wait for the reply to finish (or stop it), then save again: nothing was applied.');
      return 'failed';
    }
    try {
      const outcome = await this.applyPlan(file.session, planReplace(file.session, file.entryId, text));
      if (outcome === 'applied') {
        file.baseline = text;
        void vscode.window.showInformationMessage('The model sees the edited text from the current position on.');
      }
      return outcome;
    } catch (error) {
      if (error instanceof ContextEditError) void vscode.window.showWarningMessage(plainText(error.message));
      else showFailure(this.deps.log, 'Applying the edited text', error);
      return 'failed';
    }
  }

  dispose(): void {
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}

/** An entry id as one path segment (the file chose it: no separators, nothing odd). */
export function safeName(entryId: string): string {
  return entryId.replace(/[^\w.-]/g, '_').slice(0, 64);
}
