/** `arbor files <file> [--at ID]`: the workspace file changes recorded along a branch (its `arbor.files` entries). */
import { fileSteps, stateAt, type FilesCause } from '../../core/checkpoints';
import { LEAF_FLAG, type Command } from '../command';
import { stringFlag } from '../args';
import { loadForCli, resolveLeaf } from '../load';
import { treeAsSession } from '../workspaceStore';

export interface FilesStepRow {
  /** The `arbor.files` entry. */
  id: string;
  /** The entry it follows (the tool result, the message). */
  parentId: string | null;
  cause: FilesCause;
  toolCallId?: string;
  before: string;
  after: string;
  /** Changed paths (at most 200 listed). */
  changed: string[];
  changedCount: number;
}

export interface FilesReport {
  leafId: string | null;
  /** The workspace state recorded for the leaf (undefined: the session recorded none). */
  state?: string;
  steps: FilesStepRow[];
}

export const filesCommand: Command = {
  name: 'files',
  usage: '[--at ID]',
  summary: 'list the workspace file changes recorded along the branch (checkpoints), oldest first',
  flags: [LEAF_FLAG],
  async run({ file, args }) {
    const loaded = await loadForCli(file);
    const leafId = resolveLeaf(loaded, stringFlag(args, 'at'));
    const session = treeAsSession(loaded.tree);
    const state = stateAt(session, leafId);
    const steps = fileSteps(session, leafId).map(({ id, parentId, data }): FilesStepRow => ({
      id,
      parentId,
      cause: data.cause,
      ...(data.toolCallId !== undefined ? { toolCallId: data.toolCallId } : {}),
      before: data.before,
      after: data.after,
      changed: data.changed,
      changedCount: data.changedCount,
    }));
    const report: FilesReport = { leafId, ...(state !== undefined ? { state } : {}), steps };
    return { json: () => report, text: () => renderFiles(report) };
  },
};

function renderFiles(report: FilesReport): string {
  if (report.steps.length === 0) return report.state === undefined ? 'No files recorded on this branch.\n' : 'No file changes recorded on this branch.\n';
  const lines = report.steps.map((step) => {
    const more = step.changedCount > step.changed.length ? ` (+${step.changedCount - step.changed.length} more)` : '';
    return `${step.id}  ${step.cause}${step.toolCallId ? ` ${step.toolCallId}` : ''}  ✎ ${step.changedCount} file${step.changedCount === 1 ? '' : 's'}: ${step.changed.join(', ')}${more}`;
  });
  return `${lines.join('\n')}\n`;
}
