import { strict as assert } from 'node:assert';
import { Session, SessionError, SessionTree } from '../../../src/core/session';
import { appendTurns, assistant, memorySession, steppingClock, user } from '../../support/builders';
import { loadPi } from '../../support/pi';

describe('the session append API', () => {
  it('gives 8-hex unique ids, a null first parent and a parent chain (A10)', async () => {
    const session = memorySession();
    const ids = [
      await session.appendMessage(user('u')),
      await session.appendThinkingLevelChange('high'),
      await session.appendModelChange('anthropic', 'claude'),
      await session.appendCustomEntry('state', { n: 1 }),
      await session.appendCustomMessage({ customType: 'note', content: 'c', display: true }),
      await session.appendSessionInfo('name'),
    ];
    for (const id of ids) assert.match(id, /^[0-9a-f]{8}$/);
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual(
      session.entries.map((e) => e.parentId),
      [null, ...ids.slice(0, -1)],
    );
  });

  it('moves the leaf to every appended entry, starting from null (A11)', async () => {
    const session = memorySession();
    assert.equal(session.leafId, null);
    for (const append of [() => session.appendMessage(user('a')), () => session.appendMessage(assistant('b')), () => session.appendThinkingLevelChange('low')]) {
      const id = await append();
      assert.equal(session.leafId, id);
    }
  });

  it('writes entries with type, id, parentId and timestamp first, like pi', async () => {
    const session = memorySession();
    await session.appendModelChange('anthropic', 'claude');
    assert.deepEqual(Object.keys(session.entries[0]!), ['type', 'id', 'parentId', 'timestamp', 'provider', 'modelId']);
  });

  it('refuses to branch to an unknown entry and appends under the chosen one (D40)', async () => {
    const session = memorySession();
    const [u1] = await appendTurns(session, 2);
    await assert.rejects(session.branch('nonexistent'), (error: unknown) => error instanceof SessionError && error.message === 'Entry nonexistent not found');
    await session.branch(u1!);
    assert.equal(session.leafId, u1);
    const next = await session.appendMessage(assistant('again'));
    assert.equal(session.getEntry(next)!.parentId, u1);
  });

  it('starts a new root after resetLeaf (D41)', async () => {
    const session = memorySession();
    await appendTurns(session, 1);
    await session.resetLeaf();
    const id = await session.appendMessage(user('fresh'));
    assert.equal(session.getEntry(id)!.parentId, null);
    assert.equal(session.tree.roots.length, 2);
  });

  it('labels through label entries that hang under the leaf, not the target (D42, D43)', async () => {
    const session = memorySession();
    const [u1, a1] = await appendTurns(session, 1);
    const labelId = await session.appendLabel(u1!, 'checkpoint');
    assert.equal(session.getLabel(u1!)?.label, 'checkpoint');
    assert.equal(session.leafId, labelId);
    assert.equal(session.getEntry(labelId)!.parentId, a1);
    assert.deepEqual(session.buildContext().messages.map((m) => m.role), ['user', 'assistant']);
    await session.appendLabel(u1!, undefined);
    assert.equal(session.getLabel(u1!), undefined);
    await session.appendLabel(u1!, 'a');
    await session.appendLabel(u1!, '');
    assert.equal(session.getLabel(u1!), undefined);
    await session.appendLabel(u1!, 'x');
    await session.appendLabel(u1!, 'y');
    await session.appendLabel(u1!, 'z');
    assert.equal(session.getLabel(u1!)?.label, 'z');
    await assert.rejects(session.appendLabel('non-existent', 'x'), /Entry non-existent not found/);
  });

  it('trims session names and lets an empty name clear it (O143, 0.73.1 rule)', async () => {
    const session = memorySession();
    await session.appendSessionInfo('  Name A  ');
    assert.equal(session.entries[0]!.name, 'Name A');
    assert.equal(session.sessionName, 'Name A');
    await session.appendSessionInfo('');
    assert.equal(session.sessionName, undefined);
  });

  it('stores a name with line breaks on one line, as pi 1.6 stores it, and shows an older writer\'s on one line', async () => {
    const session = memorySession();
    const name = '  first\r\nsecond\n\nthird  ';
    await session.appendSessionInfo(name);
    const pi = (await loadPi()).SessionManager.inMemory('/p');
    pi.appendSessionInfo(name);
    assert.equal(session.entries[0]!.name, (pi.getEntries()[0] as { name: string }).name);
    assert.equal(session.entries[0]!.name, 'first second third');
    const tree = SessionTree.fromEntries([{ type: 'session_info', id: 'e1', parentId: null, timestamp: '2026-01-01T00:00:00.000Z', name: 'old\nname' }]);
    assert.equal(tree.sessionName, 'old name');
  });

  it("records the branch it left as a summary's fromId when none is given ('root' without one), as pi 1.6 does", async () => {
    const session = memorySession();
    const pi = (await loadPi()).SessionManager.inMemory('/p');
    const [u1, , , a2] = await appendTurns(session, 2);
    const summaryId = await session.branchWithSummary(u1!, { summary: 'left' });
    assert.equal(session.getEntry(summaryId)!.fromId, a2);
    await session.resetLeaf();
    const fromRoot = await session.branchWithSummary(u1!, { summary: 'from the root level' });
    assert.equal(session.getEntry(fromRoot)!.fromId, 'root');
    const p1 = pi.appendMessage(user('q') as never);
    const p2 = pi.appendMessage(assistant('a') as never);
    const piSummary = pi.branchWithSummary(p1, 'left');
    pi.resetLeaf();
    const piRoot = pi.branchWithSummary(p1, 'from the root level');
    assert.deepEqual([(pi.getEntry(piSummary) as { fromId: string }).fromId, (pi.getEntry(piRoot) as { fromId: string }).fromId], [p2, 'root']);
  });

  it('attaches a branch summary at the chosen position and records where the user came from', async () => {
    const session = memorySession();
    const [u1, a1, , a2] = await appendTurns(session, 2);
    const summaryId = await session.branchWithSummary(a1!, { summary: 'explored', fromId: a2! });
    const summary = session.getEntry(summaryId)!;
    assert.deepEqual([summary.parentId, summary.fromId, summary.fromHook], [a1, a2, false]);
    assert.equal(session.leafId, summaryId);
    const rootSummary = await session.branchWithSummary(null, { summary: 'from root' });
    assert.deepEqual([session.getEntry(rootSummary)!.parentId, session.getEntry(rootSummary)!.fromId], [null, summaryId]);
    await assert.rejects(session.branchWithSummary('ghost', { summary: 'x' }), /Entry ghost not found/);
    assert.ok(u1);
  });

  it('stores compactions with pi\'s fields and Arbor\'s extra fields beside them', async () => {
    const session = memorySession();
    const [u1] = await appendTurns(session, 1);
    const id = await session.appendCompaction({
      summary: 'S',
      firstKeptEntryId: u1!,
      tokensBefore: 1234,
      details: { readFiles: [], modifiedFiles: ['a.ts'] },
      extra: { arbor: { tokensAfter: 10 } },
    });
    const stored = session.getEntry(id)!;
    assert.deepEqual(
      { summary: stored.summary, firstKeptEntryId: stored.firstKeptEntryId, tokensBefore: stored.tokensBefore, fromHook: stored.fromHook, arbor: stored.arbor },
      { summary: 'S', firstKeptEntryId: u1, tokensBefore: 1234, fromHook: false, arbor: { tokensAfter: 10 } },
    );
  });

  it('keeps appends made without awaiting in call order', async () => {
    const session = memorySession();
    const a = session.appendMessage(user('1'));
    const b = session.appendMessage(assistant('2'));
    const [ia, ib] = await Promise.all([a, b]);
    assert.equal(session.getEntry(ib)!.parentId, ia);
  });
});

describe('session change events', () => {
  it('announces appends and moves in order, and not the hidden position marker', async () => {
    const session = memorySession();
    const seen: string[] = [];
    const subscription = session.onDidChange((change) => seen.push(change.kind === 'append' ? `append:${change.entry.type}` : `move:${change.leafId}`));
    const [u1] = await appendTurns(session, 1);
    await session.branch(u1!);
    await session.resetLeaf();
    await session.appendLabel(u1!, 'x');
    subscription.dispose();
    await session.appendMessage(user('unseen'));
    assert.deepEqual(seen, ['append:message', 'append:message', `move:${u1}`, 'move:null', 'append:label']);
  });

  it('keeps calling the other listeners when one throws, and reports the error', async () => {
    const errors: unknown[] = [];
    const session = new Session({ header: memorySession().header, clock: steppingClock(), onListenerError: (error) => errors.push(error) });
    let calls = 0;
    session.onDidChange(() => {
      throw new Error('listener bug');
    });
    session.onDidChange(() => calls++);
    await session.appendMessage(user('a'));
    assert.equal(calls, 1);
    assert.deepEqual(errors.map((e) => (e as Error).message), ['listener bug']);
  });
});
