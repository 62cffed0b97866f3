import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { createSessionFile, followTarget, openSessionFile, POSITION_MARKER_TYPE, type Session, type SessionEntry } from '../../../src/core/session';
import { assistant, user } from '../../support/builders';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';

/** A session file with one turn, and a second Session (another window) open on the same file. */
async function twoWindows(dir: string): Promise<{ ours: Session; theirs: Session; file: string; turn: string[] }> {
  const first = await createSessionFile({ dir, cwd: '/p' });
  const turn = [await first.appendMessage(user('q1')), await first.appendMessage(assistant('a1'))];
  await first.sync();
  const file = first.file!;
  return { ours: (await openSessionFile(file)).session, theirs: (await openSessionFile(file)).session, file, turn };
}

/** Refreshes `session`, returning the entries read in (what `onDidDetectOtherWriter` hands over). */
async function refreshed(session: Session): Promise<SessionEntry[]> {
  const fresh: SessionEntry[] = [];
  const subscription = session.onDidDetectOtherWriter((notice) => {
    if (notice.kind === 'appended') fresh.push(...notice.entries);
  });
  await session.refresh();
  subscription.dispose();
  return fresh;
}

function decide(session: Session, fresh: readonly SessionEntry[], busy = false): string | undefined {
  return followTarget({ tree: session.tree, leafId: session.leafId, fresh, busy });
}

describe('following another writer that continues our conversation', () => {
  const tmp = useTempDir();

  it('moves to the reply pi appended after our position, where pi itself resumes, and writes no line', async () => {
    const pi = await loadPi();
    const { ours, file, turn } = await twoWindows(tmp());
    const other = pi.SessionManager.open(file, tmp());
    const piUser = other.appendMessage({ role: 'user', content: 'typed in pi', timestamp: 1 });
    const piReply = other.appendMessage(assistant('pi answers') as never);

    const fresh = await refreshed(ours);
    assert.deepEqual(fresh.map((entry) => entry.id), [piUser, piReply]);
    const target = decide(ours, fresh);
    assert.equal(target, piReply);
    assert.equal(target, pi.SessionManager.open(file, tmp()).getLeafId());

    const bytes = readFileSync(file);
    await ours.branch(target!);
    await ours.flush();
    assert.deepEqual(readFileSync(file), bytes, 'moving to the file\'s last line wrote a line');
    assert.deepEqual(ours.getBranch().map((entry) => entry.id), [...turn, piUser, piReply]);
  });

  it('stays while a run goes on', async () => {
    const { ours, theirs } = await twoWindows(tmp());
    await theirs.appendMessage(user('from the other window'));
    assert.equal(decide(ours, await refreshed(ours), true), undefined);
  });

  it('stays when the new entries hang off another entry than our position (another branch)', async () => {
    const { ours, theirs, turn } = await twoWindows(tmp());
    await theirs.branch(turn[0]!); // writes a position marker under q1
    await theirs.appendMessage(assistant('another answer to q1'));
    const fresh = await refreshed(ours);
    assert.equal(fresh.length, 2);
    assert.equal(decide(ours, fresh), undefined);
    assert.equal(ours.leafId, turn[1]);
  });

  it('stays when the other window continued but then moved back above our position', async () => {
    const { ours, theirs, turn } = await twoWindows(tmp());
    await theirs.appendMessage(user('q2'));
    await theirs.branch(turn[0]!);
    const fresh = await refreshed(ours);
    assert.equal(fresh.at(-1)?.type, 'custom');
    assert.equal(decide(ours, fresh), undefined);
  });

  it('moves to the entry a position marker of the other window names, and writes no marker of its own', async () => {
    const { ours, theirs, file, turn } = await twoWindows(tmp());
    const q2 = await theirs.appendMessage(user('q2'));
    await theirs.appendMessage(assistant('a2'));
    await theirs.branch(q2); // the other window stepped back onto q2: its marker is the last line
    const fresh = await refreshed(ours);
    assert.equal(fresh.at(-1)?.type === 'custom' && fresh.at(-1)?.customType, POSITION_MARKER_TYPE);
    const target = decide(ours, fresh);
    assert.equal(target, q2);
    const bytes = readFileSync(file);
    await ours.branch(target!);
    await ours.flush();
    assert.deepEqual(readFileSync(file), bytes);
    assert.deepEqual(ours.getBranch().map((entry) => entry.id), [...turn, q2]);
  });

  it('stays when its own line came after the other writer\'s (the file no longer ends with theirs)', async () => {
    const { ours, theirs } = await twoWindows(tmp());
    await theirs.appendMessage(user('from the other window'));
    const fresh: SessionEntry[] = [];
    ours.onDidDetectOtherWriter((notice) => {
      if (notice.kind === 'appended') fresh.push(...notice.entries);
    });
    // Our append reads their line in first (so its parent was taken before), then writes ours after it.
    await ours.appendMessage(user('ours'));
    assert.equal(fresh.length, 1);
    assert.equal(decide(ours, fresh), undefined);
  });

  it('two windows taking turns follow each other without writing a single line of their own', async () => {
    const { ours, theirs, file } = await twoWindows(tmp());
    const lines = (): number => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim() !== '').length;
    const before = lines();
    let written = 0;
    for (const [writer, reader] of [[theirs, ours], [ours, theirs], [theirs, ours], [ours, theirs]] as const) {
      const last = await writer.appendMessage(user(`turn ${written}`));
      written++;
      const target = decide(reader, await refreshed(reader));
      assert.equal(target, last);
      await reader.branch(target!);
      await reader.flush();
      // The writer sees nothing new: following wrote nothing it would read back.
      assert.deepEqual(await refreshed(writer), []);
    }
    assert.equal(lines(), before + written);
    assert.equal(ours.leafId, theirs.leafId);
  });
});
