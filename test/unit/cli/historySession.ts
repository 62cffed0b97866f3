/** A session file with a history long enough to compact, for the commands that call the model. */
import { createSessionFile, type Session } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';

const long = (label: string): string => `${label} ${'words and more words '.repeat(40)}`;

/** Four exchanges of about 200 tokens each. */
export async function sessionWithHistory(dir: string): Promise<Session> {
  const session = await createSessionFile({ dir, cwd: dir, clock: steppingClock() });
  for (let i = 1; i <= 4; i++) {
    await session.appendMessage({ role: 'user', content: [{ type: 'text', text: long(`question ${i}`) }], timestamp: i });
    await session.appendMessage({
      role: 'assistant',
      content: [{ type: 'text', text: long(`answer ${i}`) }],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      usage: { input: 100 * i, output: 50, cacheRead: 0, cacheWrite: 0, totalTokens: 100 * i + 50 },
      stopReason: 'stop',
      timestamp: i,
    });
  }
  await session.sync();
  return session;
}
