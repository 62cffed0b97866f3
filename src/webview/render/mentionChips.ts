// The mentions sent with a user message, as chips above its text: a file, a line range, a folder or
// a selection opens in the editor when clicked (the host checks the path again); problems and the
// terminal are labels. The tooltip says how many lines went with the message.
import type { MentionChip } from '../../core/chat/mentionBlocks';
import { h, icon } from './dom';

const ICONS: Record<MentionChip['tag'], string> = { file: 'file', folder: 'folder', selection: 'selection', problems: 'warning', terminal: 'terminal' };

export function mentionChips(chips: readonly MentionChip[] | undefined): HTMLElement[] {
  if (!chips || chips.length === 0) return [];
  return [h('div', { class: 'mention-chips', attrs: { role: 'list', 'aria-label': 'Mentions sent with this message' } }, chips.map(chipElement))];
}

function chipElement(chip: MentionChip): HTMLElement {
  const title = `${chip.label}: ${chip.lines} ${chip.lines === 1 ? 'line' : 'lines'} sent with the message`;
  const content = [icon(ICONS[chip.tag]), h('span', { text: chip.label })];
  if (chip.path === undefined) return h('span', { class: 'mention-chip', attrs: { role: 'listitem', title } }, content);
  const attrs: Record<string, string> = { type: 'button', role: 'listitem', title: `Open ${title}`, 'data-action': 'open-mention', 'data-path': chip.path };
  if (chip.range) Object.assign(attrs, { 'data-first': String(chip.range.first), 'data-last': String(chip.range.last) });
  return h('button', { class: 'mention-chip', attrs }, content);
}
