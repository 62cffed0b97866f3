// What the chat offers for shaping what the model sees: a message's actions (Hide from the model,
// Show to the model again, Edit what the model sees…, Shorten for the model, Compare), the quiet
// line a hidden message is folded into ("hidden from the model · Show again"), and the Compare
// button beside "the model sees an edited version". The host runs the Session Tree's commands.
import type { ChatItem } from '../../core/chat/items';
import type { ContextMark } from '../../core/session/types';
import type { ChatContextEditAction } from '../../shared/protocol';
import { card } from './assistant';
import { contextMarkElement } from './contextMarks';
import { actionButton, h } from './dom';

/** The items whose entry gives the model a message the user can hide or edit. */
const MODEL_KINDS: ReadonlySet<ChatItem['kind']> = new Set(['user', 'assistant', 'toolResult', 'custom']);

/** How many characters of a hidden message its folded line shows. */
const PREVIEW_CHARS = 80;

export function hasModelActions(item: ChatItem): boolean {
  return MODEL_KINDS.has(item.kind);
}

function editButton(entryId: string, action: ChatContextEditAction, label: string, iconName: string, showLabel = false): HTMLButtonElement {
  return actionButton('context-edit', label, iconName, { id: entryId, edit: action }, showLabel);
}

/** The buttons for an entry (a message, or a tool result in its reply's card), by its mark. */
export function modelButtons(entryId: string, mark: ContextMark | undefined, toolResult: boolean, inCard = false): HTMLButtonElement[] {
  // In a reply's card the buttons are the result's, not the reply's: their names say so.
  const it = inCard ? ' this result' : '';
  const buttons: HTMLButtonElement[] = [];
  if (mark !== 'hidden') buttons.push(editButton(entryId, 'hide', `Hide${it} from the model`, 'eye-closed'));
  if (mark !== undefined) buttons.push(editButton(entryId, 'unhide', `Show${it} to the model again`, 'eye'));
  buttons.push(editButton(entryId, 'edit', inCard ? 'Edit what the model sees of this result…' : 'Edit what the model sees…', 'symbol-text'));
  if (toolResult) buttons.push(editButton(entryId, 'shorten', `Shorten${it} for the model`, 'fold'));
  return buttons;
}

/** The mark, and for an edited entry its Compare button ("the model sees an edited version · Compare"). */
export function markWithCompare(entryId: string, mark: ContextMark | undefined, onResult = false): HTMLElement[] {
  const element = contextMarkElement(mark, onResult);
  if (!element) return [];
  if (mark !== 'edited') return [element];
  const compare = editButton(entryId, 'compare', 'Compare', 'diff', true);
  compare.classList.add('model-compare');
  return [element, compare];
}

/**
 * A hidden message folded into one quiet line: who said it, its first words, "hidden from the
 * model" and Show again; opening the line shows the message as it is written.
 */
export function hiddenFold(item: ChatItem, label: string, body: HTMLElement[]): HTMLElement {
  const summary = [
    h('span', { class: 'card-title', text: label }),
    h('span', { class: 'hidden-preview', text: previewOf(item) }),
    ...markWithCompare(item.id, 'hidden'),
    editButton(item.id, 'unhide', 'Show again', 'eye', true),
  ];
  return card(`hidden:${item.id}`, 'hidden-fold', summary, body);
}

function previewOf(item: ChatItem): string {
  const text = item.kind === 'user' || item.kind === 'custom' ? item.text : item.kind === 'assistant' ? item.blocks.map((block) => (block.type === 'text' ? block.text : '')).join(' ') : '';
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
}
