/**
 * Opening a session file to read it. A session folder may be a stranger's (a zip, a tarball, a
 * clone): a name ending in `.jsonl` can be a FIFO, a device, or a link to one, which a plain open
 * would wait on for ever (a FIFO without a writer, a terminal) or read without end (/dev/zero).
 * So every reader of a session file opens it through here: without waiting, and only a regular
 * file is read. A link to a regular file is followed: a session kept elsewhere and linked in is
 * still a session file (what is read is a regular file, and one can only land on it by a name
 * the user opened or a folder listed).
 */
import { constants } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import { openRegularFile, readRange, UnsafeFileError } from '../../util/safeFiles';
import { readFailure, SessionFileError } from './fileErrors';

/**
 * The largest session file Arbor reads: its whole text must fit in one JavaScript string (512 MB
 * on 64-bit Node; real sessions of 100 000 entries are tens of MB). A larger one is refused before
 * anything is read, instead of reading it all and failing.
 */
export const MAX_SESSION_BYTES = constants.MAX_STRING_LENGTH;
/** The same, in whole megabytes, as messages say it. */
export const MAX_SESSION_MEGABYTES = Math.floor(MAX_SESSION_BYTES / 2 ** 20);

/** A handle to read the session file `file` (the caller closes it); refused with a SessionFileError. */
export async function openSessionToRead(file: string): Promise<FileHandle> {
  try {
    return await openRegularFile(file, { followLinks: true, maxBytes: MAX_SESSION_BYTES });
  } catch (error) {
    if (!(error instanceof UnsafeFileError) || error.reason !== 'too-large') throw readFailure(file, error);
    throw new SessionFileError('too-large', file, `${file} is larger than ${MAX_SESSION_MEGABYTES} MB, the most Arbor reads as a session`, { cause: error });
  }
}

/** The bytes of the session file `file`, as much as it held when opened; refused as openSessionToRead refuses. */
export async function readSessionBytes(file: string): Promise<Buffer> {
  const handle = await openSessionToRead(file);
  try {
    return await readRange(handle, 0, (await handle.stat()).size);
  } catch (error) {
    throw readFailure(file, error);
  } finally {
    await handle.close();
  }
}
