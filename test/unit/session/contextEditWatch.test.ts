/**
 * The notice that the model's context was edited: one per operation, whoever made it — Arbor's
 * own edits (appended) and the `arbor` CLI's written to the file and read in (another program).
 */
import { strict as assert } from 'node:assert';
import { createSessionFile, hideFromModel, openSessionFile, showToModelAgain, watchContextEdits, type ContextEditNotice } from '../../../src/core/session';
import { assistant, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { arbor } from '../cli/runArbor';

describe('watchContextEdits: told once per edit, whoever made it', () => {
  const tmp = useTempDir();

  async function toolTurn() {
    const session = await createSessionFile({ dir: tmp(), cwd: tmp(), clock: steppingClock() });
    const callA = toolCall('read', { path: 'a.ts' }, 'call-a');
    const callB = toolCall('read', { path: 'b.ts' }, 'call-b');
    const ask = await session.appendMessage(user('look at a and b'));
    const reply = await session.appendMessage(assistant([{ type: 'text', text: 'reading both' }, callA, callB], { stopReason: 'toolUse' }));
    const resultA = await session.appendMessage(toolResult(callA, 'the body of a'));
    const resultB = await session.appendMessage(toolResult(callB, 'the body of b'));
    const answer = await session.appendMessage(assistant('a and b agree'));
    await session.sync();
    return { session, ask, reply, resultA, resultB, answer };
  }

  /** The notices `watchContextEdits` gives, after the microtasks that gather them ran. */
  function record(session: Parameters<typeof watchContextEdits>[0]): { notices: ContextEditNotice[]; settled: () => Promise<ContextEditNotice[]> } {
    const notices: ContextEditNotice[] = [];
    watchContextEdits(session, (notice) => notices.push(notice));
    return { notices, settled: async () => (await new Promise((resolve) => setImmediate(resolve)), notices) };
  }

  it('tells a hide of a reply with its two results as one notice, with the three new entries and their targets', async () => {
    const turn = await toolTurn();
    const seen = record(turn.session);
    const { entryIds } = await hideFromModel(turn.session, turn.resultB);
    assert.deepEqual(await seen.settled(), [
      { sessionFile: turn.session.file, entryIds, targetIds: [turn.reply, turn.resultA, turn.resultB], byOtherProgram: false },
    ]);
  });

  it('tells each operation apart, and nothing for an ordinary append', async () => {
    const turn = await toolTurn();
    const seen = record(turn.session);
    const hidden = await hideFromModel(turn.session, turn.answer);
    await turn.session.appendMessage(user('and now?'));
    const shown = await showToModelAgain(turn.session, turn.answer);
    assert.deepEqual(await seen.settled(), [
      { sessionFile: turn.session.file, entryIds: hidden.entryIds, targetIds: [turn.answer], byOtherProgram: false },
      { sessionFile: turn.session.file, entryIds: shown.entryIds, targetIds: [turn.answer], byOtherProgram: false },
    ]);
  });

  it("tells the CLI's edit, read in from the file, as another program's", async () => {
    const turn = await toolTurn();
    const file = turn.session.file!;
    const { session } = await openSessionFile(file);
    const seen = record(session);
    const run = await arbor('hide', file, turn.ask);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(await session.refresh(), 1);
    const written = session.entries.at(-1)!;
    assert.equal(written.type, 'context_edit');
    assert.deepEqual(await seen.settled(), [{ sessionFile: file, entryIds: [written.id], targetIds: [turn.ask], byOtherProgram: true }]);
  });

  it('tells nothing once disposed', async () => {
    const turn = await toolTurn();
    const notices: ContextEditNotice[] = [];
    watchContextEdits(turn.session, (notice) => notices.push(notice)).dispose();
    await hideFromModel(turn.session, turn.answer);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(notices, []);
  });
});
