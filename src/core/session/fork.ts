/**
 * What a fork copies, as pi's does: the path root→leaf without its label entries, followed by
 * one fresh label entry per label that currently applies to an entry of that path (keeping the
 * original label timestamps, as pi does). Entries keep their ids and timestamps; parents are
 * re-chained over the left-out labels, and a compaction whose first kept entry was one of them
 * keeps from the next entry copied instead (pi 1.6), so the fork's context is the source's.
 */
import { newEntryId } from './ids';
import { messageRole } from './kind';
import { messageText } from './text';
import type { SessionTree } from './tree';
import type { CompactionEntry, LabelEntry, SessionEntry } from './types';

export function branchedEntries(tree: SessionTree, leafId: string): SessionEntry[] {
  const path = tree.pathTo(leafId);
  if (path.length === 0) throw new Error(`Entry ${leafId} not found`);
  const copied: SessionEntry[] = [];
  // A label left out is replaced, as a compaction's first kept entry, by the next entry copied.
  const replacing = new Map<string, string>();
  let pendingLabels: string[] = [];
  for (const entry of path) {
    if (entry.type === 'label') {
      pendingLabels.push(entry.id);
      continue;
    }
    for (const label of pendingLabels) replacing.set(label, entry.id);
    pendingLabels = [];
    // Re-chain over the removed label entries so the copy is one unbroken path.
    const copy: SessionEntry = { ...entry, parentId: copied.at(-1)?.id ?? null };
    if (copy.type === 'compaction') {
      const compaction = copy as CompactionEntry;
      if (compaction.firstKeptEntryId !== compaction.id) compaction.firstKeptEntryId = replacing.get(compaction.firstKeptEntryId) ?? compaction.firstKeptEntryId;
    }
    copied.push(copy);
  }
  const taken = new Set(copied.map((entry) => entry.id));
  let parentId = copied[copied.length - 1]?.id ?? null;
  const labels: LabelEntry[] = [];
  for (const entry of copied) {
    const state = tree.labelOf(entry.id);
    if (!state) continue;
    const id = newEntryId((candidate) => taken.has(candidate));
    taken.add(id);
    labels.push({ type: 'label', id, parentId, timestamp: state.timestamp, targetId: entry.id, label: state.label });
    parentId = id;
  }
  return [...copied, ...labels];
}

export interface ForkableMessage {
  id: string;
  text: string;
}

/** Every user message with text, on all branches, in file order (pi's /fork list). */
export function userMessagesForForking(tree: SessionTree): ForkableMessage[] {
  const result: ForkableMessage[] = [];
  for (const entry of tree.entries) {
    if (messageRole(entry) !== 'user') continue;
    const text = messageText(entry.message as { content?: never });
    if (text.trim() !== '') result.push({ id: entry.id, text });
  }
  return result;
}
