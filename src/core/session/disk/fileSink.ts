/**
 * Appends entries to a session file, one complete line per write, after repairing what the
 * file needs first (a torn last line, or a rewrite in the current format version).
 */
import { promises as fs } from 'node:fs';
import type { ParsedSessionFile, TornTail } from '../jsonl';
import { serializeLine } from '../jsonl';
import { writeBackupFile } from './backupFile';
import type { SessionSink } from '../session';
import type { SessionEntry } from '../types';

export type PendingRepair =
  | { kind: 'torn-tail'; tornTail: TornTail }
  | { kind: 'migration'; from: number; original: Uint8Array; parsed: ParsedSessionFile; tornTail: TornTail | undefined };

export class FileSink implements SessionSink {
  private repaired: Promise<void> | undefined;

  constructor(
    readonly path: string,
    private readonly pending: PendingRepair | undefined,
    private readonly clock: () => Date,
  ) {}

  async append(entry: SessionEntry): Promise<void> {
    await this.repairOnce();
    await fs.appendFile(this.path, serializeLine(entry));
  }

  async sync(): Promise<void> {
    const handle = await fs.open(this.path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  private repairOnce(): Promise<void> {
    if (!this.pending) return Promise.resolve();
    this.repaired ??= this.pending.kind === 'torn-tail' ? this.repairTornTail(this.pending.tornTail) : this.rewriteMigrated(this.pending);
    return this.repaired;
  }

  /** Keeps the torn bytes beside the file, then cuts the file back to its last complete line. */
  private async repairTornTail(torn: TornTail): Promise<void> {
    if (torn.complete) {
      // The line is whole; only its newline is missing.
      await fs.appendFile(this.path, '\n');
      return;
    }
    const bytes = await fs.readFile(this.path);
    await writeBackupFile(this.tornPath(), bytes.subarray(torn.offset, torn.offset + torn.length));
    await fs.truncate(this.path, torn.offset);
  }

  /**
   * The file is rewritten in v3 (ids and parents added) before any v3 line is appended to it;
   * the original is kept as `<name>.v<N>.bak`. Malformed lines are carried over verbatim.
   */
  private async rewriteMigrated(pending: Extract<PendingRepair, { kind: 'migration' }>): Promise<void> {
    await writeBackupFile(`${this.path}.v${pending.from}.bak`, pending.original);
    const { tornTail } = pending;
    if (tornTail && !tornTail.complete) {
      await writeBackupFile(this.tornPath(), pending.original.subarray(tornTail.offset, tornTail.offset + tornTail.length));
    }
    const temp = `${this.path}.migrating-${process.pid}`;
    await fs.writeFile(temp, migratedContent(pending));
    await fs.rename(temp, this.path);
  }

  /** `<name>.torn-<time>` (numbered by writeBackupFile if several repairs share a millisecond). */
  private tornPath(): string {
    return `${this.path}.torn-${this.clock().toISOString().replace(/[:.]/g, '-')}`;
  }

}

function migratedContent(pending: Extract<PendingRepair, { kind: 'migration' }>): string {
  const { parsed, original, tornTail } = pending;
  const lines = new TextDecoder().decode(original).replace(/^\uFEFF/, '').split('\n');
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
