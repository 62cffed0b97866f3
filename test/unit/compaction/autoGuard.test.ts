import { strict as assert } from 'node:assert';
import { AutoCompactionGuard } from '../../../src/core/compaction';
import { projectPath } from '../../../src/core/session';
import { contextStatus, usageTrust } from '../../../src/core/tokens';
import { assistant, chain, compactionEntry, msg, usage, user } from '../../support/builders';

const SETTINGS = { enabled: true, reserveTokens: 16384 };
const WINDOW = 200000;

describe('auto-compaction decisions (pure logic)', () => {
  it('a successful 190 000-token turn on a 200 000 window is over the threshold', () => {
    const status = contextStatus([user('q'), assistant('a', { usage: usage(189000, 1000) })], { contextWindow: WINDOW, settings: SETTINGS });
    assert.equal(status.contextTokens, 190000);
    assert.equal(status.shouldCompact, true);
    assert.equal(new AutoCompactionGuard().checkThreshold({ overThreshold: status.shouldCompact, generation: 2 }), 'compact');
  });

  it('an error turn is measured from the last good usage', () => {
    const failed = assistant('', { usage: usage(0, 0), stopReason: 'error', errorMessage: '529 overloaded' });
    const status = contextStatus([user('q'), assistant('a', { usage: usage(189000, 1000) }), user('again'), failed], { contextWindow: WINDOW, settings: SETTINGS });
    assert.equal(status.lastUsageIndex, 1);
    assert.equal(status.shouldCompact, true);
    const onlyError = contextStatus([user('q'), failed], { contextWindow: WINDOW, settings: SETTINGS });
    assert.equal(onlyError.lastUsageIndex, null);
    assert.equal(onlyError.shouldCompact, false);
  });

  it('a usage older than the latest compaction is not trusted', () => {
    const path = chain(msg('u1', null, user('kept q')), msg('a1', null, assistant('kept answer', { usage: usage(600000, 10000) })), compactionEntry('c1', null, 'u1'));
    const projection = projectPath(path);
    const status = contextStatus(projection.messages, { contextWindow: WINDOW, settings: SETTINGS, trust: usageTrust(projection, path) });
    assert.equal(status.staleUsage, 'compaction');
    assert.equal(status.shouldCompact, false);
  });

  it('does not compact again until new messages arrive when a compaction could not get under the threshold', () => {
    const guard = new AutoCompactionGuard();
    assert.equal(guard.checkThreshold({ overThreshold: true, generation: 10 }), 'compact');
    guard.compactionFinished({ stillOverThreshold: true, generation: 11 });
    assert.equal(guard.checkThreshold({ overThreshold: true, generation: 11 }), 'waiting-for-new-messages');
    assert.equal(guard.checkThreshold({ overThreshold: true, generation: 11 }), 'waiting-for-new-messages');
    assert.equal(guard.isWaitingForNewMessages, true);
    assert.equal(guard.checkThreshold({ overThreshold: true, generation: 13 }), 'compact');
  });

  it('is ready again after a compaction that got under the threshold', () => {
    const guard = new AutoCompactionGuard();
    guard.compactionFinished({ stillOverThreshold: false, generation: 11 });
    assert.equal(guard.checkThreshold({ overThreshold: false, generation: 11 }), 'under-threshold');
    assert.equal(guard.checkThreshold({ overThreshold: true, generation: 11 }), 'compact');
  });

  it('recovers from a context overflow once per prompt', () => {
    const guard = new AutoCompactionGuard();
    assert.equal(guard.checkOverflow(), 'recover');
    assert.equal(guard.checkOverflow(), 'give-up');
    assert.equal(guard.checkOverflow(), 'give-up');
    guard.promptStarted();
    assert.equal(guard.checkOverflow(), 'recover');
  });
});
