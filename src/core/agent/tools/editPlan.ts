/**
 * A write or edit in two steps: the plan reads the file once and computes what would be written,
 * without writing; applying writes the content that was accepted (the proposal, or the user's
 * version of it). Between the two the user may review the plan in a diff, so applying reads the
 * file again and refuses to write when it changed on disk since the plan read it: the caller
 * refreshes the plan and asks again rather than writing over someone else's change blind.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Json } from '../../session';
import { throwIfAborted } from '../../workspace/abort';
import { modelText } from '../../workspace/modelText';
import { textResult } from './define';
import { fileDiff, renderDiff } from './diff';
import type { ToolContext, ToolResult } from './tool';

export type EditToolName = 'write' | 'edit';

export interface EditPlan {
  toolName: EditToolName;
  /** The path as the model gave it (for messages; never trusted as a location). */
  path: string;
  /** The file written: absolute, inside the workspace, links followed. */
  real: string;
  /** The file's text as the plan read it; undefined when the file does not exist (write creates it). */
  current: string | undefined;
  /** The whole text that would be written, in the file's own form (byte-order mark and line endings kept). */
  proposed: string;
  /** How many replacements an edit makes (write: none). */
  blocks?: number;
}

/** What applying did: wrote, or found the file changed since the plan read it (nothing written). */
export type ApplyOutcome = { kind: 'written'; result: ToolResult } | { kind: 'changed-on-disk' };

/** The most lines of "what the user changed" the model is told; the rest is summed up. */
const MAX_USER_DIFF_LINES = 40;

/**
 * Writes `accepted` (default: the proposal) to the plan's file, unless the file no longer is what
 * the plan read. A new file is created exclusively: one that appeared meanwhile is not replaced.
 * `recheck: false` skips the second read, for a plan applied at once. Throws a `ToolFailure` when
 * aborted, and what the file system throws.
 */
export async function applyPlan(plan: EditPlan, context: ToolContext, accepted: string = plan.proposed, options: { recheck?: boolean } = {}): Promise<ApplyOutcome> {
  // A plan written the moment it was made (no one was asked) is not read again: nothing waited.
  if (options.recheck !== false && plan.current !== undefined && (await readIfPresent(plan.real)) !== plan.current) return { kind: 'changed-on-disk' };
  throwIfAborted(context.signal);
  if (plan.current === undefined) {
    await fs.mkdir(path.dirname(plan.real), { recursive: true });
    try {
      await fs.writeFile(plan.real, accepted, { encoding: 'utf8', flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { kind: 'changed-on-disk' };
      throw error;
    }
  } else {
    await fs.writeFile(plan.real, accepted, 'utf8');
  }
  return { kind: 'written', result: writtenResult(plan, accepted) };
}

/** The file's text, or undefined when there is no file (a folder or other non-file is the plan's to refuse). */
export async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/**
 * The result the model reads: what was written (pi's words for write and edit), and, when the
 * user changed the proposal before accepting, that they did and how, as a short diff of the
 * proposal against what was written.
 */
export function writtenResult(plan: EditPlan, written: string): ToolResult {
  const said =
    plan.toolName === 'write'
      ? `Wrote ${Buffer.byteLength(written, 'utf8')} bytes to ${plan.path}`
      : `Replaced ${plan.blocks ?? 1} ${plan.blocks === 1 ? 'block' : 'blocks'} in ${plan.path}.`;
  const changed = written === plan.proposed ? '' : `\n\n${userChangeNote(plan.proposed, written)}`;
  const details = plan.toolName === 'edit' || plan.current !== undefined ? diffDetails(plan.path, plan.current ?? '', written) : undefined;
  return textResult(said + changed, details);
}

/** Said when the user changed the proposal: their changes as diff lines, `-` yours and `+` theirs. */
export function userChangeNote(proposed: string, written: string): string {
  const lines = renderDiff(modelText(proposed), modelText(written)).diff.split('\n');
  const shown = lines.slice(0, MAX_USER_DIFF_LINES);
  const rest = lines.length - shown.length;
  return [
    'The user changed your proposed content before accepting it: what was written differs from what you proposed (- yours, + what was written):',
    ...shown,
    ...(rest > 0 ? [`(${rest} more diff ${rest === 1 ? 'line' : 'lines'} not shown; read the file to see them)`] : []),
  ].join('\n');
}

/** The file before and after as the edit tool records it (pi's `diff`, `patch`, `firstChangedLine`), for the tool card. */
export function diffDetails(path: string, before: string, after: string): { [key: string]: Json } {
  return { ...fileDiff(path, modelText(before), modelText(after)) };
}

/**
 * The content to write for the text the user left on the proposed side: the proposal itself when
 * they changed nothing (an editor may drop the byte-order mark or show other line endings), else
 * their text, keeping the file's byte-order mark.
 */
export function acceptedContent(plan: EditPlan, text: string): string {
  if (modelText(text) === modelText(plan.proposed)) return plan.proposed;
  return plan.proposed.startsWith('\uFEFF') && !text.startsWith('\uFEFF') ? `\uFEFF${text}` : text;
}
