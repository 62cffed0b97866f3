/**
 * What is wrong with a session file, as `arbor check` reports it and the chat tells when the file
 * is opened: unreadable lines and entries of the wrong shape (left out of the tree), entries whose
 * parent is missing, parent cycles, duplicate ids, a torn last line. Reading only: nothing here
 * writes the file.
 */
import type { LoadedSessionFile, LoadReport } from './disk/sessionFile';
import type { MalformedLine } from './jsonl';

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

/** The report of a file read with its load report (`loadSessionFile`, `openSessionFile`). */
export function checkReport(loaded: { report: LoadReport }): CheckReport {
  const { malformed, tornTail, problems } = loaded.report;
  const report = {
    malformedLines: malformed.map(({ line, reason }) => ({ line, reason })),
    orphans: problems.orphans.map(({ id, parentId }) => ({ id, parentId })),
    cycles: problems.cycles.map((cycle) => [...cycle]),
    duplicateIds: problems.duplicateIds.map(({ id }) => id),
    tornTail: tornTail !== undefined,
  };
  return { ok: problemCount(report) === 0, ...report };
}

/** How many problems the report lists (a torn tail counts as one). */
export function problemCount(report: Omit<CheckReport, 'ok'>): number {
  return report.malformedLines.length + report.orphans.length + report.cycles.length + report.duplicateIds.length + (report.tornTail ? 1 : 0);
}

/** The report as text, one problem a line after a verdict line (what `arbor check` prints). */
export function checkText(loaded: LoadedSessionFile, report: CheckReport = checkReport(loaded)): string {
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
  const count = problemCount(report);
  const verdict = report.ok ? `${loaded.file}: ok (${loaded.tree.size} entries)` : `${loaded.file}: ${count} problem${count === 1 ? '' : 's'} found`;
  return `${[verdict, ...lines].join('\n')}\n`;
}

/** What the chat says of a session opened with `count` problems (its "Show problems" button shows `checkText`). */
export function problemsNotice(count: number): string {
  return `This session file has ${count === 1 ? 'a problem' : `${count} problems`}: Arbor skipped what it could not read and shows the rest.`;
}
