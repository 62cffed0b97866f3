/**
 * One random append through a `SessionWriter` (pi's `SessionManager` or Arbor's `Session`), for
 * the concurrent-writer tests: user and assistant messages, custom entries, thinking changes; now
 * and then a large line (tens of kB, rarely more than 512 kB, the size at which Node's `appendFile`
 * would split a write in two).
 */
import type { Dice, SessionWriter } from '../../support/randomSession';

export async function appendRandom(writer: SessionWriter, dice: Dice, tag: string): Promise<string> {
  const text = `${tag} ${dice.chance(0.002) ? 'x'.repeat(600_000) : dice.chance(0.03) ? 'y'.repeat(dice.int(10_000, 40_000)) : dice.text()}`;
  const kind = dice.int(0, 9);
  if (kind < 4) return writer.appendMessage({ role: 'user', content: text, timestamp: dice.time() });
  if (kind < 8) {
    return writer.appendMessage({
      role: 'assistant',
      content: [{ type: 'text', text }],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
      stopReason: 'stop',
      timestamp: dice.time(),
    });
  }
  if (kind < 9) return writer.appendCustomEntry('concurrency-test', { tag, text });
  return writer.appendThinkingLevelChange(dice.pick(['low', 'medium', 'high']));
}

/** Waits 0 to `maxMs` milliseconds (0: only until the next turn of the event loop). */
export function randomPause(dice: Dice, maxMs: number): Promise<void> {
  const ms = dice.int(0, maxMs);
  return new Promise((resolve) => (ms === 0 ? setImmediate(resolve) : setTimeout(resolve, ms)));
}
