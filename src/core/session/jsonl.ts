/**
 * Parsing and serializing session JSONL (one JSON object per line, header first) — pure, no I/O.
 *
 * Unlike pi, nothing is dropped silently: every line that is not a usable entry is reported with
 * its line number and a reason, and a last line without its newline (a crash mid-write) is
 * reported as a torn tail so the file layer can repair it before the next append.
 */
import type { SessionEntry, SessionHeader } from './types';
import { stripBom } from '../util/bom';
import { errorMessage } from '../util/errors';
import { stringifyJson } from '../util/jsonText';
import { normalizeEntry } from './normalize';
import { entryProblem, headerProblem } from './validate';

export interface MalformedLine {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}

/** The bytes after the last newline, when the file does not end with one. */
export interface TornTail {
  /** Byte offset where the unterminated last line starts. */
  offset: number;
  /** Its length in bytes. */
  length: number;
  /** True if those bytes are nevertheless one complete JSON object (only the newline is missing). */
  complete: boolean;
}

export interface ParsedSessionFile {
  /** The first parsed object if it is a valid header, else undefined ("not a session file"). */
  header: SessionHeader | undefined;
  /** 1-based line number of the header (0 when there is none). */
  headerLine: number;
  entries: SessionEntry[];
  /** 1-based line number of each entry, parallel to `entries`. */
  entryLines: number[];
  malformed: MalformedLine[];
  tornTail: TornTail | undefined;
}

const NEWLINE = 0x0a;

/** Parses the bytes of a session file. Never throws. */
export function parseSessionBytes(bytes: Uint8Array): ParsedSessionFile {
  return parseSessionTextWithTail(decodeUtf8(bytes), findTornTail(bytes));
}

/**
 * Parses session text whose unterminated last line (if any) starts at byte `torn.offset` of the
 * file. Lets the file layer read the file as text and locate a torn tail from its last bytes only.
 */
export function parseSessionTextWithTail(text: string, torn: Omit<TornTail, 'complete'> | undefined): ParsedSessionFile {
  const result = parseSessionText(text);
  if (torn) {
    const lastLineNumber = countLines(text);
    // A torn line that is not valid JSON was already reported as malformed: say why.
    const reported = result.malformed.find((m) => m.line === lastLineNumber);
    if (reported) reported.reason = `torn last line (no newline): ${reported.reason}`;
    result.tornTail = { ...torn, complete: !reported };
  }
  return result;
}

/** Parses session text. Blank lines are ignored; CRLF and a leading BOM are accepted. */
export function parseSessionText(text: string): ParsedSessionFile {
  const entries: SessionEntry[] = [];
  const entryLines: number[] = [];
  const malformed: MalformedLine[] = [];
  let header: SessionHeader | undefined;
  let headerLine = 0;
  let sawFirstObject = false;
  const lines = stripBom(text).split('\n');
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!;
    const lineNumber = index + 1;
    if (isBlank(raw)) continue;
    const parsed = parseLine(raw);
    if (typeof parsed === 'string') {
      malformed.push({ line: lineNumber, reason: parsed });
      continue;
    }
    if (!sawFirstObject) {
      sawFirstObject = true;
      if (isHeader(parsed)) {
        const problem = headerProblem(parsed);
        // A header readers cannot use leaves the file without one: "not a session file".
        if (problem !== undefined) malformed.push({ line: lineNumber, reason: problem });
        else header = parsed;
        headerLine = problem === undefined ? lineNumber : 0;
        continue;
      }
    }
    if (parsed.type === 'session') {
      malformed.push({ line: lineNumber, reason: 'extra session header' });
      continue;
    }
    entries.push(parsed as unknown as SessionEntry);
    entryLines.push(lineNumber);
  }
  return { header, headerLine, entries, entryLines, malformed, tornTail: undefined };
}

/**
 * Moves the entries readers cannot use (see validate.ts) to `malformed`, with their line numbers
 * (the others get empty content where theirs is null: normalize.ts):
 * they are then left out of the tree exactly as unparseable lines are, and carried verbatim by a
 * rewrite. Run after migration (v1 entries get their ids there). `chained`: the parents were
 * assigned by the v1 migration, so an entry whose parent was left out takes that parent's parent,
 * as it would if the line had not been JSON at all. Returns `parsed` itself when all are usable.
 */
export function screenEntries(parsed: ParsedSessionFile, chained = false): ParsedSessionFile {
  const { entries: all, entryLines: allLines } = parsed;
  let first = 0;
  while (first < all.length && entryProblem(all[first]!) === undefined) normalizeEntry(all[first++]!);
  if (first === all.length) return parsed;
  const entries = all.slice(0, first);
  const entryLines = allLines.slice(0, first);
  const malformed = [...parsed.malformed];
  const skippedParent = new Map<string, string | null>();
  for (let index = first; index < all.length; index++) {
    const entry = all[index]!;
    const problem = entryProblem(entry);
    if (problem === undefined) {
      normalizeEntry(entry);
      if (chained && typeof entry.parentId === 'string' && skippedParent.has(entry.parentId)) entry.parentId = skippedParent.get(entry.parentId)!;
      entries.push(entry);
      entryLines.push(allLines[index]!);
      continue;
    }
    malformed.push({ line: allLines[index]!, reason: problem });
    if (chained && typeof entry.id === 'string') {
      const parent = entry.parentId;
      skippedParent.set(entry.id, typeof parent === 'string' && skippedParent.has(parent) ? skippedParent.get(parent)! : (parent as string | null));
    }
  }
  malformed.sort((a, b) => a.line - b.line);
  return { ...parsed, entries, entryLines, malformed };
}

/** One entry or header as one line, newline included; any depth (a file may nest values 100 000 deep). */
export function serializeLine(value: SessionEntry | SessionHeader): string {
  return `${stringifyJson(value)}\n`;
}

export function isHeader(value: unknown): value is SessionHeader {
  if (!isObject(value)) return false;
  return value.type === 'session' && typeof value.id === 'string';
}

function parseLine(raw: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return `invalid JSON: ${errorMessage(error)}`;
  }
  if (!isObject(value)) return 'not a JSON object';
  if (typeof value.type !== 'string') return 'object without a string "type"';
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function findTornTail(bytes: Uint8Array): Omit<TornTail, 'complete'> | undefined {
  if (bytes.length === 0 || bytes[bytes.length - 1] === NEWLINE) return undefined;
  const lastNewline = bytes.lastIndexOf(NEWLINE);
  const offset = lastNewline + 1;
  return { offset, length: bytes.length - offset };
}

function decodeUtf8(bytes: Uint8Array): string {
  return Buffer.isBuffer(bytes) ? bytes.toString('utf8') : new TextDecoder('utf-8').decode(bytes);
}

/** Cheap for the usual line, which starts with `{`. */
function isBlank(line: string): boolean {
  return line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '');
}

function countLines(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
