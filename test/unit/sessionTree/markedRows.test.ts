/**
 * How the Session Tree shows an entry the model does not see as written at the position: the row's
 * mark, which rows an appended edit refreshes (only its targets', never the whole tree), and the
 * bookkeeping entries (edits, usage records) the default filter hides as pi's /tree does.
 */
import { strict as assert } from 'node:assert';
import { ContextMarkIndex, SessionTree, type Session, type SessionChange, type SessionEntry } from '../../../src/core/session';
import { DEFAULT_TREE_FILTER, LazyDisplayTree, hiddenBy, presentRow, refreshForAdded, type TreeFilter, type TreeRefresh } from '../../../src/core/sessionTree';
import { assistant, entry, memorySession, msg, toolCall, toolResult, usage, user } from '../../support/builders';

const HIDDEN_SENTENCE = 'Hidden from the model: requests from this position leave it out; the session keeps it as written\\.';
const EDITED_SENTENCE = 'The model sees an edited version: requests from this position carry the edited content, not what is shown here\\.';

describe('Session Tree rows of entries the model does not see as written', () => {
  it('marks a hidden message quietly: the closed eye dimmed, the words as its description, the sentence atop its tooltip', () => {
    const shown = presentRow({ entry: msg('u1', null, user('my password is **hunter2**')), label: undefined, onActivePath: true, isCurrent: false, contextMark: 'hidden' });
    assert.deepEqual(shown, {
      label: 'my password is hunter2',
      description: 'hidden from the model',
      icon: 'eye-closed',
      quiet: true,
      contextValue: 'entry user onPath modelHidden',
      tooltip: `${HIDDEN_SENTENCE}\n\nmy password is **hunter2**`,
      accessibilityLabel: 'user: my password is hunter2, hidden from the model',
    });
  });

  it('marks an edited reply in words, the pin as its icon, the label before the text', () => {
    const shown = presentRow({ entry: msg('a1', null, assistant('a long answer')), label: 'answer', onActivePath: true, isCurrent: true, pinned: true, contextMark: 'edited' });
    assert.deepEqual(shown, {
      label: '● [answer] a long answer',
      description: 'the model sees an edited version',
      icon: 'pinned',
      contextValue: 'entry assistant onPath current labeled pinned modelEdited',
      tooltip: `${EDITED_SENTENCE} Pinned: every compaction carries this message into its summary word for word\\. \\[answer\\]\n\na long answer`,
      accessibilityLabel: 'assistant: a long answer, the model sees an edited version · ● current · pinned · answer',
    });
  });

  it('keeps the closed eye on a hidden pinned row and says the pin in words', () => {
    const shown = presentRow({ entry: msg('u1', null, user('hello')), label: undefined, onActivePath: true, isCurrent: false, pinned: true, contextMark: 'hidden' });
    assert.deepEqual([shown.description, shown.icon, shown.quiet], ['hidden from the model · pinned', 'eye-closed', true]);
  });

  it('shows an unmarked row as before: no mark words, no dimming', () => {
    const shown = presentRow({ entry: msg('u1', null, user('hello')), label: undefined, onActivePath: true, isCurrent: false });
    assert.deepEqual([shown.description, shown.icon, shown.quiet, shown.contextValue], [undefined, 'account', undefined, 'entry user onPath']);
  });

  it('shows an edit entry by what it does, and a usage record as such, their text escaped', () => {
    const hide = presentRow({ entry: entry('context_edit', 'e1', 'u1', { targetId: 'u1', replacement: null }), label: undefined, onActivePath: true, isCurrent: false });
    const replace = presentRow({ entry: entry('context_edit', 'e2', 'e1', { targetId: 'u1', replacement: { content: 'short' } }), label: undefined, onActivePath: true, isCurrent: false });
    const warm = presentRow({ entry: entry('usage', 'g1', 'e2', { kind: 'cache_warm', provider: 'anthropic', model: 'claude-[x]', usage: usage(10, 2) }), label: undefined, onActivePath: false, isCurrent: false });
    assert.deepEqual([hide.label, hide.icon, hide.contextValue], ['context edit: hides u1', 'eye-closed', 'entry contextEdit onPath']);
    assert.deepEqual([replace.label, replace.icon], ['context edit: replaces u1', 'pencil']);
    assert.deepEqual([warm.label, warm.icon, warm.contextValue, warm.tooltip], ['usage: cache_warm anthropic/claude-[x]', 'pulse', 'entry usage', 'cache\\_warm anthropic/claude\\-\\[x\\]']);
  });
});

describe('Session Tree filter: edits and usage records are bookkeeping', () => {
  const call = toolCall('read', { path: 'a.ts' }, 'tc1');
  const entries: SessionEntry[] = [
    msg('u1', null, user('read a.ts')),
    msg('a1', 'u1', assistant([call], { stopReason: 'toolUse' })),
    msg('r1', 'a1', toolResult(call, 'file text')),
    entry('context_edit', 'ed', 'r1', { targetId: 'r1', replacement: null }),
    entry('usage', 'us', 'ed', { kind: 'cache_warm', provider: 'anthropic', model: 'claude-x', usage: usage(5) }),
    msg('a2', 'us', assistant('done')),
  ];
  const shown = (filter: TreeFilter): string[] => {
    const tree = SessionTree.fromEntries(entries);
    const hide = hiddenBy(filter, tree, 'a2');
    return tree.entries.filter((e) => !hide(e)).map((e) => e.id);
  };

  it('hides context edits and usage records by default, and shows them with the settings entries', () => {
    assert.deepEqual(shown(DEFAULT_TREE_FILTER), ['u1', 'r1', 'a2']);
    assert.deepEqual(shown({ mode: 'all', showSettings: true }), ['u1', 'r1', 'ed', 'us', 'a2']);
  });
});

describe('what an appended edit refreshes in the Session Tree', () => {
  /** Runs `change` as the view does: the marks' index says which entries' marks changed, core says what to refresh. */
  async function refreshOf(session: Session, index: ContextMarkIndex, change: () => Promise<unknown>, filter: TreeFilter = DEFAULT_TREE_FILTER): Promise<TreeRefresh> {
    const view = (leaf: string | null) => new LazyDisplayTree(session.tree, leaf, { hide: hiddenBy(filter, session.tree, leaf) });
    index.marksAt(session);
    const before = view(session.leafId);
    let added: SessionChange | undefined;
    const listener = session.onDidChange((c: SessionChange) => {
      if (c.kind === 'append') added = c;
    });
    await change();
    listener.dispose();
    const remarked = index.changed(session, added!).map((changed) => changed.entryId);
    return refreshForAdded(before, view(session.leafId), (added as { entry: SessionEntry }).entry, filter, remarked);
  }

  it('refreshes only the rows of the entries an edit hides or replaces, and nothing for a later message', async () => {
    const session = memorySession();
    const index = new ContextMarkIndex();
    const u1 = await session.appendMessage(user('a secret'));
    const a1 = await session.appendMessage(assistant('a long answer'));
    assert.deepEqual(await refreshOf(session, index, () => session.appendContextEdit(u1, null)), { kind: 'some', levels: [], rows: [u1] });
    assert.deepEqual(await refreshOf(session, index, () => session.appendContextEdit(a1, { content: 'short' })), { kind: 'some', levels: [], rows: [a1] });
    assert.deepEqual(await refreshOf(session, index, () => session.appendMessage(user('next'))), { kind: 'some', levels: [null], rows: [] });
    assert.deepEqual(index.marksAt(session), new Map([[u1, 'hidden'], [a1, 'edited']]));
  });

  it('refreshes the row of an entry shown again, and the edit\'s own level when edits are shown', async () => {
    const session = memorySession();
    const index = new ContextMarkIndex();
    const u1 = await session.appendMessage(user('a question'));
    await session.appendMessage(assistant('an answer'));
    await refreshOf(session, index, () => session.appendContextEdit(u1, null));
    // pi shows an entry again by replacing it with its own content (as stored: text blocks).
    assert.deepEqual(await refreshOf(session, index, () => session.appendContextEdit(u1, { content: [{ type: 'text', text: 'a question' }] }), { mode: 'all', showSettings: true }), {
      kind: 'some',
      levels: [null],
      rows: [u1],
    });
    assert.deepEqual(index.marksAt(session), new Map());
  });

  it('marks nothing at a position before the edit', async () => {
    const session = memorySession();
    const index = new ContextMarkIndex();
    const u1 = await session.appendMessage(user('a secret'));
    const a1 = await session.appendMessage(assistant('an answer'));
    await refreshOf(session, index, () => session.appendContextEdit(u1, null));
    assert.deepEqual(index.marksAt(session), new Map([[u1, 'hidden']]));
    await session.branch(a1);
    assert.deepEqual(index.marksAt(session), new Map());
  });
});
