/**
 * How "Switch Branch…" shows each branch: named by where it leaves the others, then (on the same
 * line, dimmed) whether it is the current one, how long ago it was written to, its size and its
 * label, and below, its last message. Two branches never read the same: when everything else
 * matches (the same prompt sent twice, answered the same), the leaf's id tells them apart.
 */
import { relativeAge } from '../util/localTime';
import type { BranchLeaf } from './branchLeaves';

export interface BranchItem {
  /** A codicon name: `target` for the current branch, `git-branch` for the others. */
  icon: 'target' | 'git-branch';
  /** Where the branch leaves the others. */
  label: string;
  /** Current or ahead, age, size, label. */
  description: string;
  /** The branch's last message. */
  detail: string;
  leaf: BranchLeaf;
}

/** The items for `leaves` (from `branchLeaves`, in its order); `now` for the ages. */
export function branchItems(leaves: readonly BranchLeaf[], now: Date): BranchItem[] {
  const items = leaves.map((leaf) => branchItem(leaf, now));
  const seen = new Map<string, number>();
  for (const item of items) seen.set(itemKey(item), (seen.get(itemKey(item)) ?? 0) + 1);
  return items.map((item) => ((seen.get(itemKey(item)) ?? 0) > 1 ? { ...item, detail: `${item.detail} · entry ${item.leaf.entryId}` } : item));
}

function branchItem(leaf: BranchLeaf, now: Date): BranchItem {
  const where = leaf.current ? 'current' : leaf.ahead ? 'continues from the current position' : undefined;
  const age = leaf.time !== undefined ? relativeAge(new Date(leaf.time), now) : undefined;
  const size = `${leaf.messages} message${leaf.messages === 1 ? '' : 's'}`;
  return {
    icon: leaf.current ? 'target' : 'git-branch',
    label: leaf.divergence || leaf.text || '(no messages)',
    description: [where, age, size, leaf.label !== undefined ? `“${leaf.label}”` : undefined].filter((part) => part !== undefined).join(' · '),
    detail: leaf.role ? `last: ${leaf.role}: ${leaf.text}` : 'no messages yet',
    leaf,
  };
}

function itemKey(item: BranchItem): string {
  return JSON.stringify([item.label, item.description, item.detail]);
}
