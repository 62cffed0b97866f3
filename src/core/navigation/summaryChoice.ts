/**
 * The question asked before leaving a branch (pi's /tree asks it; `arbor.branchSummary`): whether
 * to ask at all, the three answers, and what each answer asks `navigateTree` to do. The editor
 * only shows the question; this module decides it.
 */
import { branchMessageOf, collectEntriesForBranchSummary } from '../compaction';
import type { SessionTree } from '../session';

export type BranchSummarySetting = 'ask' | 'always' | 'never';

export type SummaryChoiceId = 'none' | 'summarize' | 'focus';

export interface SummaryChoice {
  id: SummaryChoiceId;
  /** The quick pick's item label (the contract fixes these words). */
  label: string;
  detail: string;
}

export const SUMMARY_CHOICES: readonly SummaryChoice[] = [
  { id: 'none', label: 'No summary', detail: 'Move there; the branch left behind stays in the tree, unsummarized.' },
  { id: 'summarize', label: 'Summarize', detail: 'Move there with a summary of the branch left behind in the context.' },
  { id: 'focus', label: 'Summarize with focus…', detail: 'Type what the summary should focus on, then move there with it.' },
];

/** What happens before the move: go straight on (with or without a summary), or ask first. */
export type SummaryStep = { kind: 'move'; summarize: boolean } | { kind: 'ask' };

/** What `navigateTree` is asked for. */
export interface SummaryRequest {
  summarize: boolean;
  customInstructions?: string;
}

/**
 * True when moving from `leafId` to `targetId` leaves conversation behind: some entry between the
 * position and the common ancestor would give the summarizer a message. Moving forward along the
 * branch, or leaving only bookkeeping entries or tool results (which summaries skip), leaves nothing.
 */
export function leavesConversation(tree: SessionTree, leafId: string | null, targetId: string): boolean {
  if (leafId === targetId) return false;
  const { entries } = collectEntriesForBranchSummary(tree, leafId, targetId);
  return entries.some((entry) => branchMessageOf(entry) !== undefined);
}

/** Nothing to summarize never asks; otherwise the setting decides. */
export function summaryStep(setting: BranchSummarySetting, leavesSomething: boolean): SummaryStep {
  if (!leavesSomething || setting === 'never') return { kind: 'move', summarize: false };
  if (setting === 'always') return { kind: 'move', summarize: true };
  return { kind: 'ask' };
}

/** The request for an answer; `focus` is the text typed for "Summarize with focus…" (blank: none). */
export function summaryRequest(choice: SummaryChoiceId, focus?: string): SummaryRequest {
  if (choice === 'none') return { summarize: false };
  const instructions = choice === 'focus' ? focus?.trim() : undefined;
  return instructions ? { summarize: true, customInstructions: instructions } : { summarize: true };
}
