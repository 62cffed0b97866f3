/**
 * `recall`: the exact original messages behind the summaries on the current branch, and behind
 * the messages the model sees edited there (never one hidden from it), found by
 * words (every word must occur, matched as the session search matches) or by entry id. Results are
 * budgeted: whole messages, oldest first, until the budget; what did not fit is counted.
 */
import { compileQuery, searchableTexts, type CompiledQuery, type SearchableText } from '../search';
import { contextMarksOf, entryKind, type ContextEditEntry, type SessionEntry } from '../session';
import { fencedCode } from '../util/markdownSafe';
import { summarizedEnd } from './summarized';

/** About 6 000 tokens of originals per call. */
export const RECALL_BUDGET_CHARS = 24_000;
/** A single message longer than this is cut (its id lets the model ask for it alone). */
export const RECALL_MESSAGE_CHARS = 8_000;

export interface RecalledEntry {
  id: string;
  /** `message:user`, `custom_message`, … (as `entryKind`). */
  kind: string;
  text: string;
  /** The text was cut to `RECALL_MESSAGE_CHARS`. */
  cut: boolean;
}

export interface RecallResult {
  entries: RecalledEntry[];
  /** Matches left out by the budget. */
  omitted: number;
  /** Entries searched: those the compactions summarized on this branch and those the model sees edited. */
  searched: number;
}

export interface RecallOptions {
  budgetChars?: number;
  messageChars?: number;
}

/**
 * Searches the originals of `path` for `query` (an entry id, or words): the messages its
 * compactions summarized, and those the model sees edited (a shortened output's full text). An
 * entry hidden from the model on this branch is never returned: it was taken out of the model's view.
 */
export function recall(path: readonly SessionEntry[], query: string, options: RecallOptions = {}): RecallResult {
  const candidates = recallable(path);
  const trimmed = query.trim();
  const byId = candidates.find((entry) => entry.id === trimmed);
  const matches = byId ? [byId] : findByWords(candidates, wordQueries(trimmed));
  return budgeted(matches, candidates.length, options);
}

/** The summarized entries and those edited at the end of the path, hidden ones left out; path order. */
function recallable(path: readonly SessionEntry[]): SessionEntry[] {
  const end = summarizedEnd(path);
  const marks = contextMarksOf(path);
  const hidden = hiddenOnPath(path);
  // A summary is not an original; a label or a name is not a message.
  return path.filter((entry, index) =>
    (index < end || marks.get(entry.id) === 'edited') &&
    !hidden.has(entry.id) &&
    entry.type !== 'compaction' &&
    entry.type !== 'label' &&
    entry.type !== 'session_info' &&
    searchableTexts(entry).length > 0,
  );
}

/** Entries whose latest edit on the path hides them (a compaction since does not show them again). */
function hiddenOnPath(path: readonly SessionEntry[]): Set<string> {
  const latest = new Map<string, boolean>();
  for (const entry of path) if (entry.type === 'context_edit') latest.set((entry as ContextEditEntry).targetId, (entry as ContextEditEntry).replacement === null);
  return new Set([...latest].filter(([, hidden]) => hidden).map(([id]) => id));
}

function findByWords(candidates: readonly SessionEntry[], words: CompiledQuery[]): SessionEntry[] {
  return candidates.filter((entry) => {
    const texts = searchableTexts(entry);
    return words.every((word) => texts.some((text) => word.find(text.text) !== undefined));
  });
}

/** One plain query per word (the session search's matcher); throws `SearchQueryError` for an empty query. */
function wordQueries(query: string): CompiledQuery[] {
  const words = query.split(/\s+/).filter((word) => word !== '');
  return (words.length > 0 ? words : [query]).map((word) => compileQuery({ text: word }));
}

function budgeted(matches: readonly SessionEntry[], searched: number, options: RecallOptions): RecallResult {
  const budget = options.budgetChars ?? RECALL_BUDGET_CHARS;
  const perMessage = options.messageChars ?? RECALL_MESSAGE_CHARS;
  const entries: RecalledEntry[] = [];
  let used = 0;
  for (const entry of matches) {
    const full = originalText(searchableTexts(entry));
    const cut = full.length > perMessage;
    const text = cut ? full.slice(0, perMessage) : full;
    if (entries.length > 0 && used + text.length > budget) break;
    entries.push({ id: entry.id, kind: entryKind(entry), text, cut });
    used += text.length;
  }
  return { entries, omitted: matches.length - entries.length, searched };
}

/** The entry's texts as stored; all but its plain text are marked with what they are. */
export function originalText(texts: readonly SearchableText[]): string {
  return texts.map((part) => (part.field === 'text' ? part.text : `[${part.field}] ${part.text}`)).join('\n');
}

/** The tool's answer: each original under its id and kind, in a fence its text cannot close. */
export function recallText(query: string, result: RecallResult): string {
  if (result.searched === 0) return 'Nothing on this branch has been summarized or edited yet: there are no originals to recall.';
  if (result.entries.length === 0) return `No summarized or edited message on this branch matches "${query}".`;
  const blocks = result.entries.map((entry) => `[entry ${entry.id} · ${entry.kind}${entry.cut ? ' · cut' : ''}]\n${fencedCode(entry.text)}`);
  const more = result.omitted > 0 ? `\n\n${result.omitted} more matching message${result.omitted === 1 ? '' : 's'} left out (budget): narrow the query, or recall one by its entry id.` : '';
  return `${blocks.join('\n\n')}${more}`;
}
