import { strict as assert } from 'node:assert';
import { PinIndex, PIN_CUSTOM_TYPE } from '../../../src/core/pins';
import { presentRow } from '../../../src/core/sessionTree';
import { entry, msg, user } from '../../support/builders';

const pin = (id: string, targetId: string, pinned: boolean) => entry('custom', id, null, { customType: PIN_CUSTOM_TYPE, data: { v: 1, targetId, pinned } });

describe('Session Tree rows: pins', () => {
  it('marks a pinned row with the pinned codicon (no emoji), in its tooltip, its spoken label and its menu word', () => {
    const shown = presentRow({ entry: msg('u1', null, user('Keep this')), label: 'start', onActivePath: true, isCurrent: false, pinned: true });
    assert.deepEqual(
      { label: shown.label, description: shown.description, icon: shown.icon, contextValue: shown.contextValue, tooltip: shown.tooltip, accessibilityLabel: shown.accessibilityLabel },
      {
        label: '[start] Keep this',
        description: undefined,
        icon: 'pinned',
        contextValue: 'entry user onPath labeled pinned',
        tooltip: 'Pinned: every compaction carries this message into its summary word for word\\. \\[start\\]\n\nKeep this',
        accessibilityLabel: 'user: Keep this, pinned · start',
      },
    );
    const unlabeled = presentRow({ entry: msg('u1', null, user('Keep this')), label: undefined, onActivePath: false, isCurrent: false, pinned: true });
    assert.deepEqual([unlabeled.label, unlabeled.description, unlabeled.icon], ['Keep this', undefined, 'pinned']);
    assert.equal(presentRow({ entry: msg('u1', null, user('Keep this')), label: undefined, onActivePath: false, isCurrent: false }).contextValue, 'entry user');
  });

  it('keeps the pinned ids of a growing session by reading only what was appended, the latest entry per target winning', () => {
    const index = new PinIndex();
    const entries = [msg('u1', null, user('a')), pin('p1', 'u1', true)];
    assert.deepEqual([...index.pinned(entries)], ['u1']);
    entries.push(pin('p2', 'u1', false), pin('p3', 'u2', true), pin('p4', 'u9', 'yes' as never));
    assert.deepEqual([...index.pinned(entries)], ['u2']);
    assert.deepEqual([...index.pinned([msg('u1', null, user('a'))])], []);
  });
});
