import { strict as assert } from 'node:assert';
import { lookupModel } from '../../../src/core/llm';
import { projectPath, SessionTree, type AgentMessage, type ContextEditEntry, type SessionEntry } from '../../../src/core/session';
import { calibrationAt, contextStatus, createTokenizerEstimator, measureMeter, meterDetails, meterLevel, meterReading, meterText, piEstimator, usageTrust } from '../../../src/core/tokens';
import { assistant, chain, compactionEntry, entry, msg, toolCall, toolResult, usage, user } from '../../support/builders';
import { loadPi } from '../compaction/support/piOracle';

const SETTINGS = { enabled: true, reserveTokens: 16_384, keepRecentTokens: 20_000 };

/** A user turn answered with a read call (usage 84 000 + 200), then its 400-character result. */
function readTurn(): AgentMessage[] {
  const read = toolCall('read', { path: 'a.ts' });
  return [user('q'), assistant([read], { usage: usage(84_000, 200) }), toolResult(read, 'x'.repeat(400))];
}

describe('the token meter reading', () => {
  it("splits the count into the API's part and the estimate after it, against the model's window", () => {
    const window = lookupModel('claude-sonnet-4-5').contextWindow;
    const reading = measureMeter(readTurn(), { estimator: piEstimator, contextWindow: window, settings: SETTINGS });
    assert.deepEqual(reading, {
      tokens: 84_300,
      window: 200_000,
      percent: 42,
      threshold: 183_616,
      compactionEnabled: true,
      reportedTokens: 84_200,
      reportCounted: true,
      lastReportedTokens: 84_200,
      staleUsage: undefined,
      estimatedTokens: 100,
      streamingTokens: 0,
      estimator: 'pi',
      calibrationRatio: 1,
      keepRecentTokens: 20_000,
      level: 'normal',
    });
    assert.equal(meterText(reading), '84.3k / 200k · 42%');
    assert.equal(meterDetails(measureMeter(readTurn().slice(0, 2), { estimator: piEstimator, contextWindow: window, settings: SETTINGS }))[2], 'Nothing after the last reply to estimate');
  });

  it("measures against a window the settings' model overrides give", () => {
    const window = lookupModel('claude-sonnet-4-5', { 'claude-sonnet-4-5': { contextWindow: 100_000 } }).contextWindow;
    const reading = measureMeter(readTurn(), { estimator: piEstimator, contextWindow: window, settings: SETTINGS });
    assert.equal(reading.threshold, 83_616);
    assert.equal(reading.level, 'error');
    assert.equal(meterText(reading), '84.3k / 100k · 84%');
  });

  it('has no threshold with compaction off, and then warns against the window itself', () => {
    const reading = measureMeter(readTurn(), { estimator: piEstimator, contextWindow: 100_000, settings: { ...SETTINGS, enabled: false } });
    assert.equal(reading.threshold, undefined);
    assert.equal(reading.level, 'warning');
    assert.match(meterDetails(reading).join('\n'), /Auto-compaction is off/);
  });

  it('counts everything as estimated before the first reply, and says so', () => {
    const reading = measureMeter([user('y'.repeat(3360))], { estimator: piEstimator, contextWindow: 200_000, settings: SETTINGS });
    assert.equal(meterText(reading), '840 / 200k · 0%');
    assert.deepEqual(meterDetails(reading), [
      '840 of 200,000 tokens (0%)',
      'Reported by the API: nothing yet (no reply on this branch)',
      'The rest, 840, is estimated at 4 characters per token',
      'Auto-compaction fires above 183,616',
      'A compaction keeps the last 20,000 tokens verbatim',
    ]);
  });

  it('adds the reply streaming now to the estimated part', () => {
    const status = contextStatus(readTurn(), { estimator: piEstimator, contextWindow: 200_000, settings: SETTINGS });
    const reading = meterReading(status, SETTINGS, 250);
    assert.deepEqual([reading.tokens, reading.reportedTokens, reading.estimatedTokens, reading.streamingTokens], [84_550, 84_200, 350, 250]);
    assert.equal(meterDetails(reading)[2], 'The rest, 350, is estimated at 4 characters per token; 250 of it is the reply streaming now');
  });

  it('calls the estimate an estimate, and the tokenizer a stand-in calibrated to the model\'s reported usage', () => {
    // One token per character, so the provider's counts (twice that) give a ratio of exactly 2.
    const estimator = createTokenizerEstimator((text) => text.length, 'counter');
    const read = toolCall('read', { path: 'a.ts' });
    const messages: AgentMessage[] = [user('q'), assistant([read], { usage: usage(1000, 100) }), toolResult(read, 'z'.repeat(488)), assistant('ok', { usage: usage(2200, 10) })];
    assert.equal(estimator.estimate(messages[2]!), 500);
    const calibration = calibrationAt('e3', lookup(path(messages)), estimator);
    assert.equal(calibration.ratio('anthropic/claude-sonnet-4-5'), (2200 - 1100) / 500);
    const reading = measureMeter([...messages, user('w'.repeat(96))], { estimator, calibration, contextWindow: 200_000, settings: SETTINGS });
    assert.equal(reading.estimatedTokens, Math.ceil((4 + 96) * 2.2));
    assert.equal(meterDetails(reading)[2], "The rest, 221, is estimated (counter counts, calibrated to this model's reported usage: × 2.20)");
    assert.equal(meterDetails(measureMeter([...messages, user('w'.repeat(96))], { estimator, contextWindow: 200_000, settings: SETTINGS }))[2], 'The rest, 100, is estimated (counter counts, not calibrated to this model yet)');
    // No reply counted: the whole context is estimated, and no ratio scales it.
    assert.equal(
      meterDetails(measureMeter([user('w'.repeat(96))], { estimator, calibration, contextWindow: 200_000, settings: SETTINGS }))[2],
      'The rest, 100, is estimated (counter counts of the whole context, not scaled until a reply reports usage)',
    );
  });

  it('says what the API reported last, and that it is not counted once a compaction or a context edit changed that context', () => {
    // The kept reply is timed after the compaction: only its place on the path says it came before.
    const kept = assistant('a', { usage: usage(5000, 100) });
    const path = chain(msg('u1', null, user('q')), msg('a1', null, kept), compactionEntry('c1', null, 'u1', 'S'.repeat(400)));
    path[2]!.timestamp = new Date(kept.timestamp - 1000).toISOString();
    const atPath = (entries: SessionEntry[]) => {
      const projection = projectPath(entries);
      return measureMeter(projection.messages, { estimator: piEstimator, contextWindow: 200_000, settings: SETTINGS, trust: usageTrust(projection, entries) });
    };
    const reading = atPath(path);
    assert.deepEqual([reading.reportedTokens, reading.reportCounted, reading.lastReportedTokens, reading.staleUsage], [0, false, 5100, 'compaction']);
    assert.equal(meterDetails(reading)[1], 'Reported by the API for the last reply: 5,100, before the compaction (not counted: the summary replaced that context)');
    const edited = chain(msg('u1', null, user('q')), msg('a1', null, kept), msg('u2', null, user('more')), entry<ContextEditEntry>('context_edit', 'e1', null, { targetId: 'u1', replacement: { content: 'Q' } }));
    assert.equal(meterDetails(atPath(edited))[1], 'Reported by the API for the last reply: 5,100, before a context edit (not counted: the edit changed that context)');
    // An endpoint that reports no usage: not counted, and it says 0.
    const silent = measureMeter([user('q'), assistant('a', { usage: usage(0, 0) })], { estimator: piEstimator, contextWindow: 200_000, settings: SETTINGS });
    assert.equal(meterDetails(silent)[1], 'Reported by the API for the last reply: 0');
  });
});

/** Message entries e0, e1, … chained in order. */
function path(messages: readonly AgentMessage[]): SessionEntry[] {
  return messages.map((message, i) => msg(`e${i}`, i === 0 ? null : `e${i - 1}`, message as never));
}

function lookup(entries: readonly SessionEntry[]): (id: string) => SessionEntry | undefined {
  const tree = SessionTree.fromEntries([...entries]);
  return (id) => tree.get(id);
}

describe('the calibration at a position', () => {
  it('learns from the latest 40 replies on the path only: an odd reply older than that leaves the ratio at what the recent ones say', () => {
    const estimator = createTokenizerEstimator((text) => text.length, 'counter');
    // Each 96-character user turn is estimated at 100 tokens; the provider counted 50 for the
    // first (ratio 0.5) and 200 for every later one (ratio 2).
    const messages: AgentMessage[] = [user('q'), assistant('ok', { usage: usage(1000, 0) })];
    let input = 1000;
    for (let reply = 1; reply <= 100; reply++) {
      input += reply === 1 ? 50 : 200;
      messages.push(user('w'.repeat(96)), assistant('ok', { usage: usage(input, 0) }));
    }
    assert.equal(estimator.estimate(messages[2]!), 100);
    const calibration = calibrationAt(`e${messages.length - 1}`, lookup(path(messages)), estimator);
    assert.equal(calibration.ratio('anthropic/claude-sonnet-4-5'), 2);
    assert.equal(calibration.samples('anthropic/claude-sonnet-4-5'), 40);
    // At the second reply, the odd first sample is all there is.
    assert.equal(calibrationAt('e3', lookup(path(messages)), estimator).ratio('anthropic/claude-sonnet-4-5'), 0.5);
  });
});

describe('the token meter level', () => {
  const threshold = 180_000; // window 200 000, reserve 20 000

  it('warns strictly past 80 % of the threshold and turns red strictly past it', () => {
    assert.deepEqual(
      [143_999, 144_000, 144_001, 179_999, 180_000, 180_001].map((tokens) => meterLevel(tokens, threshold)),
      ['normal', 'normal', 'warning', 'warning', 'warning', 'error'],
    );
  });

  it('turns red exactly where pi fires auto-compaction', async () => {
    const pi = await loadPi();
    const settings = { enabled: true, reserveTokens: 20_000, keepRecentTokens: 20_000 };
    for (const tokens of [179_999, 180_000, 180_001, 250_000]) {
      const status = contextStatus([assistant('a', { usage: usage(tokens, 0) })], { contextWindow: 200_000, settings });
      assert.equal(meterReading(status, settings).level === 'error', pi.shouldCompact(tokens, 200_000, settings), `at ${tokens}`);
    }
  });

  it('stays normal when there is nothing to measure against', () => {
    assert.equal(meterLevel(5_000_000, undefined), 'normal');
    assert.equal(meterLevel(5, 0), 'normal');
  });
});
