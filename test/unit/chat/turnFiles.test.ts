// A turn's card in the chat: the files the agent changed between a user message and the next one
// on the branch (its tool runs and its end), never the starting state, outside changes or restores.
import { strict as assert } from 'node:assert';
import { buildItems, MAX_TURN_PATHS, turnAround, turnFilesView, turnRecordsOf, turnRecordsOn, turnSpan, type UserItem } from '../../../src/core/chat';
import { SessionTree, type SessionEntry } from '../../../src/core/session';
import { assistant, chain, filesRecord, msg, toolCall, toolResult, user } from '../../support/builders';

const S0 = '0'.repeat(40);
const S1 = '1'.repeat(40);
const S2 = '2'.repeat(40);
const S3 = '3'.repeat(40);
const S4 = '4'.repeat(40);
const edit = toolCall('edit', { path: 'a.ts', oldText: 'a', newText: 'b' }, 'tc-1');
const run = toolCall('bash', { command: 'make' }, 'tc-2');

/** start → q1 → edit (a.ts) → bash (a.ts, b.ts) → reply → outside → q2 → reply → restore → q3 → bash (c.ts, cut list) */
function branch(): SessionEntry[] {
  return chain(
    filesRecord('start', null, { before: S0, after: S0, cause: 'start' }),
    msg('q1', null, user('change a')),
    msg('call1', null, assistant([edit], { stopReason: 'toolUse' })),
    msg('result1', null, toolResult(edit, 'edited')),
    filesRecord('f1', null, { before: S0, after: S1, changed: ['a.ts'], changedCount: 1 }),
    msg('call2', null, assistant([run], { stopReason: 'toolUse' })),
    msg('result2', null, toolResult(run, 'built')),
    filesRecord('f2', null, { before: S1, after: S2, changed: ['a.ts', 'b.ts'], changedCount: 2 }),
    msg('reply1', null, assistant('Done.')),
    filesRecord('outside', null, { before: S2, after: S3, changed: ['notes.md'], changedCount: 1, cause: 'outside' }),
    msg('q2', null, user('just talk')),
    msg('reply2', null, assistant('Sure.')),
    filesRecord('restored', null, { before: S3, after: S0, changed: ['a.ts', 'b.ts'], changedCount: 2, cause: 'restore' }),
    msg('q3', null, user('build')),
    msg('call3', null, assistant([run], { stopReason: 'toolUse' })),
    msg('result3', null, toolResult(run, 'built')),
    filesRecord('f3', null, { before: S0, after: S4, changed: ['c.ts'], changedCount: 7, cause: 'turn' }),
  );
}

describe('the files a turn changed', () => {
  it('gathers the agent\'s records of each turn on the branch, by the user message that starts it', () => {
    const turns = turnRecordsOf(branch());
    assert.deepEqual([...turns.keys()], ['q1', 'q3']);
    assert.deepEqual(turns.get('q1')!.map((record) => record.after), [S1, S2]);
    assert.deepEqual(turns.get('q3')!.map((record) => record.cause), ['turn']);
  });

  it('shows each path once, in the order first changed, and counts the paths a cut list left out', () => {
    const turns = turnRecordsOf(branch());
    assert.deepEqual(turnFilesView(turns.get('q1')!), { count: 2, paths: ['a.ts', 'b.ts'] });
    assert.deepEqual(turnFilesView(turns.get('q3')!), { count: 7, paths: ['c.ts'] });
    assert.equal(turnFilesView([]), undefined);
  });

  it('lists at most MAX_TURN_PATHS paths on a card and counts them all', () => {
    const changed = Array.from({ length: MAX_TURN_PATHS + 5 }, (_, index) => `f${index}.ts`);
    const entries = chain(msg('q', null, user('many')), filesRecord('f', null, { changed, changedCount: changed.length }));
    const view = turnFilesView(turnRecordsOf(entries).get('q')!)!;
    assert.equal(view.count, MAX_TURN_PATHS + 5);
    assert.deepEqual(view.paths, changed.slice(0, MAX_TURN_PATHS));
  });

  it('goes from the files before the turn\'s first change to those after its last', () => {
    assert.deepEqual(turnSpan(turnRecordsOf(branch()).get('q1')!), { before: S0, after: S2 });
    assert.equal(turnSpan([]), undefined);
  });

  it('finds the turn of a record appended at the leaf by walking up to its user message', () => {
    const tree = SessionTree.fromEntries(branch());
    assert.deepEqual(turnAround(tree, 'f2')?.turnId, 'q1');
    assert.deepEqual(turnAround(tree, 'f2')?.records.map((record) => record.after), [S1, S2]);
    assert.deepEqual(turnAround(tree, 'restored')?.records, []);
    assert.equal(turnAround(tree, 'start'), undefined);
  });

  it('reads a turn on the current branch only, up to the next user message', () => {
    assert.deepEqual(turnRecordsOn(branch(), 'q1')!.map((record) => record.after), [S1, S2]);
    assert.deepEqual(turnRecordsOn(branch(), 'q2'), []);
    assert.equal(turnRecordsOn(branch(), 'call1'), undefined, 'not a user message');
    assert.equal(turnRecordsOn(branch(), 'elsewhere'), undefined);
  });

  it('puts each turn\'s files on its user message item; a window\'s last turn counts what follows the window', () => {
    const items = buildItems(branch());
    const users = items.filter((item): item is UserItem => item.kind === 'user');
    assert.deepEqual(users.map((item) => item.files), [{ count: 2, paths: ['a.ts', 'b.ts'] }, undefined, { count: 7, paths: ['c.ts'] }]);
    const window = branch().slice(0, 6);
    const windowed = buildItems(window, turnRecordsOf(branch())).find((item) => item.kind === 'user') as UserItem;
    assert.deepEqual(windowed.files, { count: 2, paths: ['a.ts', 'b.ts'] });
    assert.deepEqual((buildItems(window).find((item) => item.kind === 'user') as UserItem).files, { count: 1, paths: ['a.ts'] });
  });
});
