/**
 * `arbor restore <file> --to ID [--dry-run]`: makes the files of the folder it runs in equal the
 * workspace state recorded at entry ID (files created after it are removed, deleted ones come
 * back; ignored and over-limit files are left alone and listed as skipped). The files as they
 * were are snapshotted first, so the restore can be undone. `--dry-run` changes nothing and lists
 * the paths. `--json`: `{"restored": [...], "removed": [...], "skipped": [...]}`. Exit 0.
 */
import { CheckpointsOff, stateAt } from '../../core/checkpoints';
import { stringFlag } from '../args';
import type { Command } from '../command';
import { InputError, UsageError } from '../io';
import { loadForCli, requireEntry } from '../load';
import { cliWorkspaceStoreOrOff, treeAsSession } from '../workspaceStore';

export interface RestoreCliReport {
  restored: string[];
  removed: string[];
  skipped: string[];
}

export const restoreCommand: Command = {
  name: 'restore',
  usage: '--to ID [--dry-run]',
  summary: "make the current folder's files those recorded at entry ID (checkpoints); --dry-run only lists the paths",
  flags: [
    { name: 'to', kind: 'string', value: 'ID' },
    { name: 'dry-run', kind: 'boolean' },
  ],
  async run({ file, args, io }) {
    const to = stringFlag(args, 'to');
    if (to === undefined) throw new UsageError('restore needs --to ID');
    const loaded = await loadForCli(file);
    requireEntry(loaded, to, '--to');
    const state = stateAt(treeAsSession(loaded.tree), to);
    if (state === undefined) throw new InputError(`${file}: the session recorded no workspace files (it has no checkpoints)`);
    const store = await cliWorkspaceStoreOrOff(process.cwd(), io);
    if (store instanceof CheckpointsOff) throw new InputError(store.message);
    if (!(await store.hasState(state))) {
      throw new InputError(`${file}: the files recorded at ${to} are not in the checkpoint store of ${store.root} (recorded in another folder, or the store was cleared)`);
    }
    const dryRun = args.flags.has('dry-run');
    const done = await store.restore(state, { overwriteOutside: true, dryRun });
    const report: RestoreCliReport = { restored: done.restored, removed: done.removed, skipped: done.skipped };
    return { json: () => report, text: () => renderRestore(report, dryRun) };
  },
};

function renderRestore(report: RestoreCliReport, dryRun: boolean): string {
  const section = (title: string, paths: readonly string[]): string[] => (paths.length === 0 ? [] : [`${title} (${paths.length}):`, ...paths.map((file) => `  ${file}`)]);
  const lines = [
    ...section(dryRun ? 'would restore' : 'restored', report.restored),
    ...section(dryRun ? 'would remove' : 'removed', report.removed),
    ...section('left alone (ignored or over the size limit)', report.skipped),
  ];
  return lines.length === 0 ? 'The files already are as recorded.\n' : `${lines.join('\n')}\n`;
}
