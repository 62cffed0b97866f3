// A session's agent is built soon after its session opens, but never before the chat has been sent
// that session: after a window reload the chat's page loads later than the Session Tree, and the
// build (the tokenizer's load holds the extension host up) would keep the chat's conversation
// waiting behind it.
import { strict as assert } from 'node:assert';
import { silentLogger } from '../../../src/core/util/logger';
import { Scope } from '../../../src/core/util/scope';
import { SessionAgent, type SessionAgentDeps } from '../../../src/vscode/agent/sessionAgent';
import type { AgentInputs } from '../../../src/vscode/agent/builder';
import { memorySession } from '../../support/builders';

/** Longer than the agent's opening delay (400 ms): a build that was due has begun by then. */
const PAST_THE_OPENING_DELAY_MS = 1_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe("A session's agent built as its session opens", () => {
  let scope: Scope;
  afterEach(() => scope.dispose());

  /** The deps of an agent whose build is seen starting (it reads its inputs first) and goes no further. */
  function recordingDeps(shown?: () => Promise<void>): { deps: SessionAgentDeps; builds: () => number } {
    let builds = 0;
    const deps: SessionAgentDeps = {
      inputs: () => {
        builds++;
        return new Promise<AgentInputs>(() => undefined);
      },
      approve: () => Promise.resolve('deny'),
      logger: silentLogger,
      log: silentLogger,
      checkpointFolder: '/nowhere',
      onEvent: () => undefined,
      ...(shown ? { shown } : {}),
    };
    return { deps, builds: () => builds };
  }

  it('waits for the chat to have been sent the session, then builds it', async () => {
    scope = new Scope();
    let chatShown = (): void => undefined;
    const shown = new Promise<void>((resolve) => (chatShown = resolve));
    const { deps, builds } = recordingDeps(() => shown);
    new SessionAgent(memorySession(), scope, deps);
    await sleep(PAST_THE_OPENING_DELAY_MS);
    assert.equal(builds(), 0, 'the agent was built before the chat had the session');
    chatShown();
    await sleep(0);
    assert.equal(builds(), 1);
  });

  it('builds nothing for a session that closed before the chat had it', async () => {
    scope = new Scope();
    let chatShown = (): void => undefined;
    const shown = new Promise<void>((resolve) => (chatShown = resolve));
    const { deps, builds } = recordingDeps(() => shown);
    new SessionAgent(memorySession(), scope, deps);
    await sleep(PAST_THE_OPENING_DELAY_MS);
    scope.dispose();
    chatShown();
    await sleep(0);
    assert.equal(builds(), 0);
  });
});
