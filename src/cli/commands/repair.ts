/**
 * `arbor repair <file>`: repairs a torn last line — the trace of a crash mid-write — so the next
 * append (by Arbor or pi) starts on a line of its own. The original is copied beside the file
 * first. Nothing else is changed: malformed lines stay, orphans are not re-parented; they are
 * listed, and the exit code is 1 while any remain.
 */
import { isNoSpace, readSessionBytes, writeBackupFile, type TornTail } from '../../core/session';
import { formatSize } from '../../core/util/byteSize';
import { openRegularFile } from '../../core/util/safeFiles';
import type { Command } from '../command';
import { DiskError, EXIT_OK, EXIT_PROBLEM, InputError } from '../io';
import { loadForCli } from '../load';
import { checkReport, type CheckReport } from './check';

export type RepairAction = 'none' | 'added-newline' | 'removed-torn-line';

export interface RepairReport {
  action: RepairAction;
  /** Copy of the file as it was before the repair; null when nothing was changed. */
  backup: string | null;
  /** Bytes of the unfinished line taken out of the file. */
  removedBytes: number;
  /** What `arbor check` says about the file afterwards. */
  after: CheckReport;
}

export const repairCommand: Command = {
  name: 'repair',
  usage: '',
  summary: 'repair a torn last line (the original is kept beside the file); re-parents nothing',
  flags: [],
  async run({ file, io }) {
    const before = await loadForCli(file);
    const torn = before.report.tornTail;
    let report: Omit<RepairReport, 'after'> = { action: 'none', backup: null, removedBytes: 0 };
    if (torn) report = await repairTornTail(file, torn, io.now());
    const after = checkReport(await loadForCli(file));
    const full: RepairReport = { ...report, after };
    return { exitCode: after.ok ? EXIT_OK : EXIT_PROBLEM, json: () => full, text: () => renderRepair(file, full) };
  },
};

async function repairTornTail(file: string, torn: TornTail, now: Date): Promise<Omit<RepairReport, 'after'>> {
  // Each open below takes only a regular file: something else may have been put at the name since it was checked.
  const original = await readSessionBytes(file);
  if (original.length !== torn.offset + torn.length) {
    throw new InputError(`${file}: changed while being repaired (is a session writing to it?); nothing was done`);
  }
  const backup = await keepOriginal(file, original, torn, now);
  if (torn.complete) {
    // The last entry is whole; only its newline is missing.
    const handle = await openRegularFile(file, { access: 'append', followLinks: true });
    try {
      await handle.write('\n');
    } finally {
      await handle.close();
    }
    return { action: 'added-newline', backup, removedBytes: 0 };
  }
  // Checked again just before cutting: writing the fsynced copy takes a moment, and a line another
  // program appended meanwhile must not be cut with the torn one.
  const handle = await openRegularFile(file, { access: 'update', followLinks: true });
  try {
    if ((await handle.stat()).size !== original.length) {
      throw new InputError(`${file}: changed while being repaired (is a session writing to it?); nothing was cut (copy: ${backup})`);
    }
    await handle.truncate(torn.offset);
  } finally {
    await handle.close();
  }
  return { action: 'removed-torn-line', backup, removedBytes: torn.length };
}

/**
 * Copies the file beside it before the repair. On a disk without room for a whole copy, only the
 * torn bytes are kept (all the repair changes); without room even for them, nothing is changed
 * and the message says how much room the repair needs.
 */
async function keepOriginal(file: string, original: Buffer, torn: TornTail, now: Date): Promise<string> {
  const time = now.toISOString().replace(/[:.]/g, '-');
  try {
    return await writeBackupFile(`${file}.before-repair-${time}`, original);
  } catch (error) {
    if (!isNoSpace(error) || torn.complete) throw error;
  }
  try {
    return await writeBackupFile(`${file}.torn-${time}`, original.subarray(torn.offset));
  } catch (error) {
    if (!isNoSpace(error)) throw error;
    throw new DiskError(
      `${file}: the disk is full: the repair keeps the unfinished last line (${formatSize(torn.length)}) in a file beside it first, and there is no room for it; nothing was changed. Free at least ${formatSize(torn.length + 4096)} and run arbor repair again`,
    );
  }
}

function renderRepair(file: string, report: RepairReport): string {
  const lines: string[] = [];
  if (report.action === 'none') lines.push(`${file}: no torn last line; nothing changed`);
  if (report.action === 'added-newline') lines.push(`${file}: the last line was complete but had no newline; added it`);
  if (report.action === 'removed-torn-line') {
    lines.push(`${file}: removed the unfinished last line (${report.removedBytes} bytes); every complete entry is kept`);
  }
  if (report.backup) lines.push(`${report.backup.includes('.torn-') ? 'the removed line kept' : 'original kept'} as ${report.backup}`);
  const { after } = report;
  if (after.malformedLines.length > 0) lines.push(`left in place: ${after.malformedLines.length} malformed line(s): ${after.malformedLines.map((m) => m.line).join(', ')}`);
  if (after.orphans.length > 0) lines.push(`not re-parented: ${after.orphans.length} orphan(s): ${after.orphans.map((o) => o.id).join(', ')}`);
  if (after.cycles.length > 0) lines.push(`not changed: ${after.cycles.length} parent cycle(s)`);
  if (after.duplicateIds.length > 0) lines.push(`not changed: duplicate id(s) ${after.duplicateIds.join(', ')}`);
  if (!after.ok) lines.push('run arbor check for details');
  return `${lines.join('\n')}\n`;
}
