/**
 * `arbor restore <file> --to ID [--dry-run]`: makes the files of the folder it runs in equal the
 * workspace state recorded at entry ID (files created after it are removed, deleted ones come
 * back; ignored and over-limit files are left alone and listed as skipped). The files as they
 * were are snapshotted first, so the restore can be undone. `--dry-run` changes nothing and lists
 * the paths. `--json`: `{"restored": [...], "removed": [...], "skipped": [...]}`, and
 * `"linkedFolders"` when recorded folders were links. Exit 0.
 *
 * The state must be one the store of this folder recorded for this session (the file's header
 * id): any other id the file names is refused, exit 2, with no file changed.
 *
 * A restore killed part-way leaves its journal in the store: `--undo-interrupted` puts every file
 * back as it was before it (the snapshot it took first), and running the same restore again
 * finishes it. Until one of the two, any other restore is refused (exit 2, no file changed).
 */
import { CheckpointsOff, CheckpointStoreError, stateAt, type FileCheckpointStore, type RestoreReport } from '../../core/checkpoints';
import { stringFlag } from '../args';
import type { Command } from '../command';
import { InputError, UsageError } from '../io';
import { loadForCli, requireEntry } from '../load';
import { cliWorkspaceStoreOrOff, treeAsSession, type StoreIo } from '../workspaceStore';

export interface RestoreCliReport {
  restored: string[];
  removed: string[];
  skipped: string[];
  /** Recorded folders that were links: made folders again (the link removed) or left alone. */
  linkedFolders?: string[];
}

export const restoreCommand: Command = {
  name: 'restore',
  usage: '--to ID [--dry-run] | --undo-interrupted',
  summary: "make the current folder's files those recorded at entry ID (checkpoints); --dry-run only lists the paths; --undo-interrupted puts the files back as they were before a restore that was killed part-way",
  flags: [
    { name: 'to', kind: 'string', value: 'ID' },
    { name: 'dry-run', kind: 'boolean' },
    { name: 'undo-interrupted', kind: 'boolean' },
  ],
  async run({ file, args, io }) {
    const to = stringFlag(args, 'to');
    if (args.flags.has('undo-interrupted')) {
      if (to !== undefined || args.flags.has('dry-run')) throw new UsageError('--undo-interrupted takes neither --to nor --dry-run');
      await loadForCli(file);
      return undoInterrupted(await storeOrThrow(io));
    }
    if (to === undefined) throw new UsageError('restore needs --to ID (or --undo-interrupted)');
    const loaded = await loadForCli(file);
    requireEntry(loaded, to, '--to');
    const state = stateAt(treeAsSession(loaded.tree), to);
    if (state === undefined) throw new InputError(`${file}: the session recorded no workspace files (it has no checkpoints)`);
    const store = await storeOrThrow(io);
    const dryRun = args.flags.has('dry-run');
    let done: RestoreReport;
    try {
      done = await store.restore(state, { session: loaded.header.id, overwriteOutside: true, dryRun });
    } catch (error) {
      if (!(error instanceof CheckpointStoreError)) throw error;
      if (error.reason === 'interrupted') throw new InputError(`${file}: ${error.message} To undo it: arbor restore ${file} --undo-interrupted`);
      if (error.reason !== 'unknown-state') throw new InputError(`${file}: ${error.message}`);
      throw new InputError(`${file}: the files recorded at ${to} are not in the checkpoint store of this workspace (${store.root}): recorded in another folder or session, or no longer kept. No file was changed`);
    }
    const report: RestoreCliReport = { restored: done.restored, removed: done.removed, skipped: done.skipped, ...(done.linkedFolders.length > 0 ? { linkedFolders: done.linkedFolders } : {}) };
    return { json: () => report, text: () => renderRestore(report, dryRun) };
  },
};

/** The store of the current folder; checkpoints off there is a one-line error (exit 2). */
async function storeOrThrow(io: StoreIo): Promise<FileCheckpointStore> {
  const store = await cliWorkspaceStoreOrOff(process.cwd(), io);
  if (store instanceof CheckpointsOff) throw new InputError(store.message);
  return store;
}

/** `--undo-interrupted`: the files as they were before the interrupted restore, its journal cleared. */
async function undoInterrupted(store: FileCheckpointStore) {
  const found = await store.interruptedRestore();
  if (found?.kind === 'malformed') throw new InputError(`the restore journal of this folder's checkpoint store (${store.folder}) cannot be read (${found.reason}); it is ignored, and no file was changed`);
  const done = found && (await store.undoInterruptedRestore());
  if (!done) return { json: () => ({ undone: false }), text: () => "No restore of this folder's files was interrupted; no file was changed.\n" };
  const report: RestoreCliReport = { restored: done.restored, removed: done.removed, skipped: done.skipped, ...(done.linkedFolders.length > 0 ? { linkedFolders: done.linkedFolders } : {}) };
  return { json: () => ({ undone: true, ...report }), text: () => `The files are back as they were before the interrupted restore.\n${renderRestore(report, false)}` };
}

function renderRestore(report: RestoreCliReport, dryRun: boolean): string {
  const section = (title: string, paths: readonly string[]): string[] => (paths.length === 0 ? [] : [`${title} (${paths.length}):`, ...paths.map((file) => `  ${file}`)]);
  const links = new Set(report.linkedFolders);
  const removedLinks = report.removed.filter((file) => links.has(file));
  const lines = [
    ...section(dryRun ? 'would restore' : 'restored', report.restored),
    ...section(dryRun ? 'would remove' : 'removed', report.removed.filter((file) => !links.has(file))),
    ...section(dryRun ? 'would make folders again (recorded folders that are links now)' : 'made folders again (recorded folders that were links)', removedLinks),
    ...section('left alone (recorded folders that are links now)', [...links].filter((file) => !removedLinks.includes(file))),
    ...section('left alone (ignored or over the size limit)', report.skipped),
  ];
  return lines.length === 0 ? 'The files already are as recorded.\n' : `${lines.join('\n')}\n`;
}
