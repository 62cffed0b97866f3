/** Earlier turns for agent tests: each message about 100 tokens by pi's estimate, each reply with a usage. */
import type { Session } from '../../../../src/core/session';
import { replyUsage } from './scriptedProvider';

const LONG = 'x'.repeat(400);

/** Appends `turns` user/assistant pairs; reply i reports 100·i input tokens (so a calibration can learn from them). */
export async function history(session: Session, turns: number, model = 'claude-sonnet-4-5'): Promise<void> {
  for (let i = 1; i <= turns; i++) {
    await session.appendMessage({ role: 'user', content: [{ type: 'text', text: `old question ${i} ${LONG}` }], timestamp: i });
    await session.appendMessage({
      role: 'assistant',
      content: [{ type: 'text', text: `old answer ${i} ${LONG}` }],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model,
      usage: replyUsage(100 * i),
      stopReason: 'stop',
      timestamp: i,
    });
  }
}
