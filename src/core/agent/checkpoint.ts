/**
 * Surviving a process death mid-reply. The session file is append-only and a reply is one line
 * written when it ends, so while a reply streams, what was received so far is saved beside the
 * session (`<file>.partial.json`, replaced atomically every second or so, deleted when the reply is
 * in the file). When the session is opened again and the checkpoint still hangs off the position,
 * the agent appends it as a stopped (`aborted`) reply: the file stays pi's format, pi can open it
 * at any time, and nothing streamed is lost beyond the last second.
 */
import { promises as fs } from 'node:fs';
import type { AssistantMessage, Session } from '../session';
import type { AgentLogger } from './events';
import { stringifyJson } from '../util/jsonText';

export interface ReplyCheckpoint {
  version: 1;
  sessionId: string;
  /** The entry the reply would have been appended under. */
  parentId: string | null;
  message: AssistantMessage;
}

export interface CheckpointStore {
  save(checkpoint: ReplyCheckpoint): Promise<void>;
  load(): Promise<ReplyCheckpoint | undefined>;
  clear(): Promise<void>;
}

/** Checkpoints of in-memory sessions go nowhere. */
export const noCheckpoints: CheckpointStore = {
  save: async () => undefined,
  load: async () => undefined,
  clear: async () => undefined,
};

export function checkpointPathFor(sessionFile: string): string {
  return `${sessionFile}.partial.json`;
}

export class FileCheckpointStore implements CheckpointStore {
  private saving: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  save(checkpoint: ReplyCheckpoint): Promise<void> {
    // Writes are serialized so an older snapshot never replaces a newer one.
    this.saving = this.saving.then(async () => {
      const temp = `${this.file}.tmp`;
      await fs.writeFile(temp, stringifyJson(checkpoint));
      await fs.rename(temp, this.file);
    });
    return this.saving;
  }

  async load(): Promise<ReplyCheckpoint | undefined> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const value = JSON.parse(text) as Partial<ReplyCheckpoint>;
      if (value.version !== 1 || typeof value.sessionId !== 'string' || value.message?.role !== 'assistant') return undefined;
      return value as ReplyCheckpoint;
    } catch {
      return undefined;
    }
  }

  async clear(): Promise<void> {
    await this.saving.catch(() => undefined);
    await fs.rm(this.file, { force: true });
  }
}

/**
 * Appends a checkpointed reply as stopped when it still continues the session's position, then
 * forgets the checkpoint. True when a reply was recovered.
 */
export async function recoverReply(session: Session, store: CheckpointStore, logger: AgentLogger): Promise<boolean> {
  const checkpoint = await store.load();
  if (!checkpoint) return false;
  const usable = checkpoint.sessionId === session.id && checkpoint.parentId === session.leafId && checkpoint.message.content.length > 0;
  if (usable) {
    await session.appendMessage({ ...checkpoint.message, stopReason: 'aborted' });
    await session.sync();
    logger.info('Recovered a reply that was interrupted when the previous process stopped.');
  } else {
    logger.info('Dropped an old reply checkpoint that does not continue the current position.');
  }
  await store.clear();
  return usable;
}
