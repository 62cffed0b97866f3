// A user message's text; a long one is folded to its first lines with a "Show more" button (a
// pasted log or file would otherwise fill the side bar), and stays as the user left it while the
// list draws it again.
import { h } from './dom';

/** Past this many lines, or FOLD_CHARS characters, a message is folded. */
export const FOLD_LINES = 8;
export const FOLD_CHARS = 600;

/** Messages the user unfolded (by item id). */
export const unfolded = new Set<string>();

export function isLong(text: string): boolean {
  if (text.length > FOLD_CHARS) return true;
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0 && lines <= FOLD_LINES; at = text.indexOf('\n', at + 1)) lines++;
  return lines > FOLD_LINES;
}

export function userText(id: string, text: string): HTMLElement[] {
  if (!isLong(text)) return [h('div', { class: 'user-text', text })];
  const open = unfolded.has(id);
  const body = h('div', { class: `user-text${open ? '' : ' folded'}`, text, attrs: { id: `text-${id}` } });
  const toggle = h('button', {
    class: 'action fold-toggle',
    text: open ? 'Show less' : 'Show more',
    attrs: { type: 'button', 'data-action': 'fold', 'data-id': id, 'aria-expanded': String(open), 'aria-controls': `text-${id}` },
  });
  return [body, toggle];
}

/** Folds or unfolds the message; true when it is now unfolded. */
export function toggleFold(id: string): boolean {
  if (unfolded.delete(id)) return false;
  unfolded.add(id);
  return true;
}
