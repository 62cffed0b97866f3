/**
 * `arbor check <file>`: what is wrong with a session file. Exit 1 when anything is (the JSON
 * report is still printed, with `"ok": false`).
 */
import type { LoadedSessionFile, MalformedLine } from '../../core/session';
import type { Command } from '../command';
import { EXIT_OK, EXIT_PROBLEM } from '../io';
import { loadForCli } from '../load';

export interface CheckReport {
  ok: boolean;
  /** Lines that are not JSON entries, and entries a reader cannot use (a field of the wrong type); both left out of the tree. */
  malformedLines: MalformedLine[];
  /** Entries whose parent is not in the file (treated as roots). */
  orphans: { id: string; parentId: string }[];
  /** Parent cycles, each as its ids in walk order. */
  cycles: string[][];
  /** Ids used by more than one entry (one item per later duplicate). */
  duplicateIds: string[];
  /** The file does not end with a newline: its last line was cut short (`arbor repair` fixes it). */
  tornTail: boolean;
}

export const checkCommand: Command = {
  name: 'check',
  usage: '',
  summary: 'report malformed lines and entries of the wrong shape, orphans, cycles, duplicate ids and a torn last line (exit 1 if any)',
  flags: [],
  async run({ file }) {
    const loaded = await loadForCli(file);
    const report = checkReport(loaded);
    return { exitCode: report.ok ? EXIT_OK : EXIT_PROBLEM, json: () => report, text: () => renderCheck(loaded, report) };
  },
};

export function checkReport(loaded: LoadedSessionFile): CheckReport {
  const { malformed, tornTail, problems } = loaded.report;
  const report = {
    malformedLines: malformed.map(({ line, reason }) => ({ line, reason })),
    orphans: problems.orphans.map(({ id, parentId }) => ({ id, parentId })),
    cycles: problems.cycles.map((cycle) => [...cycle]),
    duplicateIds: problems.duplicateIds.map(({ id }) => id),
    tornTail: tornTail !== undefined,
  };
  const ok = report.malformedLines.length === 0 && report.orphans.length === 0 && report.cycles.length === 0 && report.duplicateIds.length === 0 && !report.tornTail;
  return { ok, ...report };
}

function renderCheck(loaded: LoadedSessionFile, report: CheckReport): string {
  const lines: string[] = [];
  const migrated = loaded.report.migratedFrom;
  if (migrated !== undefined) lines.push(`note: version ${migrated} file, read as version 3 (the file itself is unchanged)`);
  for (const { line, reason } of report.malformedLines) lines.push(`line ${line}: ${reason}`);
  for (const { id, parentId } of report.orphans) lines.push(`orphan: ${id} names parent ${parentId}, which is not in the file`);
  for (const cycle of report.cycles) lines.push(`cycle: ${[...cycle, cycle[0]].join(' → ')}`);
  for (const id of report.duplicateIds) lines.push(`duplicate id: ${id} is used by more than one entry`);
  if (report.tornTail) {
    const torn = loaded.report.tornTail!;
    lines.push(
      torn.complete
        ? 'torn tail: the last line is complete but has no newline (arbor repair adds it)'
        : `torn tail: the last ${torn.length} bytes are an unfinished line (arbor repair moves them aside)`,
    );
  }
  const verdict = report.ok
    ? `${loaded.file}: ok (${loaded.tree.size} entries)`
    : `${loaded.file}: ${countProblems(report)} problem${countProblems(report) === 1 ? '' : 's'} found`;
  return `${[verdict, ...lines].join('\n')}\n`;
}

function countProblems(report: CheckReport): number {
  return report.malformedLines.length + report.orphans.length + report.cycles.length + report.duplicateIds.length + (report.tornTail ? 1 : 0);
}
