/** Pins written by Arbor, read by pi 1.6.0: the pinned text reaches pi's context through the compaction summary. */
import { strict as assert } from 'node:assert';
import { compactSession, DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import { setPinned } from '../../../src/core/pins';
import { createSessionFile } from '../../../src/core/session';
import { assistant, steppingClock, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';
import { piContext } from './piOracle';

describe('interop: pins as pi 1.6.0 reads them', function () {
  this.timeout(60_000);
  const tmp = useTempDir();

  it('buildSessionContext shows the pinned text after two compactions, and ignores the pin entries', async () => {
    const pi = await loadPi();
    const session = await createSessionFile({ dir: tmp(), cwd: '/home/dev/project', clock: steppingClock('2026-02-01T00:00:00.000Z') });
    const pinned = await session.appendMessage(user('never forget: the release branch is rel/2026-q1'));
    await session.appendMessage(assistant('understood'));
    await setPinned(session, pinned, true);
    const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 300 };
    const summarizer = new ScriptedSummarizer((_request, n) => ({ text: `MODEL ${n}` }));
    for (let round = 1; round <= 2; round++) {
      await session.appendMessage(user(`round ${round} ${'words and more words '.repeat(200)}`));
      await session.appendMessage(assistant(`answer ${round}`));
      assert.equal((await compactSession(session, { settings, summarizer })).kind, 'compacted');
      await session.appendMessage(user(`after compaction ${round}`));
    }
    await session.sync();
    const sm = pi.SessionManager.open(session.file!, tmp());
    const context = piContext(pi, sm.getEntries(), sm.getLeafId());
    const summary = context.messages[0]!;
    assert.equal(summary.role, 'compactionSummary');
    assert.equal(summary.text.includes(`### user · entry ${pinned}\n\`\`\`\nnever forget: the release branch is rel/2026-q1\n\`\`\``), true);
    assert.equal(summary.text.startsWith('MODEL 2\n\n## Pinned (verbatim)\n'), true);
    // Custom entries carry no context in pi: no message comes from the pin entry.
    assert.deepEqual(context.messages.map((message) => message.role), ['compactionSummary', 'user', 'assistant', 'user']);
  });
});
