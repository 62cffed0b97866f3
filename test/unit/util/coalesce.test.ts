import { strict as assert } from 'node:assert';
import { Coalescer } from '../../../src/core/util/coalesce';

/** A job whose runs finish only when the test says so; records when each run started. */
function controlledJob(): { job: () => Promise<number>; starts: number; finish: (index: number) => void } {
  const finishers: (() => void)[] = [];
  const state = {
    starts: 0,
    job: () =>
      new Promise<number>((resolve) => {
        const run = ++state.starts;
        finishers.push(() => resolve(run));
      }),
    finish: (index: number) => finishers[index]!(),
  };
  return state;
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Coalescer: one run at a time, a burst of requests folded into one follow-up', () => {
  it('starts a run straight away when none is going on', async () => {
    const job = controlledJob();
    const coalescer = new Coalescer(job.job);
    const result = coalescer.request();
    assert.equal(job.starts, 1);
    job.finish(0);
    assert.equal(await result, 1);
  });

  it('queues exactly one follow-up for any number of requests during a run, started after the run ends', async () => {
    const job = controlledJob();
    const coalescer = new Coalescer(job.job);
    const first = coalescer.request();
    const later = [coalescer.request(), coalescer.request(), coalescer.request()];
    await tick();
    assert.equal(job.starts, 1, 'a second run started while the first was going on');
    job.finish(0);
    await first;
    await tick();
    assert.equal(job.starts, 2);
    job.finish(1);
    assert.deepEqual(await Promise.all(later), [2, 2, 2]);
    await coalescer.idle();
    assert.equal(job.starts, 2);
  });

  it('runs the follow-up even when the run before it failed, and reports each run\'s own failure', async () => {
    let calls = 0;
    const coalescer = new Coalescer(async () => {
      calls++;
      if (calls === 1) throw new Error('first run failed');
      return calls;
    });
    const first = coalescer.request();
    const second = coalescer.request();
    await assert.rejects(first, /first run failed/);
    assert.equal(await second, 2);
  });

  it('turns a job that throws before returning a promise into a rejected run, and keeps working', async () => {
    let calls = 0;
    const coalescer = new Coalescer((): Promise<number> => {
      calls++;
      if (calls === 1) throw new Error('thrown at once');
      return Promise.resolve(calls);
    });
    await assert.rejects(coalescer.request(), /thrown at once/);
    assert.equal(await coalescer.request(), 2);
  });
});
