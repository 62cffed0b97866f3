// The chat's input, host side: Send and Retry (mentions expanded, the active editor's file
// mentioned, images checked), the drafts per session (typed text is never lost: see
// core/chat/drafts.ts), text put there by a move or a command, the focus, files dropped, the `@`
// list. A prompt that got no reply gives its text back with the failure and a Retry.
import { acceptPromptImages, givenBack, movedBack, placedByMove, restored, stashDropped, typed, withActiveEditor, type Draft, type SessionDrafts } from '../../core/chat';
import { expandMentions, MentionError } from '../../core/mentions';
import type { Session } from '../../core/session';
import { errorMessage } from '../../core/util/errors';
import type { HostToWebviewMessage, PromptImage } from '../../shared/protocol';
import type { AgentHost, UnsentInputs } from '../agent/host';
import { readConfig } from '../config';
import { promptFailure } from '../errors';
import { editorMentionSources } from '../mentions/mentionSources';
import type { MentionIndex } from '../mentions/mentionIndex';
import { commandAction } from './commandAction';
import { draftKey } from './drafts';
import { droppedMentions, type ActiveEditorFile } from './editorContext';
import type { Notice } from './view';
import type { Logger } from '../../core/util/logger';

/** A prompt as the chat sent it: kept whole, so Retry sends its images and chip again. */
export interface SentPrompt {
  text: string;
  images: readonly PromptImage[];
  activeEditor: string | undefined;
}

export interface ChatInputOptions {
  post(message: HostToWebviewMessage): void;
  notice: Notice;
  log: Logger;
  host: Pick<AgentHost, 'prompt'>;
  /** The input's text per session, kept across window reloads. */
  drafts: SessionDrafts;
  /** The active editor's file, for the chip above the input. */
  activeEditor: ActiveEditorFile;
  /** The workspace's files for the `@` list (built on the first `@`). */
  mentionIndex: MentionIndex;
  /** Reveals the chat (its view takes the focus). */
  reveal(): Promise<void>;
  /** Sent: the move note's "Send makes…" is done, so the note goes. */
  onSend(): void;
}

export class ChatInput {
  private lastFailedPrompt: SentPrompt | undefined;

  constructor(private readonly options: ChatInputOptions) {}

  async send(sent: SentPrompt): Promise<void> {
    const { host, log, notice, drafts } = this.options;
    const { text } = sent;
    const { images, refused } = acceptPromptImages(sent.images);
    if (refused.length > 0) notice('warning', refused.join(' '));
    // The chip's file, only if it is the one the chat was told of (a path the webview made up is not mentioned).
    const activeEditor = sent.activeEditor !== undefined && sent.activeEditor === this.options.activeEditor.path ? sent.activeEditor : undefined;
    try {
      // The session records the mentions' text (what the model reads); the input gets back what was typed.
      await host.prompt(() => {
        // After the move being made, if any (its note came first): what the note said Send would do is done,
        // so it goes (and with it Back, which would leave the new message), and the mentions read the restored files.
        this.options.onSend();
        return this.expanded(text, activeEditor);
      }, images);
      this.lastFailedPrompt = undefined;
    } catch (error) {
      if (error instanceof MentionError) return this.mentionRefused(text, error);
      this.lastFailedPrompt = sent;
      log.warn(`A prompt could not be sent: ${errorMessage(error)}`);
      this.postDraft(drafts.change((draft) => givenBack(draft, [text])), true);
      const failure = promptFailure(error, readConfig().baseUrl);
      notice('error', failure.message, commandAction(failure.command) ?? { kind: 'retry', label: 'Retry' });
    } finally {
      // The message the chat showed at once goes: the session's entry, the queue or the input has it now.
      this.options.post({ type: 'promptSettled' });
    }
  }

  /** The notice's Retry: the prompt that failed, whole. */
  async retry(): Promise<void> {
    if (this.lastFailedPrompt !== undefined) await this.send(this.lastFailedPrompt);
  }

  /** The shown session's draft into the input again (the webview reloaded). */
  repost(): void {
    this.postDraft(this.options.drafts.draft, false);
  }

  /** Another session is shown: its draft is the one typed into. */
  sessionShown(session: Session | undefined): void {
    this.options.drafts.show(draftKey(session), session?.entries.length === 0);
  }

  typed(generation: number, text: string): void {
    this.options.drafts.report(generation, (draft) => typed(draft, text));
  }

  restoreDraft(generation: number): void {
    if (this.options.drafts.report(generation, restored)) this.postDraft(this.options.drafts.draft, true);
  }

  dropStash(generation: number): void {
    if (this.options.drafts.report(generation, stashDropped)) this.postDraft(this.options.drafts.draft, true);
  }

  /** The note's Back: the text the move put up leaves the input with it, and a draft it put aside comes back. */
  movedBack(): void {
    this.postDraft(this.options.drafts.change(movedBack), true);
  }

  /** What a run had queued and not sent joins the input; a draft typed meanwhile stays. */
  givenBack(unsent: readonly string[]): void {
    if (unsent.length > 0) this.postDraft(this.options.drafts.change((draft) => givenBack(draft, unsent)), true);
  }

  /** Prompts queued in a session left while they waited: kept in that session's draft (shown when it is the one shown). */
  returnUnsent({ session, texts }: UnsentInputs): void {
    if (this.options.drafts.changeFor(draftKey(session), (draft) => givenBack(draft, texts))) this.postDraft(this.options.drafts.draft, false);
  }

  /**
   * Reveals the chat, then puts the text into its input (which the webview focuses), as Edit &
   * branch does; a draft there is put aside, "Restore draft" brings it back.
   */
  async setInput(text: string): Promise<void> {
    await this.options.reveal();
    this.postDraft(this.options.drafts.change((draft) => placedByMove(draft, text)), true);
  }

  /** Reveals the chat and puts `text` at the input's caret (Add Selection to Chat); the draft around it stays. */
  async insert(text: string): Promise<void> {
    await this.options.reveal();
    this.options.post({ type: 'insertText', text });
  }

  async focus(): Promise<void> {
    await this.options.reveal();
    this.options.post({ type: 'focusInput' });
  }

  /** Files dragged from the Explorer: a mention of each one in the workspace at the caret; the others are refused, saying why. */
  dropped(uris: readonly string[]): void {
    const { mentions, refused } = droppedMentions(uris);
    if (mentions.length > 0) this.options.post({ type: 'insertText', text: mentions.join(' ') });
    if (refused.length > 0) this.options.notice('warning', refused.join(' '));
  }

  async mentionQuery(id: number, query: string): Promise<void> {
    this.options.post({ type: 'mentionResults', id, items: await this.options.mentionIndex.query(query) });
  }

  /** The shown session's draft into the input (`focus`: Arbor put text there for the user). */
  private postDraft(draft: Draft, focus: boolean): void {
    const { drafts } = this.options;
    this.options.post({ type: 'draft', input: draft.input, ...(draft.stash !== undefined ? { stash: draft.stash } : {}), generation: drafts.generation, focus });
  }

  /** Nothing was sent: the text goes back into the input, and the notice says which mention and why. */
  private mentionRefused(text: string, error: MentionError): void {
    this.options.log.warn(`A prompt was not sent: a mention was refused (${error.reason})`);
    this.postDraft(this.options.drafts.change((draft) => givenBack(draft, [text])), true);
    this.options.notice('error', error.message);
  }

  /**
   * The text with its mentions expanded, and the active editor's file mentioned unless the text
   * names it. That file, when it cannot be read as a mention (binary, …), is left out with a
   * warning rather than stopping the message; a mention the user typed that fails stops it.
   */
  private async expanded(text: string, activeEditor: string | undefined): Promise<string> {
    const sources = editorMentionSources();
    const withEditor = withActiveEditor(text, activeEditor);
    if (withEditor === text) return (await expandMentions(text, sources)).text;
    try {
      return (await expandMentions(withEditor, sources)).text;
    } catch (error) {
      if (!(error instanceof MentionError)) throw error;
      const plain = (await expandMentions(text, sources)).text;
      this.options.notice('warning', `The active editor's file was left out of the message: ${error.message}`);
      return plain;
    }
  }
}
