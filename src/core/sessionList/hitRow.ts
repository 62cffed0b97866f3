/**
 * How a search hit reads in the results list: the snippet with the match, then which session it
 * is in and whether it lies on the branch the session is at or on an abandoned one, then its kind
 * and the session's age. What the session file says is plain text: a quick pick would draw `$(name)`
 * as an icon.
 */
import type { SearchField, SearchHit } from '../search';
import { plainText } from '../util/plainText';
import { relativeAge } from './row';

export interface HitRow {
  label: string;
  description: string;
  detail: string;
}

export interface HitContext {
  /** The session's title (`sessionTitle`). */
  sessionTitle: string;
  modified: Date;
  /** The hit lies on the path to the session's position (for the open session: its position now). */
  onBranch: boolean;
  now: Date;
}

const FIELD_NAMES: Record<SearchField, string> = {
  text: 'text',
  thinking: 'thinking',
  'tool-call': 'tool call',
  'tool-result': 'tool result',
  bash: 'shell command',
  error: 'error',
  summary: 'summary',
  label: 'label',
  name: 'session name',
  custom: 'extension message',
};

export function hitRow(hit: SearchHit, context: HitContext): HitRow {
  const branch = context.onBranch ? 'current branch' : 'abandoned branch';
  const matches = hit.matchCount > 1 ? ` · ${hit.matchCount} matches` : '';
  return {
    label: plainText(hit.snippet),
    description: `${plainText(context.sessionTitle)} · ${branch}`,
    detail: `${plainText(whatMatched(hit))}${matches} · ${relativeAge(context.modified, context.now)}`,
  };
}

const KIND_NAMES: Record<string, string> = {
  compaction: 'compaction summary',
  branch_summary: 'branch summary',
  label: 'label',
  session_info: 'session name',
  custom_message: 'extension message',
};

/** "user message", "assistant thinking", "tool result", "compaction summary", … */
function whatMatched(hit: SearchHit): string {
  if (!hit.kind.startsWith('message:')) return KIND_NAMES[hit.kind] ?? hit.kind.replace(/_/g, ' ');
  const role = hit.kind.slice('message:'.length);
  // Tool results and shell commands say what they are through their field alone.
  if (role !== 'user' && role !== 'assistant') return FIELD_NAMES[hit.field];
  return hit.field === 'text' ? `${role} message` : `${role} ${FIELD_NAMES[hit.field]}`;
}
