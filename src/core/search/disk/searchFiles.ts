/**
 * Full-text search over session files on disk: a few files read at once, each file's hits
 * handed out as soon as that file is done (in the order files finish), stoppable by an
 * AbortSignal and by a limit on the number of hits.
 */
import { openSessionToRead, SessionFileError } from '../../session';
import { compileQuery, type SearchQueryInput } from '../query';
import { searchSessionText, type FileSearchResult } from '../sessionText';

export interface SearchFilesOptions {
  signal?: AbortSignal;
  /** Files read at the same time (default 3). */
  concurrency?: number;
  /** Stop after this many hits in all (default: no limit). */
  limit?: number;
}

/** A file that could not be read (gone, no permission, not a regular file): reported, the search goes on. */
export interface UnreadableFile {
  file: string;
  unreadable: string;
}

export type FileOutcome = FileSearchResult | UnreadableFile;

/**
 * Yields one outcome per file that has hits or could not be read. Ends early (without error)
 * when the limit is reached; rejects with the signal's reason when aborted.
 */
export async function* searchSessionFiles(files: readonly string[], input: SearchQueryInput, options: SearchFilesOptions = {}): AsyncGenerator<FileOutcome> {
  const query = compileQuery(input);
  const { signal } = options;
  // Files still being read when the search ends (limit, abort, the consumer stops) stop being read.
  const stop = new AbortController();
  const reading = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let remaining = options.limit ?? Infinity;
  let next = 0;
  const running = new Map<number, Promise<{ slot: number; outcome: FileOutcome | undefined }>>();
  const start = (slot: number): void => {
    const file = files[next++]!;
    const done = searchFile(file, reading, (text) => searchSessionText(file, text, query, remaining));
    running.set(slot, done.then((outcome) => ({ slot, outcome })));
  };
  try {
    const width = Math.min(Math.max(1, options.concurrency ?? 3), files.length);
    for (let slot = 0; slot < width; slot++) start(slot);
    while (running.size > 0) {
      signal?.throwIfAborted();
      const { slot, outcome } = await Promise.race(running.values());
      running.delete(slot);
      signal?.throwIfAborted();
      if (outcome && 'hits' in outcome) {
        outcome.hits.splice(remaining);
        remaining -= outcome.hits.length;
        if (outcome.hits.length > 0) yield outcome;
        if (remaining <= 0) return;
      } else if (outcome) yield outcome;
      if (next < files.length) start(slot);
    }
  } finally {
    stop.abort();
  }
}

/** Only a regular file is read (a link to one is followed): a FIFO or a device named like a session is reported at once, never waited on. */
async function searchFile(file: string, signal: AbortSignal, search: (text: string) => FileSearchResult): Promise<FileOutcome | undefined> {
  let text: string;
  try {
    const handle = await openSessionToRead(file);
    try {
      text = await handle.readFile({ encoding: 'utf8', signal });
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (signal.aborted) return undefined;
    return { file, unreadable: unreadableReason(error) };
  }
  return search(text);
}

/** The system's code ('ENOENT', 'EACCES'), else why the file was refused ('not-a-file', 'too-large'), else the message. */
function unreadableReason(error: unknown): string {
  const cause = error instanceof SessionFileError ? error.cause : error;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined) return code;
  return error instanceof SessionFileError ? error.reason : (error as Error).message;
}
