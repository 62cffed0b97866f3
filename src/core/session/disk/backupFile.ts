/** Writing backups beside a session file without ever overwriting one. */
import { promises as fs } from 'node:fs';

/**
 * Writes `bytes` to `wanted`, or to `wanted.1`, `wanted.2`, … if taken, and returns the name used.
 * The `wx` flag makes the check and the write one step, so two writers cannot pick the same name.
 * The copy is fsynced: it is made because the original is about to change, and must outlive a crash
 * that the change survives.
 */
export async function writeBackupFile(wanted: string, bytes: Uint8Array): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? wanted : `${wanted}.${n}`;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(candidate, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      continue;
    }
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return candidate;
  }
}
