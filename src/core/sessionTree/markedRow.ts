/**
 * How a row says the model does not see its entry as written at the position (which entries:
 * core/session/contextMarks): the chat's words first in its description and its spoken label, the
 * whole sentence atop its tooltip, a word for the menus, and for a hidden entry the closed eye as
 * its icon, drawn dimmed. Rows of other branches, and of positions before an edit, carry nothing.
 */
import { CONTEXT_MARK_WORDS, contextMarkSentence } from '../chat/contextMarks';
import type { ContextMark } from '../session';

/** "hidden from the model", "the model sees an edited version". */
export function contextMarkWords(mark: ContextMark | undefined): string | undefined {
  return mark && CONTEXT_MARK_WORDS[mark].text;
}

/** `modelHidden` / `modelEdited` for the manifest's `viewItem =~ /\bmodelHidden\b/` clauses. */
export function contextMarkWord(mark: ContextMark | undefined): string {
  return mark === 'hidden' ? 'modelHidden' : mark === 'edited' ? 'modelEdited' : '';
}

/** The icon of a hidden entry's row (an edited one keeps its kind's icon). */
export function contextMarkIcon(mark: ContextMark | undefined): string | undefined {
  return mark === 'hidden' ? CONTEXT_MARK_WORDS.hidden.icon : undefined;
}

/** The tooltip's first line: the mark's sentence before the row's own line (its pin, its label). */
export function contextMarkLine(mark: ContextMark | undefined, line: string | undefined): string | undefined {
  if (!mark) return line;
  const sentence = contextMarkSentence(mark);
  return line === undefined ? sentence : `${sentence} ${line}`;
}
