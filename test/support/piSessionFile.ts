/**
 * A session written through pi's own SessionManager (in memory), as a file Arbor reads back: for
 * the tests that compare what Arbor makes of pi's entries with what pi makes of them.
 */
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadSessionFile, type SessionTree } from '../../src/core/session';
import type { PiModule } from './pi';

export type PiManager = ReturnType<PiModule['SessionManager']['inMemory']>;

/** pi's header and entries written to `<dir>/<session id>.jsonl`, read by Arbor (no line refused). */
export async function arborTreeOf(sm: PiManager, dir: string): Promise<SessionTree> {
  const file = path.join(dir, `${sm.getSessionId()}.jsonl`);
  writeFileSync(file, [sm.getHeader(), ...sm.getEntries()].map((line) => JSON.stringify(line)).join('\n') + '\n');
  const loaded = await loadSessionFile(file);
  assert.deepEqual(loaded.report.malformed, []);
  return loaded.tree;
}
