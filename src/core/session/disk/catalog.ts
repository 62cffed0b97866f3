/**
 * Listing the sessions of a folder (as pi's session list does) for pickers: id, name, first user
 * message, modified time, message count — newest first.
 *
 * Files are scanned line by line in chunks; only the header, the first user message and
 * `session_info` lines are JSON-parsed. Lines written by pi or Arbor start with `{"type":"…"`,
 * so the type is read from that prefix; any other line is parsed to be sure.
 */
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { isHeader } from '../jsonl';
import { oneLineName } from '../text';
import { userText } from '../userText';
import { entryProblem, headerProblem } from '../validate';
import { openSessionToRead } from './openToRead';

export interface SessionSummary {
  file: string;
  id: string;
  cwd: string;
  name: string | undefined;
  parentSession: string | undefined;
  created: string;
  modified: Date;
  /** The file's size in bytes. */
  size: number;
  messageCount: number;
  /** Text of the first user message with text, or "(no messages)". */
  firstMessage: string;
}

const TYPE_PREFIX = '{"type":"';
/** A header is a few hundred characters; a first line longer than this is not one (a file without newlines is not read to its end). */
const MAX_HEADER_CHARS = 64 * 1024;

/** Sessions in `dir` (not recursive), newest modification first; unreadable or foreign files are skipped. */
export async function listSessions(dir: string): Promise<SessionSummary[]> {
  const summaries = await Promise.all((await sessionFilesIn(dir)).map((file) => summarizeSessionFile(file)));
  return summaries.filter((s): s is SessionSummary => s !== undefined).sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/** The paths of the `*.jsonl` files in `dir` (not recursive), in listing order; [] when the folder cannot be read. */
export async function sessionFilesIn(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((name) => name.endsWith('.jsonl')).map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/**
 * The summary of `file`, or undefined when it is not a session. Only a regular file is read (a
 * link to one is followed, as a listing shows what its names lead to): a FIFO, a device or a link
 * to one is left out at once, without waiting on it.
 */
export async function summarizeSessionFile(file: string): Promise<SessionSummary | undefined> {
  let handle: FileHandle;
  try {
    handle = await openSessionToRead(file);
  } catch {
    return undefined;
  }
  try {
    return await summarizeOpened(file, handle);
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

async function summarizeOpened(file: string, handle: FileHandle): Promise<SessionSummary | undefined> {
  const stat = await handle.stat();
  const scan = new LineScanner();
  // autoClose off: the handle is closed by the caller, also when the scan stops early.
  for await (const chunk of handle.createReadStream({ encoding: 'utf8', highWaterMark: 1 << 20, start: 0, autoClose: false })) {
    if (!scan.feed(chunk as string)) return undefined;
  }
  scan.end();
  const header = scan.header;
  if (!header) return undefined;
  return {
    file,
    id: header.id,
    cwd: typeof header.cwd === 'string' ? header.cwd : '',
    name: scan.name,
    parentSession: typeof header.parentSession === 'string' ? header.parentSession : undefined,
    created: typeof header.timestamp === 'string' ? header.timestamp : '',
    modified: stat.mtime,
    size: stat.size,
    messageCount: scan.messageCount,
    firstMessage: scan.firstMessage ?? '(no messages)',
  };
}

class LineScanner {
  header: { id: string; cwd?: unknown; timestamp?: unknown; parentSession?: unknown } | undefined;
  name: string | undefined;
  messageCount = 0;
  firstMessage: string | undefined;
  private rest = '';
  private sawFirst = false;

  /** Returns false when the file turned out not to be a session (its first line is not a header, or too long for one). */
  feed(chunk: string): boolean {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) if (!this.line(line)) return false;
    return this.sawFirst || this.rest.length <= MAX_HEADER_CHARS;
  }

  end(): void {
    this.line(this.rest);
  }

  private line(raw: string): boolean {
    const line = raw.trim();
    if (line === '') return true;
    if (!this.sawFirst) {
      this.sawFirst = true;
      const value = parse(line);
      // A header Arbor would refuse to open (validate.ts) is not listed either.
      if (!isHeader(value) || headerProblem(value) !== undefined) return false;
      this.header = value;
      return true;
    }
    const type = line.startsWith(TYPE_PREFIX) ? line.slice(TYPE_PREFIX.length, line.indexOf('"', TYPE_PREFIX.length)) : undefined;
    if (type === 'message') this.message(line);
    else if (type === 'session_info') this.sessionInfo(parse(line));
    else if (type === undefined) this.other(parse(line), line);
    return true;
  }

  /** `value` is the parsed line when the caller already parsed it. */
  private message(line: string, value?: unknown): void {
    this.messageCount++;
    if (this.firstMessage !== undefined) return;
    // Cheap pre-check: only lines that can be user messages are parsed.
    if (value === undefined && !line.includes('"user"')) return;
    const entry = (value ?? parse(line)) as { message?: { role?: unknown; content?: never } } | undefined;
    if (entry?.message?.role !== 'user') return;
    // An entry the session would leave out (validate.ts) does not name the session either.
    if (entryProblem(entry as Record<string, unknown>) !== undefined) return;
    const text = userText(entry.message.content, ' ');
    if (text.trim() !== '') this.firstMessage = text;
  }

  private sessionInfo(value: unknown): void {
    const name = (value as { name?: unknown } | undefined)?.name;
    const trimmed = typeof name === 'string' ? oneLineName(name) : '';
    this.name = trimmed === '' ? undefined : trimmed;
  }

  private other(value: unknown, line: string): void {
    const type = (value as { type?: unknown } | undefined)?.type;
    if (type === 'message') this.message(line, value);
    else if (type === 'session_info') this.sessionInfo(value);
  }
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
