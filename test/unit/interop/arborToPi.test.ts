/**
 * Arbor → pi: every kind of file Arbor writes opens in pi 1.6.0's `SessionManager.open` with the
 * same leaf (or Arbor's position marker, whose parent is Arbor's leaf), the same tree, and the same
 * context as Arbor's: the roles and text `arbor context` prints, and the whole messages and model
 * input field by field (`wholeContext.ts`), with the same thinking level and model. Sessions pi 1.6
 * wrote, then appended to and compacted by Arbor, open in pi the same way, and each compaction
 * Arbor wrote carries the system checkpoint pi would have written there.
 */
import { strict as assert } from 'node:assert';
import { appendFileSync, copyFileSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { compactSession, type Summarizer } from '../../../src/core/compaction';
import { navigateTree } from '../../../src/core/navigation';
import { createSessionFile, forkSession, openSessionFile, type Session } from '../../../src/core/session';
import { appendTurns, assistant, steppingClock, user } from '../../support/builders';
import { fixturePath } from '../../support/fixtures';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { arbor, arborJson } from '../cli/runArbor';
import { piContext, piTree, type ContextView, type PiModule, type TreeRow } from './piOracle';
import { Dice, seededRandom, writeRandomSession } from '../../support/randomSession';
import { PI16_SHAPES } from '../../support/randomSession16';
import { arborWriter, piWriter } from '../../support/sessionWriters';
import { arborWholeContext, assertCovered, assertSameContext, describeCoverage, newCoverage, piWholeContext } from './wholeContext';

const RANDOM_SESSIONS = 60;
/** Sessions pi 1.6 writes, then Arbor appends to and compacts. */
const PI_WRITTEN_SESSIONS = 40;

describe('interop: sessions written by Arbor, opened by pi 1.6.0', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  let pi: PiModule;
  const coverage = newCoverage();

  before(async () => {
    pi = await loadPi();
  });

  const newSession = (): Promise<Session> => createSessionFile({ dir: tmp(), cwd: '/home/dev/project', clock: steppingClock('2026-02-01T00:00:00.000Z') });

  /** pi opens the file at Arbor's position (or at the marker below it), with the same tree and context. */
  async function assertPiAgrees(file: string): Promise<{ arborLeaf: string | null; piLeaf: string | null }> {
    const tree = await arborJson<{ leafId: string | null; roots: string[]; nodes: TreeRow[] }>('tree', file);
    const context = await arborJson<ContextView & { leafId: string | null }>('context', file);
    const sm = pi.SessionManager.open(file, tmp());
    const piLeaf = sm.getLeafId();
    if (piLeaf !== tree.leafId) {
      const marker = sm.getEntry(piLeaf!) as { type: string; customType?: string; parentId: string | null };
      assert.deepEqual([marker.type, marker.customType, marker.parentId], ['custom', 'arbor.position', tree.leafId], 'pi resumes at a position marker below Arbor\'s leaf');
    }
    const expectedTree = piTree(sm);
    assert.deepEqual({ roots: tree.roots, nodes: tree.nodes }, { roots: expectedTree.roots, nodes: expectedTree.nodes });
    const { leafId: _leaf, exitCode: _code, ...ours } = context;
    assert.deepEqual(ours, piContext(pi, sm.getEntries(), piLeaf));
    assertSameContext(await arborWholeContext(file, tree.leafId), piWholeContext(pi, sm.getEntries(), piLeaf), `whole context at ${tree.leafId}`, coverage);
    return { arborLeaf: tree.leafId, piLeaf };
  }

  it(`${RANDOM_SESSIONS} random sessions (branches, labels, names, compactions, summaries, markers) open in pi the same`, async () => {
    let viaMarker = 0;
    for (let seed = 1001; seed < 1001 + RANDOM_SESSIONS; seed++) {
      const session = await newSession();
      const dice = new Dice(seededRandom(seed));
      await writeRandomSession(arborWriter(session), seed, dice.int(5, 60));
      await session.flush();
      try {
        const { arborLeaf, piLeaf } = await assertPiAgrees(session.file!);
        if (arborLeaf !== piLeaf) viaMarker++;
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
      }
    }
    assert.ok(viaMarker > 0, 'some sessions must end on a position marker');
    console.log(`      ${describeCoverage(coverage)}`);
    assertCovered(coverage, 5);
  });

  it(`${RANDOM_SESSIONS} random sessions with pi 1.6's shapes (system messages, edits, usage, retain-none compactions) open in pi the same`, async () => {
    let checkpoints = 0;
    for (let seed = 7001; seed < 7001 + RANDOM_SESSIONS; seed++) {
      const session = await newSession();
      const dice = new Dice(seededRandom(seed));
      await writeRandomSession(arborWriter(session), seed, dice.int(5, 60), PI16_SHAPES);
      await session.flush();
      try {
        await assertPiAgrees(session.file!);
        await assertSameCheckpoints(session);
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
      }
      checkpoints += session.entries.filter((entry) => entry.type === 'compaction' && entry.systemMessage).length;
    }
    assert.ok(checkpoints >= 20, `${checkpoints} compactions carried a system checkpoint`);
  });

  /** Every compaction Arbor wrote (from entry `first` on) carries the checkpoint pi would have written at the same place. */
  async function assertSameCheckpoints(session: Session, first = 0): Promise<void> {
    const entries = pi.SessionManager.open(session.file!, tmp()).getEntries();
    for (const [index, entry] of entries.entries()) {
      if (entry.type !== 'compaction' || index < first) continue;
      const expected = pi.getCurrentSystemMessage(pi.buildSessionProjection(entries.slice(0, index), entry.parentId).messages);
      const written = (entry as { systemMessage?: object }).systemMessage;
      assert.deepEqual(written, expected ? { ...expected, timestamp: Date.parse(entry.timestamp) } : undefined, `checkpoint of ${entry.id}`);
    }
  }

  it(`${PI_WRITTEN_SESSIONS} random sessions pi 1.6 wrote (system messages, edits, usage, checkpoints), appended to and compacted by Arbor, open in pi the same, with pi's checkpoint`, async () => {
    const summarizer: Summarizer = { summarize: async () => ({ text: '## Goal\nKeep going' }) };
    const tally = { compacted: 0, checkpoints: 0, systemFirst: 0 };
    for (let seed = 9001; seed < 9001 + PI_WRITTEN_SESSIONS; seed++) {
      const dice = new Dice(seededRandom(seed));
      const writer = pi.SessionManager.create('/home/dev/project', tmp());
      await writeRandomSession(piWriter(writer), seed, dice.int(5, 40), PI16_SHAPES);
      const file = writer.getSessionFile()!;
      const { session } = await openSessionFile(file, { clock: steppingClock('2027-01-01T00:00:00.000Z') });
      const written = session.entries.length;
      try {
        await appendTurns(session, dice.int(1, 3), 'arbor ');
        const outcome = await compactSession(session, { summarizer, settings: { enabled: true, reserveTokens: 100, keepRecentTokens: dice.pick([1, 50, 400, 5000]) } });
        await session.appendMessage(user('after the compaction'));
        await session.flush();
        await assertPiAgrees(file);
        await assertSameCheckpoints(session, written);
        if (outcome.kind !== 'compacted') continue;
        tally.compacted++;
        const compaction = session.entries.slice(written).find((entry) => entry.type === 'compaction');
        if (compaction?.type !== 'compaction' || !compaction.systemMessage) continue;
        tally.checkpoints++;
        // pi's context after Arbor's compaction starts with the prompt and tools pi had before it.
        const first = pi.SessionManager.open(file, tmp()).buildSessionContext().messages[0] as { role: string };
        if (first.role === 'system') tally.systemFirst++;
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
      }
    }
    console.log(`      ${PI_WRITTEN_SESSIONS} pi sessions appended to by Arbor: ${tally.compacted} compacted, ${tally.checkpoints} of those with a checkpoint, ${tally.systemFirst} with pi's system message first in pi's context after it`);
    assert.ok(tally.compacted >= PI_WRITTEN_SESSIONS / 2, `only ${tally.compacted} sessions were compacted`);
    assert.ok(tally.checkpoints >= 10, `only ${tally.checkpoints} of Arbor's compactions carried a checkpoint`);
    assert.equal(tally.systemFirst, tally.checkpoints);
  });

  it("appended to and compacted by Arbor, a pi 1.6 session with system messages and edits keeps pi's prompt, tools and hidden messages in pi", async () => {
    const writer = pi.SessionManager.create('/home/dev/project', tmp());
    const tools = [{ name: 'read', description: 'Read', parameters: { type: 'object' } }, { name: 'write', description: 'Write', parameters: { type: 'object' } }];
    writer.appendMessage({ role: 'system', content: '', sections: { preamble: 'You are pi.', skills: '<skills>\nS\n</skills>' }, toolsAdded: tools, timestamp: 1 } as never);
    writer.appendMessage(user('first') as never);
    const wrong = writer.appendMessage(assistant('a wrong answer') as never);
    writer.appendContextEdit(wrong, null);
    writer.appendMessage({ role: 'system', content: '', sections: { skills: null }, toolsRemoved: [{ name: 'write' }], timestamp: 2 } as never);
    writer.appendMessage(user('second') as never);
    writer.appendMessage(assistant('second answer') as never);
    const file = writer.getSessionFile()!;
    const { session } = await openSessionFile(file, { clock: steppingClock('2026-06-01T00:00:00.000Z') });
    await appendTurns(session, 3, 'arbor ');
    const summarizer: Summarizer = { summarize: async () => ({ text: '## Goal\nKeep going' }) };
    const outcome = await compactSession(session, { summarizer, settings: { enabled: true, reserveTokens: 100, keepRecentTokens: 3 } });
    assert.equal(outcome.kind, 'compacted');
    await session.appendMessage(user('after the compaction'));
    await session.flush();
    await assertPiAgrees(file);
    const sm = pi.SessionManager.open(file, tmp());
    const context = sm.buildSessionContext();
    const system = context.messages[0] as { role: string; sections?: object; toolsAdded?: { name: string }[] };
    assert.deepEqual([system.role, system.sections, system.toolsAdded?.map((tool) => tool.name)], ['system', { preamble: 'You are pi.' }, ['read']]);
    assert.equal(context.messages[1]!.role, 'compactionSummary');
    assert.ok(!JSON.stringify(context.messages).includes('a wrong answer'), 'the hidden reply stays hidden');
  });

  it('a position marker after navigation: pi resumes below it with the context of Arbor\'s position', async () => {
    const session = await newSession();
    const [, a1] = await appendTurns(session, 3);
    await session.branch(a1!);
    await session.flush();
    const { arborLeaf, piLeaf } = await assertPiAgrees(session.file!);
    assert.equal(arborLeaf, a1);
    assert.notEqual(piLeaf, a1);
    const context = await arborJson<ContextView>('context', session.file!);
    assert.deepEqual(context.messages.map((m) => m.text), ['q1', 'a1']);
    await session.resetLeaf();
    await session.flush();
    assert.equal((await assertPiAgrees(session.file!)).arborLeaf, null);
  });

  it('labels, a name, model and thinking changes, a compaction and a branch summary', async () => {
    const session = await newSession();
    await session.appendModelChange('anthropic', 'claude-sonnet-4-5');
    await session.appendThinkingLevelChange('high');
    const ids = await appendTurns(session, 4);
    await session.appendLabel(ids[2]!, 'checkpoint');
    await session.appendLabel(ids[0]!, 'start');
    await session.appendLabel(ids[0]!, undefined);
    await session.appendSessionInfo('  Interop  ');
    await session.appendCompaction({ summary: 'what happened', firstKeptEntryId: ids[4]!, tokensBefore: 1234, details: { readFiles: [], modifiedFiles: [] } });
    await session.appendMessage(user('after compaction'));
    await session.branchWithSummary(ids[3]!, { summary: 'abandoned work', fromId: ids[7]! });
    await session.appendMessage(assistant('back'));
    await session.flush();
    await assertPiAgrees(session.file!);
    const sm = pi.SessionManager.open(session.file!, tmp());
    assert.equal(sm.getSessionName(), 'Interop');
    assert.equal(sm.getLabel(ids[2]!), 'checkpoint');
    assert.equal(sm.getLabel(ids[0]!), undefined);
  });

  it('a compaction and a branch summary written by the compaction engine (Arbor fields beside pi\'s)', async () => {
    const summarizer: Summarizer = { summarize: async () => ({ text: '## Goal\nKeep going' }) };
    const session = await newSession();
    await appendTurns(session, 6);
    const outcome = await compactSession(session, { summarizer, settings: { enabled: true, reserveTokens: 100, keepRecentTokens: 3 } });
    assert.equal(outcome.kind, 'compacted');
    const after = await session.appendMessage(user('after the compaction'));
    await session.appendMessage(assistant('noted'));
    // Back to the prompt after the compaction: the summary of what follows it hangs off the compaction.
    const navigated = await navigateTree(session, after, { summarize: true, summarizer, label: 'retry' });
    assert.equal(navigated.cancelled, false);
    await session.appendMessage(user('another way'));
    await session.flush();
    await assertPiAgrees(session.file!);
    const roles = (await arborJson<ContextView>('context', session.file!)).messages.map((m) => m.role);
    assert.deepEqual([roles[0], ...roles.slice(-2)], ['compactionSummary', 'branchSummary', 'user']);
  });

  it('forks (before a user message and at an entry) open in pi with their parent session', async () => {
    const source = await newSession();
    const ids = await appendTurns(source, 3);
    await source.appendLabel(ids[1]!, 'kept');
    await source.flush();
    for (const [entryId, position] of [[ids[2]!, 'before'], [ids[3]!, 'at']] as const) {
      const { session } = await forkSession(source, entryId, { dir: tmp(), position, clock: steppingClock('2026-03-01T00:00:00.000Z') });
      await session.flush();
      await assertPiAgrees(session.file!);
      const sm = pi.SessionManager.open(session.file!, tmp());
      assert.equal(sm.getHeader()?.parentSession, source.file);
      assert.equal(sm.getLabel(ids[1]!), 'kept');
    }
  });

  it('a torn tail repaired by the next append (session engine) and by arbor repair', async () => {
    const session = await newSession();
    await appendTurns(session, 2);
    await session.flush();
    const file = session.file!;
    appendFileSync(file, '{"type":"message","id":"torn","parentId":nu');
    const reopened = (await openSessionFile(file, { clock: steppingClock('2026-04-01T00:00:00.000Z') })).session;
    await reopened.appendMessage(user('after the crash'));
    await reopened.flush();
    await assertPiAgrees(file);
    assert.deepEqual((await arborJson<ContextView>('context', file)).messages.map((m) => m.text), ['q1', 'a1', 'q2', 'a2', 'after the crash']);

    const copy = path.join(tmp(), 'copy.jsonl');
    copyFileSync(file, copy);
    appendFileSync(copy, '{"type":"message","id":"torn2","par');
    assert.equal((await arbor('repair', copy)).code, 0);
    const sm = pi.SessionManager.open(copy, tmp());
    const again = pi.SessionManager.open(copy, tmp());
    again.appendMessage(user('pi appends after the repair') as never);
    again.appendMessage(assistant('fine') as never);
    assert.equal(sm.getEntries().length + 2, pi.SessionManager.open(copy, tmp()).getEntries().length);
    assert.equal((await arborJson<{ ok: boolean }>('check', copy)).ok, true);
    await assertPiAgrees(copy);
  });

  it('a v1 file migrated by Arbor on its first write keeps the same ids and context in pi', async () => {
    const file = path.join(tmp(), 'legacy.jsonl');
    copyFileSync(fixturePath('legacy-v1.jsonl'), file);
    const { session } = await openSessionFile(file, { clock: steppingClock('2026-05-01T00:00:00.000Z') });
    await session.appendMessage(user('fourth question'));
    await session.flush();
    assert.ok(readdirSync(tmp()).includes('legacy.jsonl.v1.bak'));
    const before = await arborJson<{ nodes: TreeRow[] }>('tree', file);
    await assertPiAgrees(file);
    // pi found nothing to migrate, so it did not rewrite the file: ids are Arbor's.
    const after = await arborJson<{ nodes: TreeRow[] }>('tree', file);
    assert.deepEqual(after.nodes, before.nodes);
    const roles = (await arborJson<ContextView>('context', file)).messages.map((m) => m.role);
    assert.deepEqual(roles, ['compactionSummary', 'user', 'assistant', 'custom', 'user', 'assistant', 'user']);
    assert.equal(JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!).version, 3);
  });
});
