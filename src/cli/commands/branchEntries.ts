/**
 * `arbor branch-entries <file> --from ID --to ID`: what a branch summary would cover when moving
 * from entry `--from` to entry `--to` — the entries from `--from` back to (not including) the
 * deepest entry both paths share.
 */
import { entryKind, type SessionEntry } from '../../core/session';
import { collectEntriesForBranchSummary } from '../../core/compaction';
import { requiredFlag } from '../args';
import type { Command } from '../command';
import { entryPreview } from '../describe';
import { loadForCli, requireEntry } from '../load';

export interface BranchEntriesReport {
  commonAncestorId: string | null;
  entryIds: string[];
}

export const branchEntriesCommand: Command = {
  name: 'branch-entries',
  usage: '--from ID --to ID',
  summary: 'the entries a branch summary would cover when moving from one entry to another',
  flags: [
    { name: 'from', kind: 'string', value: 'ID' },
    { name: 'to', kind: 'string', value: 'ID' },
  ],
  async run({ file, args }) {
    const from = requiredFlag(args, 'from');
    const to = requiredFlag(args, 'to');
    const loaded = await loadForCli(file);
    requireEntry(loaded, from, '--from');
    requireEntry(loaded, to, '--to');
    const { entries, commonAncestorId } = collectEntriesForBranchSummary(loaded.tree, from, to);
    const report: BranchEntriesReport = { commonAncestorId, entryIds: entries.map((entry) => entry.id) };
    return { json: () => report, text: () => renderBranchEntries(from, to, report, entries) };
  },
};

function renderBranchEntries(from: string, to: string, report: BranchEntriesReport, entries: readonly SessionEntry[]): string {
  const ancestor = report.commonAncestorId ?? 'none (different roots)';
  const head = `from ${from} to ${to}: common ancestor ${ancestor}; ${entries.length} entries to summarize`;
  return `${[head, ...entries.map((entry) => `  ${entry.id} ${entryKind(entry)} ${entryPreview(entry)}`.trimEnd())].join('\n')}\n`;
}
