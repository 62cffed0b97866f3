/**
 * How a search hit reads in the results list: the snippet with the match, then which session it
 * is in and whether it lies on the branch the session is at or on an abandoned one, then its kind
 * and the session's age. What the session file says is plain text: a quick pick would draw `$(name)`
 * as an icon.
 */
import type { SearchField, SearchHit } from '../search';
import { plainLine } from '../util/markdownText';
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
    label: plainText(readableSnippet(hit)),
    description: `${plainText(context.sessionTitle)} · ${branch}`,
    detail: `${plainText(whatMatched(hit))}${matches} · ${relativeAge(context.modified, context.now)}`,
  };
}

/** Fields written in Markdown: their snippet is read as words. */
const MARKDOWN_FIELDS: ReadonlySet<SearchField> = new Set(['text', 'thinking', 'summary', 'custom']);

/**
 * The snippet as a reader wants it: Markdown as words ("**Use** `npm ci`" reads "Use npm ci"),
 * a tool call's JSON arguments as "name path: src/a.ts, limit: 20". The search matched the text
 * as stored; only what the row shows changes.
 */
function readableSnippet(hit: SearchHit): string {
  if (hit.field === 'tool-call') return readableArguments(hit.snippet);
  return MARKDOWN_FIELDS.has(hit.field) ? plainLine(hit.snippet) || hit.snippet : hit.snippet;
}

/** JSON's quotes and braces dropped, each key followed by ": ", pairs by ", ". */
function readableArguments(snippet: string): string {
  return snippet
    .replace(/"([^"\\\s]+)"\s*:\s*/g, '$1: ')
    .replace(/\\"|[{}"]/g, (found) => (found === '\\"' ? '"' : ''))
    .replace(/,(?=\S)/g, ', ')
    .trim();
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
