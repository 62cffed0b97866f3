/**
 * What a branch summary covers, as in pi: the entries between the abandoned leaf and
 * the common ancestor with the target, and the newest of their messages that fit a budget.
 */
import { replaced, type AgentMessage, type BranchSummaryEntry, type ContextEditEntry, type SessionEntry, type SessionTree } from '../session';
import { piEstimator, type TokenEstimator } from '../tokens';
import { branchMessageOf } from './entryMessages';
import { createFileOps, extractFileOpsFromMessage, failedToolCalls, mergeFileLists, type FileOperations } from './fileOps';

export interface BranchEntries {
  /** Chronological; the common ancestor itself is not included. */
  entries: SessionEntry[];
  commonAncestorId: string | null;
}

/**
 * Entries from `oldLeafId` back to (excluding) the deepest entry also on the path to `targetId`.
 * When the target is an ancestor of the old leaf, it is that common ancestor, so a selected user
 * message is not summarized (pi's behaviour). Compaction entries are included.
 */
export function collectEntriesForBranchSummary(tree: SessionTree, oldLeafId: string | null, targetId: string): BranchEntries {
  if (!oldLeafId) return { entries: [], commonAncestorId: null };
  const oldPath = tree.pathTo(oldLeafId);
  const onOldPath = new Set(oldPath.map((entry) => entry.id));
  const targetPath = tree.pathTo(targetId);
  let commonAncestorId: string | null = null;
  for (let i = targetPath.length - 1; i >= 0; i--) {
    if (onOldPath.has(targetPath[i]!.id)) {
      commonAncestorId = targetPath[i]!.id;
      break;
    }
  }
  const entries: SessionEntry[] = [];
  for (let i = oldPath.length - 1; i >= 0 && oldPath[i]!.id !== commonAncestorId; i--) entries.push(oldPath[i]!);
  return { entries: entries.reverse(), commonAncestorId };
}

export interface PreparedBranch {
  messages: AgentMessage[];
  fileOps: FileOperations;
  totalTokens: number;
}

export interface PrepareBranchOptions {
  /** Default: pi's chars/4. */
  estimator?: TokenEstimator | undefined;
  cwd?: string | undefined;
}

/**
 * Newest first until `tokenBudget` (0 = no limit) is reached; a compaction or branch summary that
 * breaks the budget is still squeezed in while less than 90% is used, since it condenses much more
 * history. File lists of earlier (non-extension) branch summaries are merged whatever the budget.
 */
export function prepareBranchEntries(entries: readonly SessionEntry[], tokenBudget = 0, options: PrepareBranchOptions = {}): PreparedBranch {
  const estimator = options.estimator ?? piEstimator;
  const fileOps = createFileOps();
  const fileOptions = { cwd: options.cwd, failedCalls: failedToolCalls(entries) };
  for (const entry of entries) {
    if (entry.type === 'branch_summary' && !(entry as BranchSummaryEntry).fromHook) mergeFileLists(entry.details, fileOps, fileOptions);
  }
  const edits = latestEdits(entries);
  // Collected newest first and turned round at the end: unshift would be quadratic on a long branch.
  const messages: AgentMessage[] = [];
  let totalTokens = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    const message = editedMessage(entry, edits?.get(entry.id));
    if (!message) continue;
    // Before the budget check: the message that breaks the budget still lists its files.
    extractFileOpsFromMessage(message, fileOps, fileOptions);
    const tokens = estimator.estimate(message);
    if (tokenBudget > 0 && totalTokens + tokens > tokenBudget) {
      const isSummary = entry.type === 'compaction' || entry.type === 'branch_summary';
      if (isSummary && totalTokens < tokenBudget * 0.9) {
        messages.push(message);
        totalTokens += tokens;
      }
      break;
    }
    messages.push(message);
    totalTokens += tokens;
  }
  return { messages: messages.reverse(), fileOps, totalTokens };
}

/** The latest context edit per target among the abandoned entries (pi 1.6), or undefined when there is none. */
function latestEdits(entries: readonly SessionEntry[]): Map<string, ContextEditEntry> | undefined {
  let edits: Map<string, ContextEditEntry> | undefined;
  for (const entry of entries) if (entry.type === 'context_edit') (edits ??= new Map()).set((entry as ContextEditEntry).targetId, entry as ContextEditEntry);
  return edits;
}

/** What an entry gives the branch summary, as the model saw it: nothing when an edit hid it, the replacement when one replaced it. */
function editedMessage(entry: SessionEntry, edit: ContextEditEntry | undefined): AgentMessage | undefined {
  const message = branchMessageOf(entry);
  if (!message || !edit) return message;
  return edit.replacement === null ? undefined : replaced(message, edit.replacement);
}
