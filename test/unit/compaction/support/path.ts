/**
 * Builders for raw path arrays (root→leaf), for the pure functions that take `pathEntries`:
 * ids `e1`, `e2`, … in order, each the parent of the next, entry timestamps after the message
 * timestamps they hold, so "older than the compaction" works as in real files.
 */
import type { Json, SessionEntry, StoredMessage } from '../../../../src/core/session';

export type EntrySpec = StoredMessage | { type: string; [field: string]: unknown };

export function pathOf(...specs: EntrySpec[]): SessionEntry[] {
  const entries: SessionEntry[] = [];
  let clock = 0;
  specs.forEach((spec, index) => {
    const isMessage = 'role' in spec;
    const messageTime = isMessage ? (spec as StoredMessage).timestamp : 0;
    clock = Math.max(clock + 1, messageTime);
    const fields = isMessage ? { type: 'message', message: spec } : spec;
    const id = isMessage ? undefined : (spec as { id?: unknown }).id;
    const explicitId = typeof id === 'string' ? id : undefined;
    entries.push({
      id: explicitId ?? `e${index + 1}`,
      parentId: index === 0 ? null : entries[index - 1]!.id,
      timestamp: new Date(clock).toISOString(),
      ...fields,
    } as SessionEntry);
  });
  return entries;
}

export const thinkingChange = (level = 'high'): EntrySpec => ({ type: 'thinking_level_change', thinkingLevel: level });
export const modelChange = (): EntrySpec => ({ type: 'model_change', provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
export const labelEntry = (targetId: string, label = 'x'): EntrySpec => ({ type: 'label', targetId, label });
export const customMessage = (content: string): EntrySpec => ({ type: 'custom_message', customType: 'note', content, display: true });
export const branchSummaryEntry = (summary: string, details?: Json): EntrySpec => ({
  type: 'branch_summary',
  fromId: 'elsewhere',
  summary,
  ...(details !== undefined ? { details } : {}),
});
export const compactionEntry = (fields: { summary: string; firstKeptEntryId: string; details?: Json; fromHook?: boolean }): EntrySpec => ({
  type: 'compaction',
  tokensBefore: 1000,
  ...fields,
});

/** A string of `n` characters (so pi's estimate is ceil(n / 4)). */
export const chars = (n: number, fill = 'x'): string => fill.repeat(n);
