/**
 * The marks the chat and the Session Tree show: which entries the model does not see as written at
 * a position. Compared with pi 1.6.0's own context building (an entry is marked exactly when pi's
 * projection of it differs from what it gives unedited), on sessions written through pi's
 * SessionManager and read by Arbor from the file; then the index a view keeps, following appends.
 */
import { strict as assert } from 'node:assert';
import { isDeepStrictEqual } from 'node:util';
import { ContextMarkIndex, contextMarksOf, inMemorySession, loadSessionFile, type ContextMark, type SessionTree } from '../../../src/core/session';
import { assistant, steppingClock, toolCall, toolResult, user } from '../../support/builders';
import { loadPi, type PiModule } from '../../support/pi';
import { arborTreeOf, type PiManager } from '../../support/piSessionFile';
import { useTempDir } from '../../support/tempDir';
import { Dice, seededRandom, writeRandomSession } from '../../support/randomSession';
import { PI16_SHAPES } from '../../support/randomSession16';
import { piWriter } from '../../support/sessionWriters';

type PiEntries = ReturnType<PiManager['getEntries']>;

describe('context marks: what the model does not see as written, at a position', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  let pi: PiModule;
  before(async () => {
    pi = await loadPi();
  });

  const manager = (): PiManager => pi.SessionManager.inMemory('/home/dev/project');

  const arborTree = (sm: PiManager): Promise<SessionTree> => arborTreeOf(sm, tmp());

  /** The marks pi's context implies: each context entry whose projection differs from what it gives unedited. */
  function piMarks(entries: PiEntries, leafId: string | null): Map<string, ContextMark> {
    const marks = new Map<string, ContextMark>();
    pi.buildSessionProjection(entries, leafId).entries.forEach(({ sourceEntry, messages }, index) => {
      // Only the newest compaction (first) gives anything; an older one in the kept range gives nothing.
      const original = sourceEntry.type === 'compaction' && index > 0 ? [] : pi.sessionEntryToContextMessages(sourceEntry);
      if (original.length === 0) return;
      if (messages.length === 0) marks.set(sourceEntry.id, 'hidden');
      else if (!isDeepStrictEqual(messages, original)) marks.set(sourceEntry.id, 'edited');
    });
    return marks;
  }

  /** Arbor's marks equal pi's at each position; returns Arbor's at the first. */
  async function assertMarksAsPi(sm: PiManager, positions: string[]): Promise<Map<string, ContextMark>> {
    const tree = await arborTree(sm);
    const found = positions.map((position) => contextMarksOf(tree.pathTo(position)));
    positions.forEach((position, i) => assert.deepEqual(found[i], piMarks(sm.getEntries(), position), `marks at ${position}`));
    return found[0]!;
  }

  it('marks a hidden message and a replaced reply at the leaf, and nothing at a position before the edits', async () => {
    const sm = manager();
    const u1 = sm.appendMessage(user('a question with a secret') as never);
    const a1 = sm.appendMessage(assistant('a long answer') as never);
    const u2 = sm.appendMessage(user('second question') as never);
    const hide = sm.appendContextEdit(u1, null);
    const replace = sm.appendContextEdit(a1, { content: 'a short answer' });
    const leaf = sm.appendMessage(user('third question') as never);
    const atLeaf = await assertMarksAsPi(sm, [leaf, replace, hide, u2, a1]);
    assert.deepEqual(atLeaf, new Map([[u1, 'hidden'], [a1, 'edited']]));
    const tree = await arborTree(sm);
    assert.deepEqual(contextMarksOf(tree.pathTo(hide)), new Map([[u1, 'hidden']]));
    assert.deepEqual(contextMarksOf(tree.pathTo(u2)), new Map());
  });

  it('marks tool results and custom messages, and the latest edit of a target wins', async () => {
    const sm = manager();
    sm.appendMessage(user('read it') as never);
    const call = toolCall('read', { path: 'a.ts' }, 'call-1');
    const a1 = sm.appendMessage(assistant([call], { stopReason: 'toolUse' }) as never);
    const r1 = sm.appendMessage(toolResult(call, 'a very long file body') as never);
    const note = sm.appendCustomMessageEntry('note', 'a note for the model', true);
    sm.appendContextEdit(r1, null);
    sm.appendContextEdit(r1, { content: 'the body, cut' });
    sm.appendContextEdit(a1, { content: [{ type: 'text', text: 'a reply' }] });
    sm.appendContextEdit(a1, null);
    const leaf = sm.appendContextEdit(note, { content: 'a shorter note' });
    assert.deepEqual(await assertMarksAsPi(sm, [leaf]), new Map([[r1, 'edited'], [a1, 'hidden'], [note, 'edited']]));
  });

  it("marks nothing for an edit that gives a target its own content back (pi's way to show it again)", async () => {
    const sm = manager();
    sm.appendMessage(user('q') as never);
    const a1 = sm.appendMessage(assistant('the answer') as never);
    const hidden = sm.appendContextEdit(a1, null);
    const restored = sm.appendContextEdit(a1, { content: [{ type: 'text', text: 'the answer' }] });
    assert.deepEqual(await assertMarksAsPi(sm, [restored, hidden]), new Map());
  });

  it('marks nothing on an entry a compaction summarized, marks a kept one, and nothing on another branch', async () => {
    const sm = manager();
    const u1 = sm.appendMessage(user('one') as never);
    const a1 = sm.appendMessage(assistant('two') as never);
    const u2 = sm.appendMessage(user('three') as never);
    const a2 = sm.appendMessage(assistant('four') as never);
    sm.appendContextEdit(u1, null);
    sm.appendContextEdit(a2, { content: 'four, shorter' });
    const beforeCompaction = sm.appendContextEdit(a1, null);
    const compaction = sm.appendCompaction('summary of one and two', u2, 100);
    const leaf = sm.appendMessage(user('five') as never);
    // Another branch from u2: the edits are on the first branch only.
    sm.branch(u2);
    const other = sm.appendMessage(assistant('another four') as never);
    assert.deepEqual(await assertMarksAsPi(sm, [leaf, compaction, beforeCompaction, other]), new Map([[a2, 'edited']]));
    const tree = await arborTree(sm);
    assert.deepEqual(contextMarksOf(tree.pathTo(beforeCompaction)), new Map([[u1, 'hidden'], [a2, 'edited'], [a1, 'hidden']]));
    assert.deepEqual(contextMarksOf(tree.pathTo(other)), new Map());
  });

  it("equals pi's context at every position of 150 random sessions with pi 1.6's shapes", async () => {
    const marked = { hidden: 0, edited: 0 };
    for (let seed = 7001; seed < 7151; seed++) {
      const dice = new Dice(seededRandom(seed));
      const sm = pi.SessionManager.create('/home/dev/project', tmp());
      await writeRandomSession(piWriter(sm), seed, dice.int(5, 60), PI16_SHAPES);
      const loaded = await loadSessionFile(sm.getSessionFile()!);
      const entries = sm.getEntries();
      for (const { id } of entries) {
        const expected = piMarks(entries, id);
        assert.deepEqual(contextMarksOf(loaded.tree.pathTo(id)), expected, `seed ${seed}, position ${id}`);
        for (const mark of expected.values()) marked[mark]++;
      }
    }
    // The generator reaches both marks often (so the comparison above compared something).
    assert.ok(marked.hidden > 300 && marked.edited > 300, `marks over all positions: ${JSON.stringify(marked)}`);
  });
});

describe('ContextMarkIndex: the marks a view follows as entries are appended', () => {
  const dir = useTempDir();

  it('changes nothing for an ordinary append, and reports the entries an edit or a compaction marks or unmarks', async () => {
    const session = inMemorySession(dir(), steppingClock());
    const u1 = await session.appendMessage(user('first'));
    const a1 = await session.appendMessage(assistant('a long answer'));
    const index = new ContextMarkIndex();
    assert.deepEqual(index.marksAt(session), new Map());
    const a2 = await session.appendMessage(assistant('more'));
    const changes = (change: () => Promise<unknown>) => {
      const seen: unknown[] = [];
      const listener = session.onDidChange((event) => seen.push(...index.changed(session, event)));
      return change().then(() => {
        listener.dispose();
        return seen;
      });
    };
    assert.deepEqual(await changes(() => session.appendMessage(user('next'))), []);
    assert.deepEqual(await changes(() => session.appendContextEdit(a1, null)), [{ entryId: a1, mark: 'hidden' }]);
    assert.deepEqual(await changes(() => session.appendContextEdit(u1, { content: 'first, plainer' })), [{ entryId: u1, mark: 'edited' }]);
    assert.deepEqual(await changes(() => session.appendContextEdit(a1, { content: [{ type: 'text', text: 'a long answer' }] })), [{ entryId: a1 }]);
    // The compaction keeps a2 on: u1's edit was summarized with it.
    assert.deepEqual(await changes(() => session.appendCompaction({ summary: 'summary', firstKeptEntryId: a2, tokensBefore: 100 })), [{ entryId: u1 }]);
    assert.deepEqual(index.marksAt(session), new Map());
  });

  it('reports nothing for a move, and gives the marks of the new position when asked', async () => {
    const session = inMemorySession(dir(), steppingClock());
    await session.appendMessage(user('first'));
    const a1 = await session.appendMessage(assistant('answer'));
    const index = new ContextMarkIndex();
    await session.appendContextEdit(a1, null);
    assert.deepEqual(index.marksAt(session), new Map([[a1, 'hidden']]));
    const moves: unknown[] = [];
    const listener = session.onDidChange((event) => moves.push(...index.changed(session, event)));
    await session.branch(a1);
    listener.dispose();
    assert.deepEqual(moves, []);
    assert.deepEqual(index.marksAt(session), new Map());
  });

  it('reports every mark of the position after an edit when it had not computed the marks before', async () => {
    const session = inMemorySession(dir(), steppingClock());
    const u1 = await session.appendMessage(user('first'));
    const a1 = await session.appendMessage(assistant('answer'));
    await session.appendContextEdit(u1, null);
    const index = new ContextMarkIndex();
    const seen: unknown[] = [];
    const listener = session.onDidChange((event) => seen.push(...index.changed(session, event)));
    await session.appendContextEdit(a1, { content: 'shorter' });
    listener.dispose();
    assert.deepEqual(seen, [{ entryId: u1, mark: 'hidden' }, { entryId: a1, mark: 'edited' }]);
  });
});
