// A fork into a new session keeps access to the workspace states on its path: the path's
// `arbor.files` records are copied, the records right after the forked step come along, and
// pruning keeps every state the fork names after the source session is deleted. Real git, real
// files, real session files.
import { strict as assert } from 'node:assert';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { pruneBySessions, SessionFilesRecorder } from '../../../src/core/checkpoints';
import { bindForkStates, carryStepFiles, positionState } from '../../../src/core/navigation';
import { createSessionFile, forkSession, type Session } from '../../../src/core/session';
import { assistant, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { useTempDir } from '../../support/tempDir';
import { makePlace, openStore, writeFiles } from './support';

describe('a fork into a new session and the workspace states on its path', () => {
  const temp = useTempDir();

  /** One turn whose edit changes a.txt from "one" to "two"; resolves with the ids of the prompt and the edit's result. */
  async function editTurn(session: Session, recorder: SessionFilesRecorder, root: string, content: string): Promise<{ prompt: string; result: string }> {
    await recorder.turnStarted();
    const prompt = await session.appendMessage(user(`make it ${content}`));
    const call = toolCall('edit', { path: 'a.txt', oldText: 'x', newText: content });
    await session.appendMessage(assistant([call], { stopReason: 'toolUse' }));
    writeFiles(root, { 'a.txt': content });
    const result = await session.appendMessage(toolResult(call, 'edited'));
    await recorder.toolFinished({ id: call.id, name: 'edit' });
    await session.appendMessage(assistant('Done.'));
    await recorder.turnEnded();
    return { prompt, result };
  }

  it('stands for the same files at its leaf, and restores its path\'s states after the source session is deleted and the store pruned', async () => {
    const place = makePlace(temp());
    const sessions = path.join(temp(), 'sessions');
    mkdirSync(sessions);
    writeFiles(place.root, { 'a.txt': 'one' });
    const store = await openStore(place, { limits: { keepUndo: 0 } });
    const source = await createSessionFile({ dir: sessions, cwd: place.root, clock: steppingClock() });
    const recorder = new SessionFilesRecorder(source, store);
    const first = await editTurn(source, recorder, place.root, 'two');
    const second = await editTurn(source, recorder, place.root, 'three');

    const { session: fork } = await forkSession(source, first.result, { dir: sessions, position: 'at' });
    assert.equal(await carryStepFiles(source, fork, first.result), 1, 'the edit\'s record comes along');
    assert.equal(await bindForkStates(store, source, fork), 2, 'the states it names (before and after the edit) are the fork\'s too');
    assert.equal(positionState(fork, fork.leafId), positionState(source, first.result));
    assert.equal(positionState(fork, first.prompt), positionState(source, first.prompt));
    const { session: beforeSecond } = await forkSession(source, second.prompt, { dir: sessions, position: 'before' });
    await carryStepFiles(source, beforeSecond, source.tree.parentOf(second.prompt));
    assert.equal(positionState(beforeSecond, beforeSecond.leafId), positionState(source, source.tree.parentOf(second.prompt)));

    await source.sync();
    await fork.sync();
    rmSync(source.file!);
    rmSync(beforeSecond.file!);
    writeFiles(place.root, { 'a.txt': 'four' });
    await store.snapshot({ session: 'another session' }); // the store's index and its latest snapshot now hold other files than the second turn's
    await pruneBySessions(store, sessions);
    assert.equal(await store.hasState(positionState(source, second.result)!), false, 'the state only the deleted sessions named is released');

    await store.restore(positionState(fork, first.prompt)!, { session: fork.id });
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'one', 'before the fork\'s turn');
    await store.restore(positionState(fork, fork.leafId)!, { session: fork.id, current: positionState(fork, first.prompt)! });
    assert.equal(readFileSync(path.join(place.root, 'a.txt'), 'utf8'), 'two', 'the fork\'s leaf: after its edit');
  });
});
