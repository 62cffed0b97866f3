// A turn's card under its user message: the files the agent changed in that turn, each a button
// that opens its diff over the turn, and "Restore files before this turn". Paths are set as text.
import type { TurnFiles } from '../../core/chat/items';
import { card } from './assistant';
import { actionButton, h, icon } from './dom';

export function turnFilesCard(turnId: string, files: TurnFiles): HTMLElement {
  const title = `Files changed in this turn (${files.count})`;
  const paths = files.paths.map((path) =>
    h('li', {}, [
      h('button', { class: 'turn-file', text: path, attrs: { type: 'button', 'data-action': 'turn-file-diff', 'data-turn': turnId, 'data-path': path, title: `Show the changes to ${path} in this turn` } }),
    ]),
  );
  const more = files.count - files.paths.length;
  return card(`turn-files:${turnId}`, 'turn-files-card', [icon('diff'), h('span', { class: 'card-title', text: title })], [
    h('ul', { class: 'file-list', attrs: { 'aria-label': title } }, paths),
    ...(more > 0 ? [h('div', { class: 'note', text: `${more} more ${more === 1 ? 'file is' : 'files are'} not listed here.` })] : []),
    actionButton('restore-before-turn', 'Restore files before this turn', 'discard', { turn: turnId }),
  ]);
}
