/**
 * The Session Tree's filters (pi's /tree ones, adapted to a VS Code view): a mode — everything but
 * settings entries (pi's "default"), user messages only, labeled entries only — and a toggle that
 * adds the settings/bookkeeping entries back to the first mode (pi's "all"). Context edits and
 * usage records are bookkeeping as in pi 1.6: an edit's target says what it did
 * (core/session/contextMarks); pi hides usage records in every mode, the toggle shows them here so
 * that no entry of the file is out of reach. Two kinds of entry are hidden whatever the filter, as
 * in pi: Arbor's position markers, and assistant steps that only call tools (no text, stopped for a
 * tool or normally) unless one is the current position — the tool result's row below it stands
 * for the call.
 */
import { isPositionMarker, messageRole, type SessionEntry, type SessionTree } from '../session';

export type TreeFilterMode = 'all' | 'user' | 'labeled';

export interface TreeFilter {
  readonly mode: TreeFilterMode;
  /** Label, context-edit, usage, custom, model/thinking change and session-info entries; only in the `all` mode. */
  readonly showSettings: boolean;
}

export const DEFAULT_TREE_FILTER: TreeFilter = { mode: 'all', showSettings: false };

export const TREE_FILTER_MODES: readonly TreeFilterMode[] = ['all', 'user', 'labeled'];

const SETTINGS_TYPES: ReadonlySet<string> = new Set(['label', 'context_edit', 'usage', 'custom', 'model_change', 'thinking_level_change', 'session_info']);

export function isSettingsEntry(entry: SessionEntry): boolean {
  return SETTINGS_TYPES.has(entry.type);
}

/** An assistant message with no text of its own that ended normally or to call tools. */
export function isPureToolStep(entry: SessionEntry): boolean {
  if (entry.type !== 'message' || messageRole(entry) !== 'assistant') return false;
  const message = entry.message as { content?: unknown; stopReason?: unknown };
  if (message.stopReason !== 'stop' && message.stopReason !== 'toolUse') return false;
  const content = Array.isArray(message.content) ? (message.content as { type?: unknown; text?: unknown }[]) : [];
  return !content.some((block) => block?.type === 'text' && typeof block.text === 'string' && block.text.trim() !== '');
}

/** What the filter hides, for a tree at a position (the position's own entry is never hidden as a tool step). */
export function hiddenBy(filter: TreeFilter, tree: SessionTree, leafId: string | null): (entry: SessionEntry) => boolean {
  return (entry) => {
    if (isPositionMarker(entry)) return true;
    if (entry.id !== leafId && isPureToolStep(entry)) return true;
    switch (filter.mode) {
      case 'user':
        return messageRole(entry) !== 'user';
      case 'labeled':
        return tree.labelOf(entry.id) === undefined;
      case 'all':
        return !filter.showSettings && isSettingsEntry(entry);
    }
  };
}

/** The filter as the view's description says it; undefined for the default (nothing to say). */
export function filterDescription(filter: TreeFilter): string | undefined {
  switch (filter.mode) {
    case 'user':
      return 'user messages';
    case 'labeled':
      return 'labeled entries';
    case 'all':
      return filter.showSettings ? 'with settings entries' : undefined;
  }
}

/** A filter read back from storage; anything unreadable gives the default. */
export function parseTreeFilter(value: unknown): TreeFilter {
  if (typeof value !== 'object' || value === null) return DEFAULT_TREE_FILTER;
  const { mode, showSettings } = value as { mode?: unknown; showSettings?: unknown };
  return {
    mode: TREE_FILTER_MODES.includes(mode as TreeFilterMode) ? (mode as TreeFilterMode) : 'all',
    showSettings: showSettings === true,
  };
}
