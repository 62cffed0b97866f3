// The note the chat shows after a move: where the position is, what the next Send does, what the
// move did (a summary, an undone compaction), and whether Back is offered.
import { strict as assert } from 'node:assert';
import { moveNote } from '../../../src/core/sessionTree';
import { SessionTree, type SessionEntry } from '../../../src/core/session';
import { assistant, chain, compactionEntry, entry, msg, toolCall, toolResult, user } from '../../support/builders';

/** q1 → a1 → q2 → a2: two turns, then `more` (each with its own parent). */
function twoTurns(...more: SessionEntry[]): SessionTree {
  return SessionTree.fromEntries([...chain(msg('q1', null, user('q1 text')), msg('a1', null, assistant('a1 text')), msg('q2', null, user('q2 text')), msg('a2', null, assistant('a2 text'))), ...more]);
}

describe('The note after a move', () => {
  it('names the reply the next Send continues after, and offers Back', () => {
    assert.deepEqual(moveNote(twoTurns(), { kind: 'go', from: 'a2', to: 'a1' }), { position: 'Continuing after: a1 text', back: true });
  });

  it('says a clicked user message is being edited and that Send makes a new branch', () => {
    assert.deepEqual(moveNote(twoTurns(), { kind: 'go', from: 'a2', to: 'a1', editedId: 'q2' }), { position: 'Editing: q2 text — Send makes a new branch', back: true });
  });

  it('says editing the first message starts a new first message in this session (not that the session is gone)', () => {
    assert.deepEqual(moveNote(twoTurns(), { kind: 'go', from: 'a2', to: null, editedId: 'q1' }), {
      position: 'Editing: q1 text — Send starts a new first message (a new root branch) in this session',
      back: true,
    });
  });

  it('says the position is at the start when nothing lies before it', () => {
    assert.equal(moveNote(twoTurns(), { kind: 'go', from: 'a2', to: null }).position, 'At the start of the session — Send starts a new first message (a new root branch) in this session');
  });

  it('with a summary written at the new position, says so and names the entry the summary hangs below', () => {
    const tree = twoTurns(entry('branch_summary', 'bs', 'a1', { summary: 'What q2 did', fromId: 'a2' }));
    assert.deepEqual(moveNote(tree, { kind: 'go', from: 'a2', to: 'bs', summaryEntryId: 'bs' }), {
      happened: 'Moved; the branch you left is summarized.',
      position: 'Continuing after: a1 text',
      back: true,
    });
  });

  it('skips bookkeeping entries (a position marker, a model change) to the message they follow', () => {
    const tree = twoTurns(entry('model_change', 'mc', 'a2', { provider: 'anthropic', modelId: 'claude' }), entry('custom', 'pm', 'mc', { customType: 'arbor.position' }));
    assert.equal(moveNote(tree, { kind: 'go', from: 'a1', to: 'pm' }).position, 'Continuing after: a2 text');
  });

  it('counts the messages an undone compaction gives back to the context', () => {
    const tree = SessionTree.fromEntries(
      chain(
        msg('q1', null, user('q1 text')),
        msg('a1', null, assistant('a1 text')),
        msg('q2', null, user('q2 text')),
        msg('a2', null, assistant('a2 text')),
        msg('q3', null, user('q3 text')),
        msg('a3', null, assistant('a3 text')),
        compactionEntry('c', null, 'q3'),
        msg('q4', null, user('q4 text')),
      ),
    );
    assert.deepEqual(moveNote(tree, { kind: 'undoCompaction', from: 'q4', to: 'a3', compactionId: 'c' }), {
      happened: 'Compaction undone: the next Send carries the 4 earlier messages again instead of their summary.',
      position: 'Continuing after: a3 text',
      back: true,
    });
  });

  it('after Back, says so and offers no Back of its own', () => {
    assert.deepEqual(moveNote(twoTurns(), { kind: 'back', from: 'a1', to: 'a2' }), { happened: 'Back where you were.', position: 'Continuing after: a2 text', back: false });
  });

  it('shows Markdown and link syntax of the session as plain words', () => {
    const tree = SessionTree.fromEntries(chain(msg('q1', null, user('**Bold** `code` [a link](command:arbor.newSession) <b>tag</b>')), msg('a1', null, assistant('# Heading'))));
    assert.equal(moveNote(tree, { kind: 'go', from: null, to: 'a1', editedId: 'q1' }).position, 'Editing: Bold code a link tag — Send makes a new branch');
    assert.equal(moveNote(tree, { kind: 'go', from: null, to: 'a1' }).position, 'Continuing after: Heading');
  });

  it('names a tool result by the call it answers', () => {
    const call = toolCall('read', { path: 'src/a.ts' }, 'tc-1');
    const tree = SessionTree.fromEntries(chain(msg('q1', null, user('q1 text')), msg('a1', null, assistant([call])), msg('r1', null, toolResult(call, 'file body'))));
    assert.equal(moveNote(tree, { kind: 'go', from: 'q1', to: 'r1' }).position, 'Continuing after: read: src/a.ts');
  });
});
