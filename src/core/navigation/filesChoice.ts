/**
 * The second question of a move (after the summary question): the workspace's files at the target
 * differ from the files on disk, so should they be restored? The setting `arbor.checkpoints.restore`
 * (ask / always / never) decides whether to ask; this module decides the items, what each answer
 * does, and the words the chat says afterwards. The editor only shows the question.
 *
 * Nothing of the user's is lost by default: files changed outside the agent since the last snapshot
 * are left alone unless the user picks the item that overwrites them ("always" never overwrites
 * them), and every restore snapshots the current files first, so moving back (or Undo Restore)
 * restores them again. A restore that would write or remove a protected file (one that makes a
 * program act later, or steers the agent: the list the write and edit tools ask about) or remove
 * more than a few files is always asked, and the question says so: "always" never covers it.
 */
import { isProtectedPath } from '../workspace/protectedPaths';
import type { RestorePlan, RestoreReport } from '../checkpoints';
import { plainText } from '../util/plainText';

export type CheckpointRestoreSetting = 'ask' | 'always' | 'never';

export const CHECKPOINT_RESTORE_SETTINGS: readonly CheckpointRestoreSetting[] = ['ask', 'always', 'never'];

/** What a restore to the target would change, as the question counts it. */
export interface FilesDifference {
  /** Workspace-relative paths the restore would write, bring back or remove. */
  paths: readonly string[];
  /** Of those, the paths changed outside the agent since the last snapshot: left alone unless overwritten. */
  outside: readonly string[];
  /** Of those, the protected paths (`.vscode/`, `.git`, `.pi/`, `AGENTS.md`, …); none when not given. */
  protectedPaths?: readonly string[];
  /** How many of those the restore would remove; 0 when not given. */
  removed?: number;
}

/** More removals than this in one restore and it is always asked. */
export const FEW_REMOVALS = 5;

/** At most this many protected paths are named in the question (the rest are counted). */
const NAMED_PROTECTED = 5;

/** What a restore plan would change, as the question counts it. */
export function planDifference(plan: Pick<RestorePlan, 'restore' | 'remove' | 'changedOutside'>): FilesDifference {
  const paths = [...plan.restore, ...plan.remove];
  return { paths, outside: plan.changedOutside, protectedPaths: paths.filter(isProtectedPath), removed: plan.remove.length };
}

/** The restore writes or removes a protected path, or removes more than a few files: it is never done unasked. */
export function needsQuestion(difference: FilesDifference): boolean {
  return (difference.protectedPaths?.length ?? 0) > 0 || (difference.removed ?? 0) > FEW_REMOVALS;
}

/**
 * What the question adds when the restore is one that is always asked: the protected paths it
 * would write or remove (named as plain text, a few), and how many files it would remove.
 */
export function restoreWarning(difference: FilesDifference): string | undefined {
  if (!needsQuestion(difference)) return undefined;
  const parts: string[] = [];
  const guarded = difference.protectedPaths ?? [];
  if (guarded.length > 0) {
    const named = guarded.slice(0, NAMED_PROTECTED).map((file) => plainText(file, 120)).join(', ');
    const more = guarded.length > NAMED_PROTECTED ? ` and ${guarded.length - NAMED_PROTECTED} more` : '';
    parts.push(`It changes files that configure the editor, git or the agent: ${named}${more}.`);
  }
  if ((difference.removed ?? 0) > FEW_REMOVALS) parts.push(`It removes ${fileCount(difference.removed!)}.`);
  return parts.join(' ');
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

/**
 * Nothing to restore never asks; otherwise the setting decides ("always" leaves outside changes
 * alone, and still asks about a restore that writes a protected path or removes many files).
 */
export function filesStep(setting: CheckpointRestoreSetting, difference: FilesDifference | undefined): FilesStep {
  if (!difference || difference.paths.length === 0 || setting === 'never') return { kind: 'keep' };
  if (setting === 'always' && !needsQuestion(difference)) return { kind: 'restore', overwriteOutside: false };
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
  const restore: FilesChoice = { id: 'restore', label: `Restore files (${fileCount(restored)})`, detail: `Make the workspace's files what they were at that point; the current files are kept first (Undo Restore brings them back).${leftAlone}` };
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
  /** Recorded folders that were links, made folders again (the link removed). */
  foldersBack?: number;
  /** Recorded folders that are links, left alone with nothing written below them. */
  linksLeftAlone?: number;
}

/** What a restore did, counted; a recorded folder that was a link is counted as that, not as a file. */
export function filesOutcome(report: Pick<RestoreReport, 'restored' | 'removed' | 'leftAlone' | 'skipped' | 'linkedFolders'>): FilesOutcome {
  const links = new Set(report.linkedFolders);
  const foldersBack = report.removed.filter((file) => links.has(file)).length;
  const linksLeftAlone = links.size - foldersBack;
  return {
    restored: report.restored.length,
    removed: report.removed.length - foldersBack,
    leftAlone: report.leftAlone.filter((file) => !links.has(file)).length,
    skipped: report.skipped.length,
    ...(foldersBack > 0 ? { foldersBack } : {}),
    ...(linksLeftAlone > 0 ? { linksLeftAlone } : {}),
  };
}

/** The restore wrote or removed something (so it can be undone). */
export function filesChanged(outcome: FilesOutcome): boolean {
  return outcome.restored + outcome.removed + (outcome.foldersBack ?? 0) > 0;
}

/** "Files restored: 3 changed, 1 removed; 1 left alone (changed outside)." — what the move note adds. */
export function filesRestoredText(outcome: FilesOutcome): string {
  const folders = (count: number): string => (count === 1 ? '1 folder' : `${count} folders`);
  const done = [
    outcome.restored > 0 ? `${outcome.restored} changed` : undefined,
    outcome.removed > 0 ? `${outcome.removed} removed` : undefined,
    outcome.foldersBack ? `${folders(outcome.foldersBack)} back in place of a link` : undefined,
  ].filter((part) => part !== undefined);
  const kept = [
    outcome.leftAlone > 0 ? `${outcome.leftAlone} left alone (changed outside)` : undefined,
    outcome.linksLeftAlone ? `${folders(outcome.linksLeftAlone)} left alone (a link now)` : undefined,
    outcome.skipped > 0 ? `${outcome.skipped} skipped` : undefined,
  ].filter((part) => part !== undefined);
  const head = done.length > 0 ? `Files restored: ${done.join(', ')}` : 'No files restored';
  return kept.length > 0 ? `${head}; ${kept.join(', ')}.` : `${head}.`;
}
