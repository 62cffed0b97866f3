/** Writing backups beside a session file without ever overwriting one. */
import { writeNewFile } from '../../util/safeFiles';

/**
 * Writes `bytes` to `wanted`, or to `wanted.1`, `wanted.2`, … if taken, and returns the name used.
 * The exclusive create makes the check and the write one step, so two writers cannot pick the same
 * name, and a link planted at a name is skipped like any taken name, never written through. The
 * copy is readable by its owner only (it holds the conversation) and fsynced: it is made because
 * the original is about to change, and must outlive a crash that the change survives.
 */
export async function writeBackupFile(wanted: string, bytes: Uint8Array): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? wanted : `${wanted}.${n}`;
    try {
      await writeNewFile(candidate, bytes, { durable: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      continue;
    }
    return candidate;
  }
}
