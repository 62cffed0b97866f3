/**
 * Recovery hides the failed attempt, as pi 1.6.0 does before it compacts and retries: a reply that
 * overflowed the window (refused as too long, or cut at the output limit with nothing said) is
 * taken out of the model's context with `context_edit` entries — the reply and the results of its
 * tool calls together — so neither the summary nor the next request carries it. The file keeps it
 * (the chat, the tree, exports and the totals still show it); a position before the edits sees it.
 */
import { applyContextEditPlan, ContextEditError, messageRole, planHide, type Session } from '../session';

/** Hides the latest reply on the branch with its tool results; the new entries' ids (none when it is hidden already or absent). */
export async function hideFailedAttempt(session: Session): Promise<string[]> {
  const branch = session.getBranch();
  let reply: string | undefined;
  for (let i = branch.length - 1; i >= 0 && reply === undefined; i--) if (messageRole(branch[i]!) === 'assistant') reply = branch[i]!.id;
  if (reply === undefined) return [];
  try {
    return (await applyContextEditPlan(session, planHide(session, reply))).entryIds;
  } catch (error) {
    // Already hidden, or summarized: nothing of it reaches the model any more.
    if (error instanceof ContextEditError) return [];
    throw error;
  }
}
