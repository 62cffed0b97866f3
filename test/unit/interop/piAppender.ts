/**
 * Child process of concurrentPi.test.ts: appends random entries to a session file through pi
 * 1.6.0's own `SessionManager` (one `appendFileSync` per entry), with seeded random pauses, while
 * the parent appends to the same file through Arbor. One request per round over IPC:
 * `{ file, count, seed, maxPauseMs }` → `{ ids }` (the ids pi appended, in order).
 */
import { loadPi } from '../../support/pi';
import { appendRandom, randomPause } from './randomAppend';
import { Dice, seededRandom } from '../../support/randomSession';
import { piWriter } from '../../support/sessionWriters';

export interface AppendRequest {
  file: string;
  count: number;
  seed: number;
  maxPauseMs: number;
}

async function serve(request: AppendRequest): Promise<string[]> {
  const { SessionManager } = await loadPi();
  const dice = new Dice(seededRandom(request.seed));
  const writer = piWriter(SessionManager.open(request.file));
  const ids: string[] = [];
  for (let i = 0; i < request.count; i++) {
    await randomPause(dice, request.maxPauseMs);
    ids.push(await appendRandom(writer, dice, `pi-${i}`));
  }
  return ids;
}

void loadPi().then(() => {
  process.on('message', (request: AppendRequest) => {
    serve(request).then(
      (ids) => process.send!({ ids }),
      (error: unknown) => process.send!({ error: String((error as Error).stack ?? error) }),
    );
  });
  process.send!({ ready: true });
});
