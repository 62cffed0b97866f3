/** Records every fsync (`FileHandle.sync()`) made in this process while some work runs. */
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

export interface RecordedFsync {
  /** The synced file's inode and its size at that moment. */
  ino: number;
  size: number;
}

/** Runs `work` with `FileHandle.prototype.sync` wrapped; the real method is restored afterwards. */
export async function recordFsyncs(work: () => Promise<unknown>): Promise<RecordedFsync[]> {
  const probe = await fs.open(__filename, 'r');
  const prototype = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const realSync = prototype.sync;
  const synced: RecordedFsync[] = [];
  prototype.sync = async function (this: FileHandle) {
    const { ino, size } = await this.stat();
    synced.push({ ino, size });
    return realSync.call(this);
  };
  try {
    await work();
  } finally {
    prototype.sync = realSync;
  }
  return synced;
}
