/**
 * Full-text search in the text of one session file (pure: the text in, the hits out).
 *
 * The prefilter (see query.ts) decides which lines to parse. For a plain query the lower-cased
 * file is scanned for the query once, and only the lines around those places are looked at;
 * lines the prefilter keeps are parsed and their decoded texts searched. Structure (which entry
 * is on the current branch) is worked out only for files with a hit, from each line's leading
 * `"type","id","parentId"` fields read by a pattern (the order pi and Arbor write), falling back
 * to a full parse for a line written in another order.
 */
import { CURRENT_SESSION_VERSION, entryKind, isHeader, migrateToCurrent, oneLineName, parseSessionText, positionOnOpen, POSITION_MARKER_TYPE, SessionTree, type SessionEntry } from '../session';
import { searchableTexts, type SearchField } from './entryText';
import type { CompiledQuery } from './query';
import { snippetAround } from './snippet';

export interface SearchHit {
  file: string;
  sessionId: string;
  sessionName: string | undefined;
  entryId: string;
  /** The entry's type, or `message:<role>` (as `entryKind`). */
  kind: string;
  /** Which text of the entry matched. */
  field: SearchField;
  snippet: string;
  /** The match within `snippet`. */
  matchStart: number;
  matchEnd: number;
  /** How many matches that text holds. */
  matchCount: number;
  /** On the path root → the position the session reopens at. */
  onCurrentBranch: boolean;
}

export interface FileSearchResult {
  file: string;
  sessionId: string | undefined;
  sessionName: string | undefined;
  hits: SearchHit[];
  /** Lines that held a possible match but were not valid JSON (skipped). */
  malformedLines: number;
}

interface Line {
  text: string;
  start: number;
}

export function searchSessionText(file: string, text: string, query: CompiledQuery, limit = Infinity): FileSearchResult {
  const lines = splitLines(text);
  const header = parseObject(lines[0]?.text ?? '');
  const sessionId = isHeader(header) ? header.id : undefined;
  const result: FileSearchResult = { file, sessionId, sessionName: undefined, hits: [], malformedLines: 0 };
  if (isHeader(header) && (header.version ?? 1) < CURRENT_SESSION_VERSION) return searchOldFormat(result, text, query, limit);
  const found: Found[] = [];
  for (const line of candidateLines(text, lines, query)) {
    if (line === lines[0] && sessionId !== undefined) continue;
    const entry = parseObject(line.text) as SessionEntry | undefined;
    if (!entry || typeof entry.id !== 'string') {
      result.malformedLines++;
      continue;
    }
    for (const searchable of searchableTexts(entry)) found.push({ entry, ...searchable });
  }
  if (found.length === 0) return result;
  result.sessionName = lastSessionName(lines);
  return collectHits(result, found, currentBranch(lines), query, limit);
}

type Found = { entry: SessionEntry; field: SearchField; text: string };

/**
 * A v1/v2 file (entries without ids, or older shapes) is parsed and migrated whole, as opening it
 * would. v1 ids are made up at each read until Arbor rewrites the file at its first append, so a
 * hit's id there only holds for the tree read at the same time.
 */
function searchOldFormat(result: FileSearchResult, text: string, query: CompiledQuery, limit: number): FileSearchResult {
  const parsed = parseSessionText(text);
  if (parsed.header) migrateToCurrent(parsed.header, parsed.entries);
  result.malformedLines = parsed.malformed.length;
  const tree = SessionTree.fromEntries(parsed.entries);
  result.sessionName = tree.sessionName;
  const found = parsed.entries.flatMap((entry) => searchableTexts(entry).map((searchable) => ({ entry, ...searchable })));
  return collectHits(result, found, new Set(tree.pathTo(positionOnOpen(tree)).map((entry) => entry.id)), query, limit);
}

function collectHits(result: FileSearchResult, found: readonly Found[], branch: ReadonlySet<string>, query: CompiledQuery, limit: number): FileSearchResult {
  const { file, sessionId } = result;
  for (const { entry, field, text: entryText } of found) {
    if (result.hits.length >= limit) break;
    const matched = query.find(entryText);
    if (!matched) continue;
    const snippet = snippetAround(entryText, matched.match);
    result.hits.push({
      file,
      sessionId: sessionId ?? '',
      sessionName: result.sessionName,
      entryId: entry.id,
      kind: entryKind(entry),
      field,
      snippet: snippet.text,
      matchStart: snippet.start,
      matchEnd: snippet.end,
      matchCount: matched.count,
      onCurrentBranch: branch.has(entry.id),
    });
  }
  return result;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  for (let start = text.charCodeAt(0) === 0xfeff ? 1 : 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    lines.push({ text: text.slice(start, end), start });
    start = end + 1;
  }
  return lines;
}

/** Lines that may hold a match, in file order. */
function candidateLines(text: string, lines: readonly Line[], query: CompiledQuery): Line[] {
  const loweredFile = query.exactOnRaw ? text.toLowerCase() : undefined;
  // Lower-casing kept every offset (nearly always): find the query in the file once, take those lines.
  if (loweredFile !== undefined && loweredFile.length === text.length) {
    const picked: Line[] = [];
    let index = 0;
    for (let at = loweredFile.indexOf(query.lowered!); at >= 0; ) {
      while (index + 1 < lines.length && lines[index + 1]!.start <= at) index++;
      picked.push(lines[index]!);
      const next = lines[index + 1]?.start ?? text.length;
      at = loweredFile.indexOf(query.lowered!, next);
    }
    return picked;
  }
  return lines.filter((line) => query.mayMatch(line.text, line.text.toLowerCase()));
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function lastSessionName(lines: readonly Line[]): string | undefined {
  for (let i = lines.length - 1; i > 0; i--) {
    if (!lines[i]!.text.includes('"session_info"')) continue;
    const entry = parseObject(lines[i]!.text);
    if (entry?.type === 'session_info') return typeof entry.name === 'string' && entry.name.trim() !== '' ? oneLineName(entry.name) : undefined;
  }
  return undefined;
}

const LEADING_FIELDS = /^\{"type":"([^"\\]*)","id":"([^"\\]*)","parentId":(?:null|"([^"\\]*)")[,}]/;

/** Ids on the path root → the entry the file reopens at (its last entry, or a position marker's parent). */
function currentBranch(lines: readonly Line[]): Set<string> {
  const parents = new Map<string, string | null>();
  let last: { id: string; parent: string | null; marker: boolean } | undefined;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!.text;
    const fields = LEADING_FIELDS.exec(text);
    let type: unknown, id: unknown, parent: unknown;
    if (fields) [, type, id, parent] = [undefined, fields[1], fields[2], fields[3] ?? null];
    else ({ type, id, parentId: parent } = parseObject(text) ?? {});
    if (typeof id !== 'string' || typeof type !== 'string') continue;
    const parentId = typeof parent === 'string' ? parent : null;
    if (!parents.has(id)) parents.set(id, parentId);
    last = { id, parent: parentId, marker: type === 'custom' && text.includes(`"customType":"${POSITION_MARKER_TYPE}"`) };
  }
  const onBranch = new Set<string>();
  for (let id = last ? (last.marker ? last.parent : last.id) : null; id !== null && !onBranch.has(id); id = parents.get(id) ?? null) {
    onBranch.add(id);
  }
  return onBranch;
}
