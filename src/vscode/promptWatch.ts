// Follows one prompt's first reply to tell "sent" from "could not be sent". Sent: anything came
// back (text, thinking, a tool call) or the reply finished. Not sent: the run ended with an error
// and nothing received; the position then goes back to before the user message (which stays in
// the tree, on its own branch) so that sending the text again does not repeat it.
import type { AgentEvent, AgentSession } from '../core/agent';
import { messageRole } from '../core/session';
import { promptFailure } from './errors';

export function watchFirstReply(agent: AgentSession, options: { baseUrl: string | undefined }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let userEntry: { id: string; parentId: string | null } | undefined;
    let failure: { reason: string; message: string } | undefined;
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
          failure ??= { reason: event.reason, message: event.message };
          return;
        case 'run_end':
          if (!failure || !userEntry) return settle();
          return void undo(userEntry).finally(() => settle(promptFailure(failure!.reason, failure!.message, options.baseUrl)));
      }
    });
    let settled = false;
    function settle(error?: Error): void {
      if (settled) return;
      settled = true;
      subscription.dispose();
      if (error) reject(error);
      else resolve();
    }
    /** Back to before the user message, unless something was added after the failed reply meanwhile. */
    async function undo(user: { id: string; parentId: string | null }): Promise<void> {
      const session = agent.session;
      const leaf = session.leafId;
      const afterUser = leaf === user.id || (leaf !== null && session.getEntry(leaf)?.parentId === user.id);
      if (!afterUser) return;
      if (user.parentId === null) await session.resetLeaf();
      else await session.branch(user.parentId);
    }
  });
}
