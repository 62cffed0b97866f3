/**
 * Surviving a process death mid-reply. The session file is append-only and a reply is one line
 * written when it ends, so while a reply streams, what was received so far is saved to a
 * checkpoint file (replaced atomically every second or so, deleted when the reply is in the
 * file). When the session is opened again and the checkpoint still hangs off the position, the
 * agent appends it as a stopped (`aborted`) reply: the file stays pi's format, pi can open it at
 * any time, and nothing streamed is lost beyond the last second.
 *
 * Checkpoints live in a folder of Arbor's own (the extension's storage, the CLI's state folder),
 * never beside the session: a session folder may come from a stranger, with links planted at any
 * name Arbor would use there. The file is named by a hash of the session's path and id. Older
 * versions wrote `<session>.partial.json` beside the session; such a file is recovered once if it
 * is a regular file, else left alone. Whatever is read back is distrusted: read without following
 * a link, without waiting on a FIFO, up to a size limit, and shape-checked like any entry read
 * from a session file.
 */
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { entryProblem, messageRole, type AssistantMessage, type MessageEntry, type Session } from '../session';
import { errorMessage } from '../util/errors';
import { readRegularFile, replaceFile, UnsafeFileError } from '../util/safeFiles';
import type { Logger } from '../util/logger';
import { stringifyJson } from '../util/jsonText';

export interface ReplyCheckpoint {
  version: 1;
  sessionId: string;
  /** The entry the reply would have been appended under. */
  parentId: string | null;
  message: AssistantMessage;
  /** The whole reply, kept because the session file could not be written: recovered as it ended, not as stopped. */
  complete?: boolean;
}

export interface CheckpointStore {
  save(checkpoint: ReplyCheckpoint): Promise<void>;
  /** The saved checkpoint, if any; rejects with a CheckpointRefusedError when one is there but unusable. */
  load(): Promise<ReplyCheckpoint | undefined>;
  clear(): Promise<void>;
}

/** Checkpoints of in-memory sessions go nowhere. */
export const noCheckpoints: CheckpointStore = {
  save: async () => undefined,
  load: async () => undefined,
  clear: async () => undefined,
};

/**
 * Far more than any reply's JSON (a reply of 128k output tokens is a few MB even with every
 * character escaped), far less than would hurt to read.
 */
export const MAX_CHECKPOINT_BYTES = 32 * 1024 * 1024;

export class CheckpointRefusedError extends Error {
  constructor(
    readonly reason: 'link' | 'not-a-file' | 'too-large' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'CheckpointRefusedError';
  }
}

/** The checkpoint file of a session in `folder`: named by a hash, so nothing in the session chooses the name. */
export function checkpointFileFor(folder: string, session: { file: string; id: string }): string {
  const hash = createHash('sha256').update(`${path.resolve(session.file)}\n${session.id}`).digest('hex');
  return path.join(folder, `${hash.slice(0, 32)}.json`);
}

/** Where older versions of Arbor kept the checkpoint: beside the session file. */
export function legacyCheckpointPath(sessionFile: string): string {
  return `${sessionFile}.partial.json`;
}

/** The store for an agent's session: none for an in-memory session or without a checkpoint folder. */
export function checkpointStoreFor(session: Pick<Session, 'file' | 'id'>, folder: string | undefined): CheckpointStore {
  const file = session.file;
  if (file === undefined || folder === undefined) return noCheckpoints;
  return new FileCheckpointStore(checkpointFileFor(folder, { file, id: session.id }), { legacyFile: legacyCheckpointPath(file) });
}

export class FileCheckpointStore implements CheckpointStore {
  private saving: Promise<void> = Promise.resolve();
  private folderReady: Promise<unknown> | undefined;
  /** Set when the checkpoint loaded was the old one beside the session, so that `clear` removes it. */
  private legacyLoaded = false;

  constructor(
    readonly file: string,
    private readonly options: { legacyFile?: string } = {},
  ) {}

  save(checkpoint: ReplyCheckpoint): Promise<void> {
    // Writes are serialized so an older snapshot never replaces a newer one; a failed one (logged
    // by the caller) does not stop the next.
    this.saving = this.saving
      .catch(() => undefined)
      .then(async () => {
        await this.makeFolder();
        await replaceFile(this.file, stringifyJson(checkpoint));
      });
    return this.saving;
  }

  /** Once; again after a failure. Only the user may list the folder: it holds conversation text. */
  private makeFolder(): Promise<unknown> {
    this.folderReady ??= fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      this.folderReady = undefined;
      throw error;
    });
    return this.folderReady;
  }

  async load(): Promise<ReplyCheckpoint | undefined> {
    const own = await readCheckpoint(this.file);
    if (own !== undefined || this.options.legacyFile === undefined) return own;
    // A link, a FIFO or a device planted at the old name is refused by the read itself.
    const checkpoint = await readCheckpoint(this.options.legacyFile);
    this.legacyLoaded = checkpoint !== undefined;
    return checkpoint;
  }

  async clear(): Promise<void> {
    await this.saving.catch(() => undefined);
    await fs.rm(this.file, { force: true });
    const legacy = this.options.legacyFile;
    if (!this.legacyLoaded || legacy === undefined) return;
    this.legacyLoaded = false;
    // Only the regular file that was read; whatever took its name since is not ours to remove.
    if ((await fs.lstat(legacy).catch(() => undefined))?.isFile()) await fs.rm(legacy, { force: true });
  }
}

/** The checkpoint in `file`; undefined when there is none. */
async function readCheckpoint(file: string): Promise<ReplyCheckpoint | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(file, MAX_CHECKPOINT_BYTES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof UnsafeFileError) throw new CheckpointRefusedError(error.reason, error.message);
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new CheckpointRefusedError('malformed', `${file} is not JSON (${errorMessage(error)})`);
  }
  const problem = checkpointProblem(value);
  if (problem !== undefined) throw new CheckpointRefusedError('malformed', `${file} is not a reply checkpoint: ${problem}`);
  return value as ReplyCheckpoint;
}

/** Undefined when `value` is a checkpoint whose message the session can take as an entry, else why not. */
export function checkpointProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const record = value as Record<string, unknown>;
  if (record.version !== 1) return 'version is not 1';
  if (record.complete !== undefined && typeof record.complete !== 'boolean') return 'complete is not a boolean';
  if (typeof record.sessionId !== 'string') return 'sessionId is not a string';
  const message = record.message as Record<string, unknown> | undefined;
  if (typeof message !== 'object' || message === null || message.role !== 'assistant') return 'message is not an assistant message';
  // The message becomes an entry: it must pass the checks an entry read from a session file passes.
  return entryProblem({ type: 'message', id: 'checkpoint', parentId: record.parentId, message });
}

/**
 * Appends a checkpointed reply as stopped when it still continues the session's position, then
 * forgets the checkpoint. True when a reply was recovered. A checkpoint that cannot be trusted is
 * ignored and logged; the session is left as it was.
 */
export async function recoverReply(session: Session, store: CheckpointStore, logger: Logger): Promise<boolean> {
  let checkpoint: ReplyCheckpoint | undefined;
  try {
    checkpoint = await store.load();
  } catch (error) {
    logger.warn(`Ignored a reply checkpoint: ${errorMessage(error)}`);
    await store.clear().catch((cleared: unknown) => logger.warn(`Could not remove a reply checkpoint: ${errorMessage(cleared)}`));
    return false;
  }
  if (!checkpoint) return false;
  const usable = checkpoint.sessionId === session.id && checkpoint.parentId === session.leafId && checkpoint.message.content.length > 0 && !alreadySaved(session, checkpoint);
  if (usable) {
    await session.appendMessage(checkpoint.complete === true ? checkpoint.message : { ...checkpoint.message, stopReason: 'aborted' });
    await session.sync();
    logger.info(checkpoint.complete === true ? 'Saved a reply the session file could not take when it arrived.' : 'Recovered a reply that was interrupted when the previous process stopped.');
  } else {
    logger.info('Dropped an old reply checkpoint that does not continue the current position.');
  }
  await store.clear();
  return usable;
}

/** A whole reply kept while the file was full may have been written since (the user's Retry): never twice. */
function alreadySaved(session: Session, checkpoint: ReplyCheckpoint): boolean {
  return session.tree
    .childrenOf(checkpoint.parentId)
    .some((entry) => messageRole(entry) === 'assistant' && (entry as MessageEntry).message.timestamp === checkpoint.message.timestamp);
}
