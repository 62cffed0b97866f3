/**
 * The pinned state the chat shows: every item but a compaction (whose summary is carried anyway)
 * and every tool result inside a reply says whether its entry is pinned. Set on a branch when it is
 * sent, then changed one entry at a time as pin entries are appended — from the chat, the Session
 * Tree, `arbor pin` or another window — so the chat never rebuilds the branch for a pin.
 */
import type { ChatItem } from './items';

/** Marks the items of `items` whose entries are in `pinned` (in place; they were just built). */
export function markPinned(items: readonly ChatItem[], pinned: ReadonlySet<string>): void {
  if (pinned.size === 0) return;
  for (const item of items) {
    if (item.kind !== 'compaction' && pinned.has(item.id)) item.pinned = true;
    if (item.kind !== 'assistant') continue;
    for (const block of item.blocks) if (block.type === 'toolCall' && block.resultId !== undefined && pinned.has(block.resultId)) block.resultPinned = true;
  }
}

/** Sets the pinned state of entry `entryId` on `item` (the item itself or one of its tool results); says whether it held that entry. */
export function setItemPin(item: ChatItem, entryId: string, pinned: boolean): boolean {
  if (item.kind === 'compaction') return false;
  if (item.id === entryId) {
    item.pinned = pinned;
    return true;
  }
  if (item.kind !== 'assistant') return false;
  const block = item.blocks.find((candidate) => candidate.type === 'toolCall' && candidate.resultId === entryId);
  if (block?.type !== 'toolCall') return false;
  block.resultPinned = pinned;
  return true;
}
