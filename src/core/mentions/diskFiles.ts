/**
 * The workspace's files as mentions read them, for the chat and `arbor run` alike. A path is
 * judged inside the workspace before anything is read (`../x`, an absolute path elsewhere and a
 * link that leads out are refused); a file is opened without waiting on a FIFO or a device and
 * only once it is known to be a regular file. A file's text is cut to the read tool's budget (2000
 * lines or 50KB, whichever comes first) with a note saying how to see the rest; a binary file
 * (a NUL byte in its start, or an image) is refused. A folder becomes its listing, one level, as
 * the ls tool gives it.
 */
import { promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import { resolveWorkspacePath, WorkspacePathError, isInside } from '../workspace/paths';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncateHead } from '../workspace/truncate';
import { formatSize } from '../util/byteSize';
import { sniffImageType } from '../workspace/images';
import { caseInsensitive } from '../workspace/walk';
import { openRegularFile, readRange, UnsafeFileError } from '../util/safeFiles';
import type { MentionBlock } from './blocks';
import { MentionError } from './errors';
import { rangeName, type LineRange } from './parse';

/** What one mention of a path becomes; undefined when nothing by that name exists (the mention stays text). */
export interface MentionFiles {
  block(given: string, range: LineRange | undefined): Promise<MentionBlock | undefined>;
}

/** Bytes of a file looked at: a range past them is not found, the whole file is cut long before. */
export const SCAN_BYTES = 16 * 1024 * 1024;
/** A NUL byte in this many first bytes makes a file binary (as git and grep judge it). */
const SNIFF_BYTES = 8000;
/** Entries of a mentioned folder listed at most. */
export const FOLDER_LIMIT = 500;

export function diskFiles(root: string): MentionFiles {
  return {
    async block(given, range) {
      const found = await lookUp(root, given);
      if (!found) return undefined;
      if (found.stat.isDirectory()) return { tag: 'folder', name: `${found.name}/`, body: await listing(found.real) };
      return fileBlock(found, range);
    },
  };
}

interface Found {
  /** Posix, relative to the workspace folder, as the user wrote it (not where links lead). */
  name: string;
  real: string;
  stat: Stats;
}

async function lookUp(root: string, given: string): Promise<Found | undefined> {
  const lexical = path.resolve(root, given);
  if (!isInside(path.resolve(root), lexical)) throw outside(given);
  let real: string;
  try {
    real = (await resolveWorkspacePath(root, given)).real;
  } catch (error) {
    if (error instanceof WorkspacePathError && error.reason === 'outside-workspace') throw outside(given);
    throw error;
  }
  const stat = await fs.stat(real).catch(() => undefined);
  if (!stat) return undefined;
  return { name: path.relative(path.resolve(root), lexical).split(path.sep).join('/') || '.', real, stat };
}

function outside(given: string): MentionError {
  return new MentionError('outside-workspace', `@${given} is outside the workspace: only files inside it can be mentioned.`);
}

async function fileBlock(found: Found, range: LineRange | undefined): Promise<MentionBlock> {
  const bytes = await readFileStart(found);
  if ((await sniffImageType(found.real)) !== undefined || bytes.subarray(0, SNIFF_BYTES).includes(0)) {
    throw new MentionError('binary', `@${found.name} is a binary file: only text files can be mentioned. Remove the mention to send the message.`);
  }
  const text = bytes.toString('utf8');
  if (!range && bytes.length === found.stat.size && fits(text)) return { tag: 'file', name: found.name, body: text };
  const lines = text.split('\n');
  const first = range?.first ?? 1;
  if (first > lines.length) {
    throw new MentionError('past-end', `@${rangeName(found.name, range)} starts past the end of ${found.name}, which has ${lines.length} lines.`);
  }
  const last = Math.min(range?.last ?? lines.length, lines.length);
  const cut = truncateHead(lines.slice(first - 1, last).join('\n'), { maxLines: DEFAULT_MAX_LINES, maxBytes: DEFAULT_MAX_BYTES });
  const shownLast = first + cut.outputLines - 1;
  const name = range ? rangeName(found.name, { first, last }) : found.name;
  const notes = [
    ...(cut.truncated ? [cutNote(found.name, { first, last }, shownLast, range === undefined, cut.firstLineExceedsLimit)] : []),
    ...(bytes.length < found.stat.size ? [`[${found.name} is ${formatSize(found.stat.size)}: only its first ${formatSize(SCAN_BYTES)} were looked at.]`] : []),
  ];
  return { tag: 'file', name, body: [cut.content, ...notes].join('\n\n') };
}

function fits(text: string): boolean {
  return Buffer.byteLength(text, 'utf8') <= DEFAULT_MAX_BYTES && text.split('\n', DEFAULT_MAX_LINES + 1).length <= DEFAULT_MAX_LINES;
}

function cutNote(name: string, asked: LineRange, shownLast: number, wholeFile: boolean, firstLineTooLong: boolean): string {
  const budget = `mentions are cut at ${DEFAULT_MAX_LINES} lines or ${formatSize(DEFAULT_MAX_BYTES)}`;
  if (firstLineTooLong) return `[Line ${asked.first} of ${name} alone is over ${formatSize(DEFAULT_MAX_BYTES)}; nothing of it is included (${budget}).]`;
  const next = shownLast + 1;
  const of = wholeFile ? `the file's ${asked.last} lines` : `lines ${asked.first}-${asked.last}`;
  const more = rangeName(name, { first: next, last: Math.min(asked.last, next + (shownLast - asked.first)) });
  return `[Only lines ${asked.first}-${shownLast} of ${of} are included (${budget}). Mention a range such as @${more} for more.]`;
}

/** The file's first SCAN_BYTES bytes, from a handle known to be a regular file. */
async function readFileStart(found: Found): Promise<Buffer> {
  let handle: fs.FileHandle;
  try {
    handle = await openRegularFile(found.real);
  } catch (error) {
    if (error instanceof UnsafeFileError) throw new MentionError('not-a-file', `@${found.name} cannot be mentioned: ${error.message}.`);
    throw new MentionError('unreadable', `@${found.name} cannot be read: ${(error as Error).message}`);
  }
  try {
    return await readRange(handle, 0, Math.min((await handle.stat()).size, SCAN_BYTES));
  } finally {
    await handle.close();
  }
}

/** One level, sorted as ls sorts, folders with a trailing '/'; links are listed, not followed. */
async function listing(folder: string): Promise<string> {
  const entries = await fs.readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => caseInsensitive(a.name, b.name));
  const names = entries.map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
  if (names.length === 0) return '(empty folder)';
  const shown = names.slice(0, FOLDER_LIMIT).join('\n');
  return names.length > FOLDER_LIMIT ? `${shown}\n\n[${FOLDER_LIMIT} of ${names.length} entries shown.]` : shown;
}
