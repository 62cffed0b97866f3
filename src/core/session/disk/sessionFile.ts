/**
 * Session files on disk: open (with migration and torn-tail detection), create (the header is
 * written at once, unlike pi), append one complete line per entry, fsync, fork.
 *
 * This folder is the only part of the session layer that touches the disk or the clock.
 * Nothing here ever truncates or rewrites a readable entry: a file that is not a session is
 * refused and left as it is; a torn last line is saved beside the file before it is cut; a
 * migrated file is backed up before it is rewritten.
 */
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import * as path from 'node:path';
import { newSessionId } from '../ids';
import { parseSessionTextWithTail, screenEntries, serializeLine, type MalformedLine, type TornTail } from '../jsonl';
import { sessionFileName } from '../layout';
import { migrateToCurrent } from '../migrate';
import { Session, SessionError } from '../session';
import { SessionTree, type TreeProblems } from '../tree';
import { CURRENT_SESSION_VERSION, type SessionEntry, type SessionHeader } from '../types';
import { branchedEntries } from '../fork';
import { FileSink, seenFile, type PendingRepair, type SeenFile } from './fileSink';
import { readFailure, SessionFileError } from './fileErrors';
import { openSessionToRead } from './openToRead';
import { messageText } from '../text';
import { messageRole } from '../kind';
import { readRange, writeNewFile } from '../../util/safeFiles';
import type { StopPoints } from '../../util/stopPoints';
import type { DiskFaults } from './diskFaults';

export const systemClock = (): Date => new Date();

export { isNoSpace, notAFileWords, SessionFileError, type SessionFileErrorReason } from './fileErrors';

/** What was found while reading a file; nothing in it was dropped from the file itself. */
export interface LoadReport {
  malformed: MalformedLine[];
  tornTail: TornTail | undefined;
  /** The format version before in-memory migration, when the file was older than v3. */
  migratedFrom: number | undefined;
  problems: TreeProblems;
}

export interface LoadedSessionFile {
  file: string;
  header: SessionHeader;
  tree: SessionTree;
  report: LoadReport;
  /** What the file layer needs to repair before the first append. */
  repair: PendingRepair | undefined;
  /** What the file held when read, so that appends can tell what other programs added since. */
  seen: SeenFile;
}

/** Reads and indexes a session file without writing anything (the CLI's read-only commands use it). */
export function loadSessionFile(file: string): Promise<LoadedSessionFile> {
  return loadRead(file, false);
}

/** `exact`: keep the bytes read (a migration backs them up and compares the file with them). */
async function loadRead(file: string, exact: boolean): Promise<LoadedSessionFile> {
  const { text, tornTail, bytes, seen } = await readSessionText(file, exact);
  const rawParsed = parseSessionTextWithTail(text, tornTail);
  const header = rawParsed.header;
  if (!header) {
    const why = rawParsed.malformed.find((m) => m.reason.startsWith('session header:'))?.reason;
    throw new SessionFileError('not-a-session', file, `${file} is not a session file: ${why ?? 'its first line is not a session header'}`);
  }
  const migration = migrateToCurrent(header, rawParsed.entries);
  // Entries readers cannot use join the malformed lines: out of the tree, kept in the file.
  const parsed = screenEntries(rawParsed, migration.migratedFrom === 1);
  const tree = SessionTree.fromEntries(parsed.entries);
  let repair: PendingRepair | undefined;
  if (migration.migratedFrom !== undefined) {
    if (!bytes) return loadRead(file, true);
    repair = { kind: 'migration', from: migration.migratedFrom, original: bytes, parsed, tornTail: parsed.tornTail };
  } else if (parsed.tornTail) {
    repair = { kind: 'torn-tail', tornTail: parsed.tornTail };
  }
  return {
    file,
    header,
    tree,
    report: { malformed: parsed.malformed, tornTail: parsed.tornTail, migratedFrom: migration.migratedFrom, problems: tree.problems },
    repair,
    seen,
  };
}

export interface OpenOptions {
  /** Working directory for a session created because the file does not exist. */
  cwd?: string;
  /** False: a missing file is an error (`not-found`) instead of a new session (pi's behaviour, the default). */
  createIfMissing?: boolean;
  clock?: () => Date;
  /** Test seams for the file's writes: injected disk faults, kill-test stop points. */
  faults?: DiskFaults;
  stopPoints?: StopPoints;
}

export interface OpenedSession {
  session: Session;
  report: LoadReport;
  /** True when the file did not exist and a new session was created at that path. */
  created: boolean;
}

/**
 * Opens a session file for reading and appending. A missing file becomes a new session at that
 * path (header written now) unless `createIfMissing` is false. A file that is not a session is
 * refused, never truncated.
 */
export async function openSessionFile(file: string, options: OpenOptions = {}): Promise<OpenedSession> {
  const clock = options.clock ?? systemClock;
  if (!(await exists(file))) {
    if (options.createIfMissing === false) throw new SessionFileError('not-found', file, `${file} does not exist`);
    // A link whose target is gone: a new session is never created through it.
    if (await isLink(file)) throw new SessionFileError('not-found', file, `${file} is a symbolic link to a file that does not exist`);
    const session = await writeNewSession({ file, cwd: options.cwd ?? process.cwd(), clock, faults: options.faults, stopPoints: options.stopPoints });
    return { session, report: emptyReport(), created: true };
  }
  const loaded = await loadSessionFile(file);
  const migration = loaded.repair?.kind === 'migration' ? loaded.repair : undefined;
  const sink = new FileSink(file, { seen: loaded.seen, migration, clock, faults: options.faults, stopPoints: options.stopPoints });
  const session = new Session({ header: loaded.header, tree: loaded.tree, sink, clock });
  return { session, report: loaded.report, created: false };
}

export interface CreateOptions {
  /** Folder for the new file (named `<timestamp>_<id>.jsonl`). */
  dir: string;
  cwd: string;
  parentSession?: string;
  id?: string;
  clock?: () => Date;
}

/** Creates a new session file and writes its header immediately (pi waits for the first reply). */
export async function createSessionFile(options: CreateOptions): Promise<Session> {
  const clock = options.clock ?? systemClock;
  const now = clock();
  const id = options.id ?? newSessionId(now);
  const file = path.join(options.dir, sessionFileName(now.toISOString(), id));
  return writeNewSession({ file, cwd: options.cwd, clock, id, now, parentSession: options.parentSession });
}

export interface ForkOptions {
  /** Folder for the new file; omitted for an in-memory source, whose fork stays in memory. */
  dir?: string;
  /** `before` (pi's /fork): the position before the chosen user message; `at` (/clone): the entry itself. */
  position: 'before' | 'at';
  clock?: () => Date;
}

export interface ForkResult {
  session: Session;
  /** The chosen user message's text, for the input box (position `before`). */
  selectedText: string | undefined;
}

/**
 * Copies the path to the chosen entry into a new session whose header names the source file in
 * `parentSession`. The new file is written at once, header and entries, so it exists and keeps its
 * id even without an assistant message (pi 0.73.1 defers the write, and reopening the unwritten
 * file gives an unrelated session with another id and no parent).
 */
export async function forkSession(source: Session, entryId: string, options: ForkOptions): Promise<ForkResult> {
  const clock = options.clock ?? systemClock;
  const entry = source.getEntry(entryId);
  if (!entry) throw new SessionError('entry-not-found', `Entry ${entryId} not found`);
  let leafId: string | null = entryId;
  let selectedText: string | undefined;
  if (options.position === 'before') {
    if (messageRole(entry) !== 'user') throw new SessionError('entry-not-found', `Entry ${entryId} is not a user message`);
    selectedText = messageText(entry.message as never);
    leafId = source.tree.parentOf(entryId);
  }
  const entries = leafId === null ? [] : branchedEntries(source.tree, leafId);
  const parentSession = source.file;
  if (options.dir === undefined || source.file === undefined) {
    const now = clock();
    const header = newHeader(newSessionId(now), now, source.cwd, undefined);
    return { session: new Session({ header, tree: SessionTree.fromEntries(entries), clock }), selectedText };
  }
  const now = clock();
  const id = newSessionId(now);
  const file = path.join(options.dir, sessionFileName(now.toISOString(), id));
  const session = await writeNewSession({ file, cwd: source.cwd, clock, id, now, parentSession, entries });
  return { session, selectedText };
}

/**
 * Copies a whole session file (every branch, labels as stored) into a new session of another
 * project (pi's `--fork <path>`). The source is migrated first, so a v1 source yields a valid v3
 * copy (pi copies v1 entries raw, id-less, under a version 3 header).
 */
export async function forkFromFile(sourceFile: string, options: { cwd: string; dir: string; clock?: () => Date }): Promise<Session> {
  const clock = options.clock ?? systemClock;
  const source = await loadSessionFile(sourceFile);
  const entries = source.tree.entries.map((entry) => ({ ...entry }));
  const now = clock();
  const id = newSessionId(now);
  const file = path.join(options.dir, sessionFileName(now.toISOString(), id));
  return writeNewSession({ file, cwd: options.cwd, clock, id, now, parentSession: sourceFile, entries });
}

/** A session that lives only in memory (pi's `--no-session`). */
export function inMemorySession(cwd: string, clock: () => Date = systemClock): Session {
  const now = clock();
  return new Session({ header: newHeader(newSessionId(now), now, cwd, undefined), clock });
}

interface NewSessionSpec {
  file: string;
  cwd: string;
  clock: () => Date;
  id?: string;
  now?: Date;
  parentSession?: string | undefined;
  entries?: SessionEntry[];
  faults?: DiskFaults | undefined;
  stopPoints?: StopPoints | undefined;
}

async function writeNewSession(spec: NewSessionSpec): Promise<Session> {
  const now = spec.now ?? spec.clock();
  const header = newHeader(spec.id ?? newSessionId(now), now, spec.cwd, spec.parentSession);
  const entries = spec.entries ?? [];
  await fs.mkdir(path.dirname(spec.file), { recursive: true });
  const content = [header, ...entries].map(serializeLine).join('');
  // Created exclusively: never overwrites a file that appeared meanwhile, nor writes through a link.
  await writeNewFile(spec.file, content);
  const sink = new FileSink(spec.file, { seen: seenFile(Buffer.from(content)), clock: spec.clock, faults: spec.faults, stopPoints: spec.stopPoints });
  return new Session({ header, tree: SessionTree.fromEntries(entries), sink, clock: spec.clock });
}

function newHeader(id: string, now: Date, cwd: string, parentSession: string | undefined): SessionHeader {
  const header: SessionHeader = { type: 'session', version: CURRENT_SESSION_VERSION, id, timestamp: now.toISOString(), cwd };
  if (parentSession !== undefined) header.parentSession = parentSession;
  return header;
}

function emptyReport(): LoadReport {
  return { malformed: [], tornTail: undefined, migratedFrom: undefined, problems: { orphans: [], cycles: [], duplicateIds: [] } };
}

interface ReadFile {
  text: string;
  tornTail: Omit<TornTail, 'complete'> | undefined;
  seen: SeenFile;
  /** The bytes the text was decoded from, when read `exact`. */
  bytes: Buffer | undefined;
}

/**
 * Reads the file as text, with what an append needs to recognise it later (its size and last
 * bytes). Only a regular file is read (openToRead.ts): a FIFO, a device or a link to one is
 * refused at once.
 */
async function readSessionText(file: string, exact: boolean): Promise<ReadFile> {
  const handle = await openSessionToRead(file);
  try {
    return (exact ? undefined : await readDecoding(handle)) ?? (await readExact(handle));
  } catch (error) {
    throw readFailure(file, error);
  } finally {
    await handle.close();
  }
}

/** The bytes themselves, as much as the file held when this started. */
async function readExact(handle: FileHandle): Promise<ReadFile> {
  const bytes = await readRange(handle, 0, (await handle.stat()).size);
  const lineEnd = bytes.lastIndexOf(0x0a) + 1;
  const tornTail = lineEnd === bytes.length ? undefined : { offset: lineEnd, length: bytes.length - lineEnd };
  return { text: bytes.toString('utf8'), tornTail, seen: seenFile(bytes), bytes };
}

/**
 * The quick way (Node decodes while reading faster than it decodes a buffer): the text, then the
 * file's size and last bytes, which must encode the end of the text. Undefined when they do not:
 * the file grew in between, or its end does not survive decoding (a line cut mid-character); the
 * caller then reads the bytes themselves.
 */
async function readDecoding(handle: FileHandle): Promise<ReadFile | undefined> {
  const text = await handle.readFile('utf8');
  const { size } = await handle.stat();
  const lineEnd = text.lastIndexOf('\n') + 1;
  const expected = Buffer.from(text.slice(Math.max(0, lineEnd - 64)), 'utf8');
  if (expected.length > size) return undefined;
  const actual = Buffer.alloc(expected.length);
  const { bytesRead } = await handle.read(actual, 0, actual.length, size - actual.length);
  if (bytesRead !== actual.length || !actual.equals(expected)) return undefined;
  const tailLength = Buffer.byteLength(text.slice(lineEnd), 'utf8');
  const tornTail = tailLength === 0 ? undefined : { offset: size - tailLength, length: tailLength };
  return { text, tornTail, seen: { size, lastBytes: actual }, bytes: undefined };
}

async function isLink(file: string): Promise<boolean> {
  return (await fs.lstat(file).catch(() => undefined))?.isSymbolicLink() === true;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
