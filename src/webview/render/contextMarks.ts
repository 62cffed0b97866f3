// The quiet mark on an item (or a tool result) the model does not see as written at the position:
// a codicon and a few words; the full sentence is its tooltip and the name a screen reader says.
import { CONTEXT_MARK_WORDS, contextMarkSentence } from '../../core/chat/contextMarks';
import type { ContextMark } from '../../core/session/types';
import { h, icon } from './dom';

export function contextMarkElement(mark: ContextMark | undefined, onResult = false): HTMLElement | undefined {
  if (!mark) return undefined;
  const words = CONTEXT_MARK_WORDS[mark];
  const sentence = contextMarkSentence(mark, onResult);
  return h('span', { class: `context-mark context-mark-${mark}`, attrs: { role: 'note', 'aria-label': sentence, title: sentence } }, [icon(words.icon), h('span', { text: onResult ? words.resultText : words.text })]);
}
