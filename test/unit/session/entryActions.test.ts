import { strict as assert } from 'node:assert';
import { entryCopyText, findEntryLine, labelTargetAt, serializeLine, SessionTree, type SessionEntry } from '../../../src/core/session';
import { assistant, bash, chain, compactionEntry, entry, msg, toolCall, user } from '../../support/builders';

describe('entry actions: label target, copy text, file line', () => {
  it('labels the position itself, or the entry before the label entries the position sits on', () => {
    const tree = SessionTree.fromEntries(
      chain(msg('u1', null, user('q')), msg('a1', null, assistant('a')), entry('label', 'l1', null, { targetId: 'a1', label: 'x' }), entry('label', 'l2', null, { targetId: 'u1', label: 'y' })),
    );
    assert.equal(labelTargetAt(tree, 'a1'), 'a1');
    assert.equal(labelTargetAt(tree, 'l2'), 'a1');
    assert.equal(labelTargetAt(tree, null), undefined);
    assert.equal(labelTargetAt(tree, 'gone'), undefined);
  });

  it('copies a message\'s text, a summary\'s text, a bash command with its output', () => {
    assert.equal(entryCopyText(msg('u1', null, user([{ type: 'text', text: 'line one' }, { type: 'text', text: 'line two' }]))), 'line one\nline two');
    assert.equal(entryCopyText(msg('a1', null, assistant([{ type: 'thinking', thinking: 'hmm' }, { type: 'text', text: 'the answer' }, toolCall('read', { path: 'a.ts' })]))), 'the answer');
    assert.equal(entryCopyText(compactionEntry('c1', 'a1', 'u1', '## Goal\nship it')), '## Goal\nship it');
    assert.equal(entryCopyText(entry('branch_summary', 'b1', null, { fromId: 'x', summary: 'explored a branch' })), 'explored a branch');
    assert.equal(entryCopyText(msg('s1', null, bash('ls', 'a.ts\nb.ts'))), '$ ls\na.ts\nb.ts');
  });

  it('finds the line of an entry, not the lines naming it as a parent or a label target', () => {
    const entries: SessionEntry[] = chain(
      msg('aa11', null, user('first')),
      msg('bb22', null, user('says "aa11" and {"id":"cc33"} in its text')),
      entry('label', 'dd44', null, { targetId: 'cc33', label: 'x' }),
      msg('cc33', null, assistant('third')),
    );
    const header = '{"type":"session","version":3,"id":"hh00","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}\n';
    const text = header + entries.map(serializeLine).join('') + 'not json "cc33"\n';
    const lines = text.split('\n');
    assert.deepEqual(findEntryLine(text, 'aa11'), { line: 1, length: lines[1]!.length });
    assert.deepEqual(findEntryLine(text, 'cc33'), { line: 4, length: lines[4]!.length });
    assert.equal(findEntryLine(text, 'zz99'), undefined);
    assert.deepEqual(findEntryLine('{"id":"x1"}', 'x1'), { line: 0, length: 11 });
  });
});
