/**
 * A long branch is sent to the chat from its end, a window at a time, so opening a 5 000-message
 * session costs about what a short one does. A window never starts on a tool result: its call
 * would be in the window before, and the result would show on its own.
 */
import { messageRole, type SessionEntry } from '../session';

/** Entries per window: several screens of conversation. */
export const WINDOW_ENTRIES = 200;

export interface BranchWindow {
  entries: SessionEntry[];
  /** Entries remain before the window. */
  hasEarlier: boolean;
}

/** The window that ends just before index `end` of `branch` (the branch's length: its end). */
export function branchWindow(branch: readonly SessionEntry[], end = branch.length, size = WINDOW_ENTRIES): BranchWindow {
  let start = Math.max(0, end - size);
  while (start > 0 && messageRole(branch[start]!) === 'toolResult') start--;
  return { entries: branch.slice(start, end), hasEarlier: start > 0 };
}

/** The window before the entry `beforeId`; empty when it is not on the branch. */
export function windowBefore(branch: readonly SessionEntry[], beforeId: string, size = WINDOW_ENTRIES): BranchWindow {
  const end = branch.findIndex((entry) => entry.id === beforeId);
  return end < 0 ? { entries: [], hasEarlier: false } : branchWindow(branch, end, size);
}
