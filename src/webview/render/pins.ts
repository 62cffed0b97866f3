// A pinned entry's mark and its Pin / Unpin button (the same pins as the Session Tree's and `arbor pin`).
import { actionButton, h, icon } from './dom';

/** Says an entry is pinned: every compaction carries it word for word. */
export function pinnedMark(label: string): HTMLElement {
  return h('span', { class: 'pinned-mark', attrs: { title: 'Pinned: every compaction carries it word for word' } }, [icon('pinned'), h('span', { text: label })]);
}

/** Pin / Unpin of one entry (`what`: message, reply, result), as an icon button. */
export function pinButton(entryId: string, pinned: boolean, what: string): HTMLButtonElement {
  return actionButton('pin', pinned ? `Unpin this ${what}` : `Pin this ${what}`, pinned ? 'pinned' : 'pin', { id: entryId, pin: String(!pinned) }, false);
}
