// Root hooks for the e2e run: one code-server and one browser for all tests (starting them takes
// most of the time), a screenshot of every failed test, and everything stopped at the end.
import { ArborWorkbench } from './workbench';

let shared: ArborWorkbench | undefined;

/** The running workbench (started by the root `beforeAll`). */
export function workbench(): ArborWorkbench {
  if (!shared) throw new Error('The workbench did not start (see the "before all" hook failure)');
  return shared;
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    // Provisioning (when the cache is cold), packaging the VSIX (unless npm test did) and starting all happen here.
    this.timeout(15 * 60_000);
    shared = await ArborWorkbench.start();
  },
  async afterEach(this: Mocha.Context): Promise<void> {
    const test = this.currentTest;
    if (shared && test?.state === 'failed') {
      const file = await shared.screenshot(`failed-${test.fullTitle()}`).catch(() => undefined);
      if (file) console.log(`    screenshot: ${file}`);
    }
  },
  async afterAll(): Promise<void> {
    await shared?.stop();
    shared = undefined;
  },
};
