import { strict as assert } from 'node:assert';
import { compactionShape } from '../../../src/core/agent';
import { formatPinnedSection } from '../../../src/core/pins';
import { assistant, chain, compactionEntry, entry, msg, user } from '../../support/builders';

describe('what the latest compaction put in the context (for the breakdown)', () => {
  it('finds the pinned section its summary carries, before the file lists, and counts the messages it kept', () => {
    const section = formatPinnedSection([{ id: 'u1', role: 'user', text: 'Never use tabs. ``` (a fence inside)' }]);
    const files = '\n\n<read-files>\na.ts\n</read-files>';
    const compaction = compactionEntry('c1', null, 'u2', `## Goal\nShip it.${section}${files}`);
    compaction.arbor = { pins: { chars: section.length } };
    const path = chain(msg('u1', null, user('Never use tabs.')), msg('a1', null, assistant('Ok.')), msg('u2', null, user('Go on.')), entry('label', 'l1', null, { targetId: 'u2', label: 'x' }), msg('a2', null, assistant('Done.')), compaction, msg('u3', null, user('Next.')));
    assert.deepEqual(compactionShape(path, compaction), { pinnedText: section, keptCount: 2 });
  });

  it('takes no pinned text from a record the summary does not match (a hostile length)', () => {
    const compaction = compactionEntry('c1', null, 'u1', 'short summary');
    compaction.arbor = { pins: { chars: 1e9 } };
    const path = chain(msg('u1', null, user('Hi.')), compaction);
    assert.deepEqual(compactionShape(path, compaction), { pinnedText: '', keptCount: 1 });
  });
});
