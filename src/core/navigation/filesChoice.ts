/**
 * The second question of a move (after the summary question): the workspace's files at the target
 * differ from the files on disk, so should they be restored? The setting `arbor.checkpoints.restore`
 * (ask / always / never) decides whether to ask; this module decides the items, what each answer
 * does, and the words the chat says afterwards. The editor only shows the question.
 *
 * Nothing of the user's is lost by default: files changed outside the agent since the last snapshot
 * are left alone unless the user picks the item that overwrites them ("always" never overwrites
 * them), and every restore snapshots the current files first, so moving back restores them again.
 */
import type { RestorePlan } from '../checkpoints';

export type CheckpointRestoreSetting = 'ask' | 'always' | 'never';

export const CHECKPOINT_RESTORE_SETTINGS: readonly CheckpointRestoreSetting[] = ['ask', 'always', 'never'];

/** What a restore to the target would change, as the question counts it. */
export interface FilesDifference {
  /** Workspace-relative paths the restore would write, bring back or remove. */
  paths: readonly string[];
  /** Of those, the paths changed outside the agent since the last snapshot: left alone unless overwritten. */
  outside: readonly string[];
}

/** What a restore plan would change, as the question counts it. */
export function planDifference(plan: Pick<RestorePlan, 'restore' | 'remove' | 'changedOutside'>): FilesDifference {
  return { paths: [...plan.restore, ...plan.remove], outside: plan.changedOutside };
}

export type FilesChoiceId = 'restore' | 'overwrite' | 'keep' | 'preview';

export interface FilesChoice {
  id: FilesChoiceId;
  /** The quick pick's item label (the contract fixes the words of restore, keep and preview). */
  label: string;
  detail: string;
}

/** What happens to the files on a move: nothing, a restore (maybe overwriting outside changes), or ask first. */
export type FilesStep = { kind: 'keep' } | { kind: 'restore'; overwriteOutside: boolean } | { kind: 'ask' };

/** Nothing to restore never asks; otherwise the setting decides ("always" leaves outside changes alone). */
export function filesStep(setting: CheckpointRestoreSetting, difference: FilesDifference | undefined): FilesStep {
  if (!difference || difference.paths.length === 0 || setting === 'never') return { kind: 'keep' };
  if (setting === 'always') return { kind: 'restore', overwriteOutside: false };
  return { kind: 'ask' };
}

/** "1 file", "3 files". */
export function fileCount(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`;
}

/**
 * The question's items: "Restore files (N files)" / "Keep files as they are" / "Preview changes…",
 * and, only when some of those files were changed outside the agent, a fourth that overwrites them
 * too. N counts what the first item really writes (outside changes left alone are not counted);
 * when every file that differs was changed outside, that item would write nothing and is left out.
 */
export function filesChoices(difference: FilesDifference): FilesChoice[] {
  const outside = difference.outside.length;
  const restored = difference.paths.length - outside;
  const leftAlone = outside > 0 ? ` ${fileCount(outside)} changed outside the agent ${outside === 1 ? 'is' : 'are'} left alone.` : '';
  const restore: FilesChoice = { id: 'restore', label: `Restore files (${fileCount(restored)})`, detail: `Make the workspace's files what they were at that point; the current files are kept as a checkpoint you can move back to.${leftAlone}` };
  const overwrite: FilesChoice = {
    id: 'overwrite',
    label: `Restore files and overwrite changes made outside (${fileCount(difference.paths.length)})`,
    detail: `Also overwrite the ${fileCount(outside)} changed outside the agent since its last checkpoint; they are kept in the checkpoint taken first.`,
  };
  return [
    ...(restored > 0 ? [restore] : []),
    ...(outside > 0 ? [overwrite] : []),
    { id: 'keep', label: 'Keep files as they are', detail: 'Move in the conversation only; the files on disk stay as they are now.' },
    { id: 'preview', label: 'Preview changes…', detail: 'Show what would change in a diff, then ask again.' },
  ];
}

/** The restore an answer asks for; undefined for keep (and for preview, which asks again). */
export function filesRequest(choice: FilesChoiceId): { overwriteOutside: boolean } | undefined {
  if (choice === 'restore') return { overwriteOutside: false };
  if (choice === 'overwrite') return { overwriteOutside: true };
  return undefined;
}

/** What a restore did, as counts of paths. */
export interface FilesOutcome {
  /** Written or brought back. */
  restored: number;
  removed: number;
  /** Changed outside the agent, left as they are. */
  leftAlone: number;
  /** Skipped by the store (over the size limit, ignored, in a nested repository). */
  skipped: number;
}

/** "Files restored: 3 changed, 1 removed; 1 left alone (changed outside)." — what the move note adds. */
export function filesRestoredText(outcome: FilesOutcome): string {
  const done = [outcome.restored > 0 ? `${outcome.restored} changed` : undefined, outcome.removed > 0 ? `${outcome.removed} removed` : undefined].filter((part) => part !== undefined);
  const kept = [outcome.leftAlone > 0 ? `${outcome.leftAlone} left alone (changed outside)` : undefined, outcome.skipped > 0 ? `${outcome.skipped} skipped` : undefined].filter((part) => part !== undefined);
  const head = done.length > 0 ? `Files restored: ${done.join(', ')}` : 'No files restored';
  return kept.length > 0 ? `${head}; ${kept.join(', ')}.` : `${head}.`;
}
