/**
 * Follows one prompt's first reply to tell "answered" from "not answered". Answered: anything came
 * back (text, thinking, a tool call) or the reply finished. Not answered: the run ended with an
 * error and nothing received. The position then goes back to before the user message, which stays
 * in the tree on a branch of its own, so that sending the text again does not repeat it; the
 * promise rejects with an `UnansweredPromptError` that carries the failure's reason.
 */
import { messageRole } from '../session';
import type { AgentSession } from './agentSession';
import type { AgentErrorReason, AgentEvent } from './events';

/** A prompt that got no reply: `reason` says why (the provider's reason, or the agent's own). */
export class UnansweredPromptError extends Error {
  constructor(
    readonly reason: AgentErrorReason,
    /** What failed, in the words of the part that failed (for the log and the CLI). */
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'UnansweredPromptError';
  }
}

/** Resolves once the next run's reply has begun; rejects with `UnansweredPromptError` (after moving back) when it never did. */
export function watchFirstReply(agent: Pick<AgentSession, 'onEvent' | 'session'>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let userEntry: { id: string; parentId: string | null } | undefined;
    let failure: UnansweredPromptError | undefined;
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      subscription.dispose();
      if (error) reject(error);
      else resolve();
    };
    const subscription = agent.onEvent((event: AgentEvent) => {
      switch (event.type) {
        case 'entry_appended':
          if (!userEntry && messageRole(event.entry) === 'user') userEntry = event.entry;
          return;
        case 'text_delta':
        case 'thinking_delta':
        case 'tool_call_start':
          return settle();
        case 'reply_end':
          if (event.message.stopReason !== 'error') settle();
          return;
        case 'error':
          failure ??= new UnansweredPromptError(event.reason, event.message);
          return;
        case 'run_end': {
          const [user, error] = [userEntry, failure];
          if (!error || !user) return settle();
          void moveBack(agent.session, user).finally(() => settle(error));
          return;
        }
        default:
          return;
      }
    });
  });
}

/** Back to before the user message, unless something was added after the failed reply meanwhile. */
async function moveBack(session: AgentSession['session'], user: { id: string; parentId: string | null }): Promise<void> {
  const leaf = session.leafId;
  const afterUser = leaf === user.id || (leaf !== null && session.getEntry(leaf)?.parentId === user.id);
  if (!afterUser) return;
  if (user.parentId === null) await session.resetLeaf();
  else await session.branch(user.parentId);
}
