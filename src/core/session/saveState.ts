/**
 * Whether everything in a session is in its file, and when not, why and how much waits. An append
 * that could not be written leaves the file ending at its last whole line and the entry in memory
 * (with every entry after it, in order); they are written at the next attempt: the next append, or
 * a retry the user asks for. Until then the user is told, in the words below, what waits and why.
 */
import { formatSize } from '../util/byteSize';
import { messageRole } from './kind';
import { serializeLine } from './jsonl';
import type { SessionEntry } from './types';

/** Why the file could not be written, as far as the user can act on it. */
export type WriteProblem = 'disk-full' | 'read-only' | 'no-permission' | 'io-error' | 'gone' | 'replaced' | 'other';

export type SaveState =
  | { saved: true }
  | {
      saved: false;
      problem: WriteProblem;
      /** What failed, as the system said it (for the log). */
      detail: string;
      /** The entries not yet in the file, in order. */
      waiting: readonly SessionEntry[];
    };

/** The problem an append's error comes to: by the system's error code, or the file layer's reason. */
export function writeProblemOf(error: unknown): WriteProblem {
  const { code, reason } = (error ?? {}) as { code?: unknown; reason?: unknown };
  if (reason === 'replaced') return 'replaced';
  if (reason === 'not-found' || code === 'ENOENT') return 'gone';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'disk-full';
    case 'EROFS':
      return 'read-only';
    case 'EACCES':
    case 'EPERM':
      return 'no-permission';
    case 'EIO':
      return 'io-error';
    default:
      return 'other';
  }
}

/** A retry can succeed without the user saving elsewhere: the file is still the one Arbor wrote. */
export function retryCanHelp(problem: WriteProblem): boolean {
  return problem !== 'gone' && problem !== 'replaced';
}

/** "the last reply (600.0KB)", "3 entries (612.0KB)": what waits to be written. */
export function waitingWords(waiting: readonly SessionEntry[]): string {
  const bytes = formatSize(waiting.reduce((sum, entry) => sum + Buffer.byteLength(serializeLine(entry)), 0));
  if (waiting.length !== 1) return `${waiting.length} entries (${bytes})`;
  const role = messageRole(waiting[0]!);
  return `${role === 'assistant' ? 'the last reply' : role === 'user' ? 'your last message' : '1 entry'} (${bytes})`;
}

const CAUSES: Record<WriteProblem, string> = {
  'disk-full': 'The disk is full',
  'read-only': 'The session file is on a disk that is read-only now',
  'no-permission': 'Arbor is no longer allowed to write the session file',
  'io-error': 'The disk reported an error writing the session file',
  gone: 'The session file was deleted or moved away (Arbor does not create it again)',
  replaced: 'The session file was replaced or shortened by another program (Arbor writes nothing into it)',
  other: 'The session file could not be written',
};

/** The cause of a failed write, as the start of a sentence ("The disk is full"). */
export function problemWords(problem: WriteProblem): string {
  return CAUSES[problem];
}

/**
 * The sentence that tells the user what happened and what to do. `actions`: the extension offers
 * Retry and Save a Copy; the command line can only be run again.
 */
export function unsavedText(state: Extract<SaveState, { saved: false }>, actions: 'buttons' | 'command-line'): string {
  const what = `${CAUSES[state.problem]}: ${waitingWords(state.waiting)} ${state.waiting.length === 1 ? 'is' : 'are'} not saved yet.`;
  if (actions === 'command-line') {
    if (!retryCanHelp(state.problem)) return `${what} Nothing was written to the file at that name.`;
    const fix = state.problem === 'disk-full' ? ' Free some space and run the command again.' : '';
    return `${what} The file ends at its last whole entry.${fix}`;
  }
  if (state.problem === 'disk-full') return `${what} Free some space and choose Retry, or Save a Copy elsewhere.`;
  if (retryCanHelp(state.problem)) return `${what} Choose Retry once it can be written, or Save a Copy elsewhere.`;
  return `${what} Choose Save a Copy to keep the session as a new file.`;
}
