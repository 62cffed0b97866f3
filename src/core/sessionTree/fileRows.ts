/**
 * What a Session Tree row says about the workspace's files: a step (a tool's result, a turn's last
 * reply) after which the agent recorded changed files reads "✎ 3 files", and its tooltip lists
 * them. The `arbor.files` entries themselves are bookkeeping (hidden like other custom entries):
 * their count is folded into the row of the step they follow. Files changed outside the agent are
 * counted apart, so a reply is not blamed for them.
 */
import { ChangedFiles, isAgentChange, stepRecords } from '../checkpoints';
import type { SessionTree } from '../session';

/** The files recorded after one step. */
export interface StepFiles {
  /** Paths the agent changed (as many as the entries list). */
  changed: readonly string[];
  /** How many the agent changed (more than `changed` when an entry's list was cut). */
  count: number;
  /** Paths changed outside the agent, noticed after this step. */
  outside: readonly string[];
  outsideCount: number;
}

/** The files recorded by the `arbor.files` entries right after `entryId`; undefined when none changed any. */
export function stepFiles(tree: SessionTree, entryId: string): StepFiles | undefined {
  const agent = new ChangedFiles();
  const outside = new ChangedFiles();
  for (const data of stepRecords(tree, entryId)) {
    if (isAgentChange(data)) agent.add(data);
    else if (data.cause === 'outside') outside.add(data);
  }
  if (agent.count === 0 && outside.count === 0) return undefined;
  return { changed: [...agent.paths], count: agent.count, outside: [...outside.paths], outsideCount: outside.count };
}

/** "✎ 3 files"; "✎ 2 files changed outside" when only files changed outside were noticed there. */
export function filesMark(files: StepFiles): string {
  if (files.count > 0) return `✎ ${files.count} ${files.count === 1 ? 'file' : 'files'}`;
  return `✎ ${files.outsideCount} ${files.outsideCount === 1 ? 'file' : 'files'} changed outside`;
}
