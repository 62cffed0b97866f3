// Root hooks for the e2e run: one fake Anthropic server, one code-server and one browser for all
// tests (starting them takes most of the time), a screenshot of every failed test, and everything
// stopped at the end. Arbor is configured as a user would: the endpoint, the sessions folder and the
// model in the user settings (a workspace cannot choose the first two), the key in the environment
// VS Code was started with.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { E2E_KEY, E2eFakeAnthropic } from './fake';
import { ArborWorkbench } from './workbench';

/** The model the user settings name (not the default, so a request carrying it proves the setting applies). */
export const E2E_MODEL = 'claude-sonnet-4-5';

let shared: ArborWorkbench | undefined;
let fakeServer: E2eFakeAnthropic | undefined;
let sessionsRoot: string | undefined;

/** The running workbench (started by the root `beforeAll`). */
export function workbench(): ArborWorkbench {
  if (!shared) throw new Error('The workbench did not start (see the "before all" hook failure)');
  return shared;
}

/** The fake Anthropic server Arbor talks to. */
export function fake(): E2eFakeAnthropic {
  if (!fakeServer) throw new Error('The fake Anthropic server did not start (see the "before all" hook failure)');
  return fakeServer;
}

/** The folder `arbor.sessionsDirectory` names (outside the workspace). */
export function sessionsDirectory(): string {
  if (!sessionsRoot) throw new Error('The e2e run did not start');
  return sessionsRoot;
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    // Provisioning (when the cache is cold), packaging the VSIX (unless npm test did) and starting all happen here.
    this.timeout(15 * 60_000);
    fakeServer = await E2eFakeAnthropic.start();
    sessionsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-e2e-sessions-'));
    shared = await ArborWorkbench.start({
      userSettings: {
        'arbor.baseUrl': fakeServer.url,
        'arbor.model': E2E_MODEL,
        'arbor.sessionsDirectory': sessionsRoot,
        // The smallest allowed: a few long replies give Compact Session something to summarize.
        'arbor.compaction.keepRecentTokens': 1000,
        // A manual compaction is written at once in the tests about other things (the card, pins,
        // moves, checkpoints); compactionPreview.test.ts turns the preview on and drives it.
        'arbor.compaction.preview': 'never',
        // Thinking off: the fake's scripted replies carry no thinking blocks.
        'arbor.thinking': 'off',
        // Diffs side by side however narrow the editor area is (VS Code turns a narrow one inline,
        // with no left side to read): the tests read each side.
        'diffEditor.useInlineViewWhenSpaceIsLimited': false,
      },
      env: { ANTHROPIC_API_KEY: E2E_KEY },
    });
  },
  async afterEach(this: Mocha.Context): Promise<void> {
    const test = this.currentTest;
    if (shared && test?.state === 'failed') {
      const file = await shared.screenshot(`failed-${test.fullTitle()}`).catch(() => undefined);
      if (file) console.log(`    screenshot: ${file}`);
      // What Arbor did meanwhile (a prompt refused, a move failed) is what a screenshot cannot say.
      const log = (() => {
        try {
          return shared.arborLog().trimEnd().split('\n').slice(-25).join('\n      ');
        } catch (error) {
          return String(error);
        }
      })();
      console.log(`    the last lines of Arbor's log:\n      ${log}`);
      // Its unused replies would answer the next tests' prompts, failing them too.
      const dropped = fakeServer?.dropPending() ?? 0;
      if (dropped > 0) console.log(`    dropped ${dropped} scripted repl${dropped === 1 ? 'y' : 'ies'} the failed test did not use`);
    }
  },
  async afterAll(): Promise<void> {
    await shared?.stop();
    shared = undefined;
    await fakeServer?.stop();
    fakeServer = undefined;
    if (sessionsRoot) fs.rmSync(sessionsRoot, { recursive: true, force: true });
    sessionsRoot = undefined;
  },
};
