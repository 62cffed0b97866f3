import { strict as assert } from 'node:assert';
import type { Session, SessionChange, SessionEntry } from '../../../src/core/session';
import { DEFAULT_TREE_FILTER, LazyDisplayTree, hiddenBy, refreshForAdded, type TreeFilter, type TreeRefresh } from '../../../src/core/sessionTree';
import { assistant, memorySession, toolCall, toolResult, user } from '../../support/builders';

/** Runs `change` on the session and says what the view must refresh for the entry it added. */
async function refreshOf(session: Session, change: () => Promise<unknown>, filter: TreeFilter = DEFAULT_TREE_FILTER): Promise<TreeRefresh> {
  const view = (leaf: string | null) => new LazyDisplayTree(session.tree, leaf, { hide: hiddenBy(filter, session.tree, leaf) });
  const before = view(session.leafId);
  let added: SessionEntry | undefined;
  const listener = session.onDidChange((c: SessionChange) => {
    if (c.kind === 'append') added = c.entry;
  });
  await change();
  listener.dispose();
  return refreshForAdded(before, view(session.leafId), added!, filter);
}

/** u1 → a1 → {x1 → x2 (abandoned), y1 → y2 (current)}: the current branch is nested under its head y1. */
async function branched(): Promise<{ session: Session; ids: Record<string, string> }> {
  const session = memorySession();
  const u1 = await session.appendMessage(user('u1'));
  const a1 = await session.appendMessage(assistant('a1'));
  const x1 = await session.appendMessage(user('x1'));
  const x2 = await session.appendMessage(assistant('x2'));
  await session.branch(a1);
  const y1 = await session.appendMessage(user('y1'));
  const y2 = await session.appendMessage(assistant('y2'));
  return { session, ids: { u1, a1, x1, x2, y1, y2 } };
}

describe('what a change refreshes in the Session Tree', () => {
  it('refreshes only the branch level when a reply continues the current branch', async () => {
    const { session, ids } = await branched();
    assert.deepEqual(await refreshOf(session, () => session.appendMessage(user('y3'))), { kind: 'some', levels: [ids.y1], rows: [] });
  });

  it('refreshes the top level when the session is one run', async () => {
    const session = memorySession();
    await session.appendMessage(user('u1'));
    assert.deepEqual(await refreshOf(session, () => session.appendMessage(assistant('a1'))), { kind: 'some', levels: [null], rows: [] });
  });

  it('refreshes everything when an append opens a new branch', async () => {
    const { session, ids } = await branched();
    await session.branch(ids.a1);
    assert.deepEqual(await refreshOf(session, () => session.appendMessage(user('z1'))), { kind: 'all' });
  });

  it('refreshes the run\'s level when appending at the end of another branch, and everything for a second child of a head', async () => {
    const { session, ids } = await branched();
    await session.branch(ids.x2);
    // x2 sits in x1's level; its new child continues that run: one level, which holds the old mark too.
    assert.deepEqual(await refreshOf(session, () => session.appendMessage(user('x3'))), { kind: 'some', levels: [ids.x1], rows: [] });
    await session.branch(ids.y1);
    // y1 already has y2: a second child under the head y1 is a new branch.
    assert.deepEqual(await refreshOf(session, () => session.appendMessage(assistant('z'))), { kind: 'all' });
  });

  it('refreshes only the labeled row for a hidden label entry, and everything under the labeled filter', async () => {
    const { session, ids } = await branched();
    assert.deepEqual(await refreshOf(session, () => session.appendLabel(ids.u1, 'start')), { kind: 'some', levels: [], rows: [ids.u1] });
    assert.deepEqual(await refreshOf(session, () => session.appendLabel(ids.a1, 'mid'), { mode: 'labeled', showSettings: false }), { kind: 'all' });
  });

  it('refreshes the level and the labeled row when settings entries are shown', async () => {
    const { session, ids } = await branched();
    assert.deepEqual(await refreshOf(session, () => session.appendLabel(ids.u1, 'start'), { mode: 'all', showSettings: true }), {
      kind: 'some',
      levels: [ids.y1],
      rows: [ids.u1],
    });
  });

  it('keeps the tool result in the level of the tool step it replaces as the shown row', async () => {
    const { session, ids } = await branched();
    const call = toolCall('read', { path: 'a.ts' }, 'tc1');
    // The tool step shows while it is the position, then the result takes its place.
    assert.deepEqual(await refreshOf(session, () => session.appendMessage(assistant([call], { stopReason: 'toolUse' }))), { kind: 'some', levels: [ids.y1], rows: [] });
    assert.deepEqual(await refreshOf(session, () => session.appendMessage(toolResult(call, 'text'))), { kind: 'some', levels: [ids.y1], rows: [] });
  });
});
