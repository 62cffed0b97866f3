/**
 * pi 1.6.0 opens a session with `arbor.files` entries (between a call's tool results, before a
 * prompt, at a turn's end) and builds the same context as Arbor: the entries are ignored.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadPi } from '../../support/pi';
import { assistant, chain, entry, msg, sessionFileText, toolCall, toolResult, user } from '../../support/builders';
import { arborWholeContext, assertSameContext, newCoverage, piWholeContext } from './wholeContext';
import type { PiEntry } from './piOracle';

const S1 = 'a'.repeat(40);
const S2 = 'b'.repeat(40);

function files(id: string, before: string, after: string, cause: string, toolCallId?: string) {
  return entry('custom', id, null, { customType: 'arbor.files', data: { v: 1, before, after, changed: before === after ? [] : ['a.txt'], changedCount: before === after ? 0 : 1, cause, ...(toolCallId ? { toolCallId } : {}) } });
}

describe('interop: pi 1.6.0 reads a session with arbor.files entries', () => {
  it('builds the same context as Arbor, ignoring the checkpoint entries', async () => {
    const pi = await loadPi();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-interop-files-'));
    try {
      const first = toolCall('bash', { command: 'printf x > a.txt' }, 'call-1');
      const second = toolCall('read', { path: 'a.txt' }, 'call-2');
      const entries = chain(
        files('f0', S1, S1, 'start'),
        msg('u1', null, user('change a.txt')),
        msg('a1', null, assistant([{ type: 'text', text: 'doing it' }, first, second], { stopReason: 'toolUse' })),
        msg('r1', null, toolResult(first, '')),
        files('f1', S1, S2, 'tool', 'call-1'),
        msg('r2', null, toolResult(second, 'x')),
        msg('a2', null, assistant('done')),
        files('f2', S2, S1, 'outside'),
        msg('u2', null, user('again')),
        msg('a3', null, assistant('ok')),
      );
      const file = path.join(dir, 's.jsonl');
      writeFileSync(file, sessionFileText(entries, 'files-session'));
      const manager = pi.SessionManager.open(file);
      const piEntries = manager.getEntries() as PiEntry[];
      assert.equal(piEntries.filter((item) => item.type === 'custom').length, 3);
      const theirs = piWholeContext(pi, piEntries, 'a3');
      assert.deepEqual(theirs.messages.map((message) => (message as { role: string }).role), ['user', 'assistant', 'toolResult', 'toolResult', 'assistant', 'user', 'assistant']);
      assertSameContext(await arborWholeContext(file, 'a3'), theirs, 'a3', newCoverage());
      assert.ok(readFileSync(file, 'utf8').includes('"customType":"arbor.files"'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
