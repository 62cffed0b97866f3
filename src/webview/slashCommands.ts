// The `/` list above the input: typing `/` at the start of the input lists Arbor's commands
// (core/chat/slashCommands.ts) that start with what follows it. Up and Down move through the list,
// Tab completes the name, Enter runs the chosen command, Escape closes the list (until the input
// no longer starts with `/`), a click completes. The input stays focused throughout: the list is a
// listbox the textarea controls (aria-activedescendant names the chosen option), so screen readers
// read the option while the caret stays in the text.
import { slashCompletions, type SlashCommand } from '../core/chat/slashCommands';
import { h } from './render/dom';
import { listClosed, listOpened } from './inputListbox';

const LIST_ID = 'slash-list';
const FOOTER = 'Enter runs · Tab completes · Esc closes · a /word that is no command is sent as a message';

export class SlashCommandList {
  private readonly list: HTMLElement;
  private readonly options: HTMLElement;
  private shown: readonly SlashCommand[] = [];
  private active = 0;
  /** Escape closed the list: it stays closed while the input still starts with `/`. */
  private dismissed = false;

  constructor(
    private readonly input: HTMLTextAreaElement,
    /** The list changed the input's text (as typing does: the draft, Send, the list follow). */
    private readonly changed: () => void,
  ) {
    this.options = h('div', { class: 'slash-options' });
    this.list = h('div', { class: 'slash-list', attrs: { id: LIST_ID, role: 'listbox', 'aria-label': 'Arbor commands' } }, [this.options, h('div', { class: 'slash-footer', attrs: { 'aria-hidden': 'true' }, text: FOOTER })]);
    this.list.hidden = true;
    input.before(this.list);
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', LIST_ID);
    input.setAttribute('aria-expanded', 'false');
    // A press on an option must not take the focus from the input.
    this.list.addEventListener('mousedown', (event) => event.preventDefault());
    this.list.addEventListener('click', (event) => {
      const option = (event.target as Element).closest<HTMLElement>('[data-command]');
      if (option) this.complete(option.dataset['command']!);
    });
  }

  get open(): boolean {
    return !this.list.hidden;
  }

  /** The input's text changed: the list follows it. */
  update(): void {
    const text = this.input.value;
    if (!text.startsWith('/')) this.dismissed = false;
    const next = this.dismissed ? [] : slashCompletions(text);
    const same = next.length === this.shown.length && next.every((command, index) => command === this.shown[index]);
    if (!same) this.active = 0;
    this.shown = next;
    this.render();
  }

  /**
   * A key in the input while the list is open: true when the list took it (the composer must not
   * act on it). Enter puts the chosen name in the input and lets the composer send it.
   */
  handleKey(event: KeyboardEvent): boolean {
    if (!this.open) return false;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        this.active = (this.active + (event.key === 'ArrowDown' ? 1 : this.shown.length - 1)) % this.shown.length;
        this.render();
        return true;
      case 'Tab':
        if (event.shiftKey) return false;
        event.preventDefault();
        this.complete(this.shown[this.active]!.name);
        return true;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        this.close();
        return true;
      case 'Enter':
        if (event.shiftKey) return false;
        this.setText(`/${this.shown[this.active]!.name}`);
        return false;
      default:
        return false;
    }
  }

  close(): void {
    this.dismissed = true;
    this.shown = [];
    this.render();
  }

  /** The name in the input, a blank after it when it takes an argument (which closes the list). */
  private complete(name: string): void {
    const command = this.shown.find((candidate) => candidate.name === name);
    this.setText(`/${name}${command?.argumentHint ? ' ' : ''}`);
    this.input.focus();
  }

  private setText(text: string): void {
    this.input.value = text;
    this.input.setSelectionRange(text.length, text.length);
    this.changed();
  }

  private render(): void {
    const open = this.shown.length > 0;
    this.list.hidden = !open;
    this.options.replaceChildren(
      ...this.shown.map((command, index) =>
        h('div', { class: index === this.active ? 'slash-option active' : 'slash-option', attrs: { id: `slash-option-${command.name}`, role: 'option', 'aria-selected': String(index === this.active), 'data-command': command.name } }, [
          h('span', { class: 'slash-name', text: `/${command.name}` }),
          command.argumentHint ? h('span', { class: 'slash-argument', text: ` ${command.argumentHint}` }) : undefined,
          h('span', { class: 'slash-description', text: command.description }),
        ]),
      ),
    );
    const active = this.shown[this.active];
    if (open) listOpened(this.input, LIST_ID, active ? `slash-option-${active.name}` : undefined);
    else listClosed(this.input, LIST_ID);
    if (open && active) this.options.children[this.active]?.scrollIntoView?.({ block: 'nearest' });
  }
}
