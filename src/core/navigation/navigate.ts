/**
 * Moving within one session (pi's `/tree`): where the position goes for a selected
 * entry, and the whole navigation with an optional summary of the branch being left.
 *
 * The summary's `fromId` names the abandoned leaf, as pi 1.6 writes it (0.73.1 wrote the attach
 * point). Difference from pi, on purpose: an orphan's unknown parent counts as the root.
 */
import { messageRole, messageText, SessionError, type BranchSummaryEntry, type Session, type SessionEntry } from '../session';
import type { TokenEstimator } from '../tokens';
import { collectEntriesForBranchSummary, CompactionError, generateBranchSummary, type Summarizer } from '../compaction';
import type { ArborHooks, HookOwner, WillNavigateTreeResult } from '../hooks';
import { noStopPoints, type StopPoints } from '../util/stopPoints';

export interface NavigationTarget {
  /** The new position (null: before the first entry). */
  newLeafId: string | null;
  /** Text to put back in the input box, for a selected user or custom message. */
  editorText: string | undefined;
}

/**
 * A user message (or custom message) is re-opened for editing: the position goes to its parent
 * and its text to the editor. Any other entry becomes the position itself.
 */
export function navigationTarget(session: Pick<Session, 'tree'>, targetId: string): NavigationTarget {
  const target = session.tree.get(targetId);
  if (!target) throw new SessionError('entry-not-found', `Entry ${targetId} not found`);
  if (isUserMessage(target) || target.type === 'custom_message') {
    const text = target.type === 'custom_message' ? messageText(target as never) : messageText(target.message as never);
    return { newLeafId: session.tree.parentOf(targetId), editorText: text };
  }
  return { newLeafId: targetId, editorText: undefined };
}

export interface NavigateOptions {
  /** Summarize the branch being left. */
  summarize?: boolean;
  summarizer?: Summarizer | undefined;
  signal?: AbortSignal | undefined;
  customInstructions?: string | undefined;
  replaceInstructions?: boolean | undefined;
  /** Label for the selected entry (or, with a summary, for the summary). */
  label?: string | undefined;
  /** The position goes to the target itself even for a user message, no editor text ("Branch from Here"). */
  atTarget?: boolean | undefined;
  reserveTokens?: number | undefined;
  /** The summarizing model's window and output limit. */
  contextWindow?: number | undefined;
  maxOutputTokens?: number | undefined;
  /** The session's thinking level and whether the summarizing model reasons (the summary is asked at that level). */
  thinkingLevel?: string | undefined;
  modelReasoning?: boolean | undefined;
  estimator?: TokenEstimator | undefined;
  /** The clock (ms since the epoch) for the summary request; default the system clock. */
  now?: (() => number) | undefined;
  /** Other extensions' handlers, asked before the move (pi's `session_before_tree`). */
  hooks?: ArborHooks | undefined;
  /** Where a kill test freezes the process: once the summary is in hand, before its entry is written. */
  stopPoints?: StopPoints | undefined;
}

export type NavigateResult =
  | { cancelled: false; editorText?: string; summaryEntryId?: string }
  | { cancelled: true; aborted: true }
  /** An extension's handler cancelled the move: nothing was written. */
  | { cancelled: true; aborted: false; by: HookOwner };

/** Throws `SessionError` for an unknown target, `CompactionError` when summarizing is impossible or fails. */
export async function navigateTree(session: Session, targetId: string, options: NavigateOptions = {}): Promise<NavigateResult> {
  const oldLeafId = session.leafId;
  if (targetId === oldLeafId) return { cancelled: false };
  if (options.summarize && !options.summarizer) throw new CompactionError('no-summarizer', 'No model available for summarization');
  const { newLeafId, editorText } = options.atTarget ? exactTarget(session, targetId) : navigationTarget(session, targetId);
  const { entries, commonAncestorId } = collectEntriesForBranchSummary(session.tree, oldLeafId, targetId);
  const asked = await askTreeHooks(options, { targetId, oldLeafId, commonAncestorId, entriesToSummarize: entries });
  if (asked.kind === 'cancel') return { cancelled: true, aborted: false, by: asked.by };
  if (options.signal?.aborted) return { cancelled: true, aborted: true };
  const { supplied, by } = asked;
  const move = { ...options, ...asked.overrides };
  // A process killed at this point has the summary but wrote nothing of it: the file is as it was.
  const summaryInHand = (): void => (options.stopPoints ?? noStopPoints).reached('branch-summary');
  let summaryEntryId: string | undefined;
  if (move.summarize && supplied) {
    // pi: a handler's summary stands for the branch even when there is nothing to summarize.
    summaryInHand();
    summaryEntryId = await session.branchWithSummary(newLeafId, {
      summary: supplied.summary,
      fromId: oldLeafId ?? 'root',
      ...(supplied.details !== undefined ? { details: supplied.details } : {}),
      ...(supplied.usage ? { usage: supplied.usage } : {}),
      fromHook: true,
      extra: { arbor: { byExtension: by?.id ?? '' } },
    });
  } else if (move.summarize && move.summarizer && entries.length > 0) {
    const outcome = await generateBranchSummary(entries, { ...move, summarizer: move.summarizer, cwd: session.cwd });
    if (outcome.kind === 'aborted' || options.signal?.aborted) return { cancelled: true, aborted: true };
    if (outcome.kind === 'error') throw new CompactionError('summarization-failed', outcome.message, { cause: outcome.error });
    summaryInHand();
    summaryEntryId = await session.branchWithSummary(newLeafId, {
      summary: outcome.summary,
      fromId: oldLeafId ?? 'root',
      details: { readFiles: outcome.readFiles, modifiedFiles: outcome.modifiedFiles },
      usage: outcome.tally.usage,
      fromHook: false,
      extra: { arbor: { summarizedMessages: outcome.summarizedMessages, requests: outcome.tally.requests, ...(outcome.tally.model ? { summarizerModel: outcome.tally.model } : {}) } },
    });
  }
  if (summaryEntryId) {
    if (move.label) await session.appendLabel(summaryEntryId, move.label);
  } else {
    if (newLeafId === null) await session.resetLeaf();
    else await session.branch(newLeafId);
    if (move.label) await session.appendLabel(targetId, move.label);
  }
  announceMove(options.hooks, session, oldLeafId, summaryEntryId, supplied !== undefined);
  return { cancelled: false, ...(editorText !== undefined ? { editorText } : {}), ...(summaryEntryId ? { summaryEntryId } : {}) };
}

type TreeHookDecision =
  | { kind: 'cancel'; by: HookOwner }
  | { kind: 'go'; supplied: WillNavigateTreeResult['summary']; by: HookOwner | undefined; overrides: Pick<NavigateOptions, 'customInstructions' | 'replaceInstructions' | 'label'> };

/** The handlers' say on a move: a cancel, or a summary and the instructions / label that replace the move's own. */
async function askTreeHooks(
  options: NavigateOptions,
  found: { targetId: string; oldLeafId: string | null; commonAncestorId: string | null; entriesToSummarize: SessionEntry[] },
): Promise<TreeHookDecision> {
  if (!options.hooks) return { kind: 'go', supplied: undefined, by: undefined, overrides: {} };
  const outcome = await options.hooks.beforeNavigate(
    {
      ...found,
      userWantsSummary: options.summarize === true,
      customInstructions: options.customInstructions,
      replaceInstructions: options.replaceInstructions,
      label: options.label,
    },
    options.signal,
  );
  if (outcome.kind === 'cancel') return { kind: 'cancel', by: outcome.by };
  if (outcome.kind === 'none') return { kind: 'go', supplied: undefined, by: undefined, overrides: {} };
  const { summary, customInstructions, replaceInstructions, label } = outcome.result;
  const overrides = {
    ...(customInstructions !== undefined ? { customInstructions } : {}),
    ...(replaceInstructions !== undefined ? { replaceInstructions } : {}),
    ...(label !== undefined ? { label } : {}),
  };
  return { kind: 'go', supplied: summary, by: outcome.by, overrides };
}

/** pi's `session_tree`, for the extensions listening. */
function announceMove(hooks: ArborHooks | undefined, session: Session, oldLeafId: string | null, summaryEntryId: string | undefined, fromExtension: boolean): void {
  if (!hooks) return;
  const summary = summaryEntryId ? session.getEntry(summaryEntryId) : undefined;
  hooks.didNavigateTree({
    newLeafId: session.leafId,
    oldLeafId,
    ...(summary?.type === 'branch_summary' ? { summaryEntry: summary as BranchSummaryEntry, fromExtension } : {}),
  });
}

function exactTarget(session: Pick<Session, 'tree'>, targetId: string): NavigationTarget {
  if (!session.tree.has(targetId)) throw new SessionError('entry-not-found', `Entry ${targetId} not found`);
  return { newLeafId: targetId, editorText: undefined };
}

function isUserMessage(entry: SessionEntry): boolean {
  return messageRole(entry) === 'user';
}
