// The `@` completion list of the input. Typing `@` (at the start or after a space or an opening
// bracket) opens a listbox of the workspace's files and folders matching what follows it, plus
// @problems, @selection and @terminal; the host answers each query (mentionQuery / mentionResults,
// numbered so a late answer is dropped, and so is one for a mention no longer being typed, such as
// one sent before its answer came). Up/Down move, Enter or Tab insert, Escape closes. A folder is
// inserted with its trailing '/' and the list stays open for what is inside it; a file is inserted
// with nothing after it, the caret right after the path, so `#L1-2` typed next is its line range;
// a path with a space is quoted. The input keeps the focus; the active option is announced through
// aria-activedescendant.
import type { MentionSuggestionView } from '../shared/protocol';
import { listClosed, listOpened } from './inputListbox';

export interface MentionCompletionHooks {
  query(id: number, text: string): void;
}

/** The `@` and what follows it up to the caret, when the caret is in a mention being typed. */
const MENTION_AT_CARET = /(?:^|[\s([{"'`])@("[^"\n]*|[^\s@"]*)$/;
const DEBOUNCE_MS = 60;
const ICONS: Record<MentionSuggestionView['kind'], string> = { file: 'file', folder: 'folder', problems: 'warning', selection: 'selection', terminal: 'terminal' };

export class MentionCompletion {
  private readonly list: HTMLDivElement;
  private items: MentionSuggestionView[] = [];
  private active = 0;
  private lastId = 0;
  private timer = 0;
  /** Where the mention being typed starts (its `@`), while the list is wanted. */
  private start: number | undefined;
  /** The file last taken from the list, where it was put: the list stays shut while the caret is on it. */
  private picked: { start: number; text: string } | undefined;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly hooks: MentionCompletionHooks,
  ) {
    this.list = document.createElement('div');
    this.list.id = 'mention-list';
    this.list.className = 'mention-list';
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', 'Files, folders and context to mention');
    this.list.hidden = true;
    input.before(this.list);
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', this.list.id);
    input.setAttribute('aria-expanded', 'false');
    input.addEventListener('input', () => this.update());
    input.addEventListener('blur', () => this.close());
    // A click on an option must not take the focus from the input first.
    this.list.addEventListener('mousedown', (event) => event.preventDefault());
    this.list.addEventListener('click', (event) => {
      const option = (event.target as Element).closest('[data-index]');
      if (option) this.insert(Number(option.getAttribute('data-index')));
    });
  }

  get isOpen(): boolean {
    return !this.list.hidden;
  }

  /** The composer asks first: true when the key was the list's (the composer leaves it alone). */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.isOpen) return false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        this.move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
      case 'Tab':
        if (event.shiftKey) return false;
        this.insert(this.active);
        break;
      case 'Escape':
        this.close();
        break;
      default:
        return false;
    }
    event.preventDefault();
    return true;
  }

  /**
   * The host's answer: shown when it answers the latest query and that mention is still being
   * typed. The input can change without an `input` event (Enter sends and clears it before the
   * answer comes): a list opened over what is no longer there would take the next click or Enter.
   */
  show(id: number, items: readonly MentionSuggestionView[]): void {
    if (id !== this.lastId || this.start === undefined) return;
    if (this.typedAtCaret()?.start !== this.start) return this.close();
    this.items = [...items];
    this.active = 0;
    this.render();
  }

  private update(): void {
    const typed = this.typedAtCaret();
    if (typed && this.picked?.start === typed.start && this.input.value.startsWith(this.picked.text, typed.start)) {
      // The caret is still on the file just taken (or a line range typed onto it): nothing to offer.
      return this.close();
    }
    this.picked = undefined;
    if (!typed) return this.close();
    this.start = typed.start;
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.hooks.query(++this.lastId, typed.query), DEBOUNCE_MS);
  }

  /** The mention the caret is in (where its `@` is and what follows it), if any. */
  private typedAtCaret(): { start: number; query: string } | undefined {
    const caret = this.input.selectionStart;
    const before = this.input.selectionEnd === caret ? this.input.value.slice(0, caret) : '';
    const typed = MENTION_AT_CARET.exec(before);
    if (!typed) return undefined;
    return { start: caret - typed[1]!.length - 1, query: typed[1]!.replace(/^"/, '') };
  }

  private move(step: number): void {
    if (this.items.length === 0) return;
    this.active = (this.active + step + this.items.length) % this.items.length;
    this.render();
  }

  private insert(index: number): void {
    const item = this.items[index];
    if (!item || this.start === undefined) return this.close();
    const caret = this.input.selectionStart;
    const folder = item.kind === 'folder';
    const name = folder ? `${item.path}/` : item.path;
    const text = /\s/.test(name) ? `@"${name}"` : `@${name}`;
    // A folder is a step on the way: the list stays open for what is inside it. Nothing follows a
    // file either, so a line range typed next (`#L1-2`) belongs to it; the list stays closed until
    // the next `@`.
    const value = this.input.value;
    this.input.value = value.slice(0, this.start) + text + value.slice(caret);
    const at = this.start + text.length;
    this.input.setSelectionRange(at, at);
    const start = this.start;
    this.close();
    this.picked = folder ? undefined : { start, text };
    // As typing would: the composer saves the draft, and a folder's list opens again here.
    this.input.dispatchEvent(new Event('input'));
  }

  private close(): void {
    clearTimeout(this.timer);
    this.start = undefined;
    this.items = [];
    this.list.hidden = true;
    this.list.replaceChildren();
    listClosed(this.input, this.list.id);
  }

  private render(): void {
    this.list.replaceChildren(...this.items.map((item, index) => this.option(item, index)));
    const open = this.items.length > 0;
    this.list.hidden = !open;
    if (open) {
      listOpened(this.input, this.list.id, `mention-option-${this.active}`);
      this.list.children[this.active]?.scrollIntoView({ block: 'nearest' });
    } else listClosed(this.input, this.list.id);
  }

  private option(item: MentionSuggestionView, index: number): HTMLElement {
    const option = document.createElement('div');
    option.id = `mention-option-${index}`;
    option.className = `mention-option${index === this.active ? ' active' : ''}`;
    option.setAttribute('role', 'option');
    option.setAttribute('aria-selected', String(index === this.active));
    option.setAttribute('data-index', String(index));
    const icon = document.createElement('span');
    icon.className = `codicon codicon-${ICONS[item.kind]}`;
    icon.setAttribute('aria-hidden', 'true');
    const label = document.createElement('span');
    label.textContent = item.kind === 'folder' ? `${item.path}/` : item.path;
    // A narrow side bar cuts a long path short with an ellipsis: the whole of it is in the tooltip.
    option.title = label.textContent;
    option.append(icon, label);
    return option;
  }
}
