import { strict as assert } from 'node:assert';
import { compactionShape } from '../../../src/core/agent';
import { formatPinnedSection } from '../../../src/core/pins';
import type { ContextEditEntry } from '../../../src/core/session';
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

  it("counts the kept messages as the context holds them: a hidden kept entry gives none, the kept range's system messages are replaced by the checkpoint", () => {
    const compaction = compactionEntry('c1', null, 'u1', 'summary');
    compaction.systemMessage = { role: 'system', content: 'You are pi.', timestamp: 1 };
    const path = chain(
      msg('u1', null, user('Kept.')),
      msg('s1', null, { role: 'system', content: 'You are pi.', timestamp: 2 }),
      msg('a1', null, assistant('Kept too, then hidden.')),
      msg('u2', null, user('Kept and replaced.')),
      compaction,
      entry<ContextEditEntry>('context_edit', 'e1', null, { targetId: 'a1', replacement: null }),
      entry<ContextEditEntry>('context_edit', 'e2', null, { targetId: 'u2', replacement: { content: 'Replaced.' } }),
      msg('u3', null, user('After.')),
    );
    // u1 and the replaced u2; not s1 (the checkpoint stands for it), not the hidden a1, not u3 (after the compaction).
    assert.deepEqual(compactionShape(path, compaction), { pinnedText: '', keptCount: 2 });
  });
});
