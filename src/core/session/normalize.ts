/**
 * Content that is null or absent, as old versions, forks and hand-edited files can hold. pi 1.6
 * reads it as empty (an empty string for a system message, no blocks for the others) instead of
 * failing; Arbor makes the same change in memory when it reads the entry (after `entryProblem`
 * accepted it), so every reader sees content of the type it expects. The file is not changed.
 */
import type { SessionEntry } from './types';

const BLOCK_ROLES: ReadonlySet<unknown> = new Set(['user', 'assistant', 'toolResult', 'custom']);

/** Gives null or absent content its empty value, in place. Returns the entry. */
export function normalizeEntry(entry: SessionEntry): SessionEntry {
  if (entry.type === 'message') {
    const message = entry.message as { role: unknown; content?: unknown } | undefined;
    if (message && message.content == null) {
      if (message.role === 'system') message.content = '';
      else if (BLOCK_ROLES.has(message.role)) message.content = [];
    }
  } else if (entry.type === 'custom_message') {
    if (entry.content == null) entry.content = [];
  } else if (entry.type === 'compaction') {
    const checkpoint = entry.systemMessage as { content?: unknown } | undefined;
    if (checkpoint && checkpoint.content == null) checkpoint.content = '';
  }
  return entry;
}
