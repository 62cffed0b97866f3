import { strict as assert } from 'node:assert';
import { contextStatus, LiveMeter, piEstimator, type MeterReading, type MeterTimers } from '../../../src/core/tokens';
import { assistant, usage } from '../../support/builders';

const SETTINGS = { enabled: true, reserveTokens: 16_384, keepRecentTokens: 20_000 };

/** A clock the test moves by hand; timeouts fire when it passes them. */
class ManualTimers implements MeterTimers {
  time = 0;
  private timers: { at: number; callback: () => void; handle: number }[] = [];
  private next = 0;
  now = (): number => this.time;
  setTimeout = (callback: () => void, ms: number): unknown => {
    const handle = ++this.next;
    this.timers.push({ at: this.time + ms, callback, handle });
    return handle;
  };
  clearTimeout = (handle: unknown): void => {
    this.timers = this.timers.filter((timer) => timer.handle !== handle);
  };
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((timer) => timer.at <= this.time);
    this.timers = this.timers.filter((timer) => timer.at > this.time);
    for (const timer of due) timer.callback();
  }
}

function setup(): { meter: LiveMeter; timers: ManualTimers; drawn: (number | undefined)[] } {
  const timers = new ManualTimers();
  const drawn: (number | undefined)[] = [];
  const meter = new LiveMeter(SETTINGS, (reading: MeterReading | undefined) => drawn.push(reading?.tokens), timers, 250);
  meter.setStatus(contextStatus([assistant('a', { usage: usage(10_000, 0) })], { estimator: piEstimator, contextWindow: 200_000, settings: SETTINGS }));
  return { meter, timers, drawn };
}

describe('the live token meter', () => {
  it('draws a new reading from the agent at once', () => {
    const { drawn } = setup();
    assert.deepEqual(drawn, [10_000]);
  });

  it('adds streamed text at 4 characters per token, redrawing at most once per interval', () => {
    const { meter, timers, drawn } = setup();
    timers.advance(300);
    meter.streamed('a'.repeat(40)); // slot free: drawn now
    for (let i = 0; i < 100; i++) meter.streamed('b'.repeat(4)); // within the interval: one redraw later
    assert.deepEqual(drawn, [10_000, 10_010]);
    timers.advance(249);
    assert.deepEqual(drawn, [10_000, 10_010]);
    timers.advance(1);
    assert.deepEqual(drawn, [10_000, 10_010, 10_110]);
  });

  it('drops the streamed estimate when the agent reports the counted reply', () => {
    const { meter, timers, drawn } = setup();
    timers.advance(300);
    meter.streamed('c'.repeat(400));
    meter.setStatus(contextStatus([assistant('a', { usage: usage(10_000, 90) })], { estimator: piEstimator, contextWindow: 200_000, settings: SETTINGS }));
    timers.advance(1000);
    assert.deepEqual(drawn, [10_000, 10_100, 10_090]);
  });

  it('hides with no session', () => {
    const { meter, drawn } = setup();
    meter.setStatus(undefined);
    assert.deepEqual(drawn, [10_000, undefined]);
  });
});
