/**
 * Rewriting an old-format (v1/v2) session file in the current format, before the first append.
 *
 * The new content goes to a new file of a random name beside the original (created exclusively,
 * never through a link), is fsynced, and replaces the original by rename only if the original
 * still holds exactly the bytes that were migrated: a file another program changed since it was
 * read is left alone (the caller gets a `changed-on-disk` error) rather than overwritten with
 * content that lacks that program's lines.
 */
import * as path from 'node:path';
import type { ParsedSessionFile, TornTail } from '../jsonl';
import { serializeLine } from '../jsonl';
import type { SessionEntry } from '../types';
import { replaceFile, syncFolder } from '../../util/safeFiles';
import { stripBom } from '../../util/bom';
import { writeBackupFile } from './backupFile';
import { SessionFileError } from './fileErrors';
import { readSessionBytes } from './openToRead';

export interface PendingMigration {
  kind: 'migration';
  from: number;
  /** The file's bytes when it was read and migrated in memory. */
  original: Uint8Array;
  parsed: ParsedSessionFile;
  tornTail: TornTail | undefined;
}

/** Rewrites `file` from `pending`; returns the bytes now in the file. */
export async function rewriteMigrated(file: string, pending: PendingMigration, tornPath: string): Promise<Buffer> {
  await writeBackupFile(`${file}.v${pending.from}.bak`, pending.original);
  const { tornTail } = pending;
  if (tornTail && !tornTail.complete) {
    await writeBackupFile(tornPath, pending.original.subarray(tornTail.offset, tornTail.offset + tornTail.length));
  }
  const content = Buffer.from(migratedContent(pending));
  const unchanged = async (): Promise<void> => {
    if (Buffer.from(pending.original).equals(await readSessionBytes(file))) return;
    throw new SessionFileError(
      'changed-on-disk',
      file,
      `${file} was changed by another program while Arbor was converting it to the current format; nothing was written. Reopen the session.`,
    );
  };
  await replaceFile(file, content, { durable: true, beforeRename: unchanged });
  await syncFolder(path.dirname(file));
  return content;
}

/** The file in v3: ids and parents added; malformed lines carried over verbatim; a torn last line left out (it was backed up). */
function migratedContent(pending: PendingMigration): string {
  const { parsed, original, tornTail } = pending;
  const lines = stripBom(new TextDecoder().decode(original)).split('\n');
  const byLine = new Map<number, SessionEntry>();
  parsed.entries.forEach((entry, index) => byLine.set(parsed.entryLines[index]!, entry));
  const tornLine = tornTail && !tornTail.complete ? lines.length : -1;
  let out = '';
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    if (lineNumber === parsed.headerLine && parsed.header) out += serializeLine(parsed.header);
    else if (byLine.has(lineNumber)) out += serializeLine(byLine.get(lineNumber)!);
    else if (raw.trim() !== '' && lineNumber !== tornLine) out += `${raw.replace(/\r$/, '')}\n`;
  });
  return out;
}
