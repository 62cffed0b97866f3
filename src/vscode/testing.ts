// Arbor's objects for its own integration tests (`extension.exports.testing`), present only when the
// test runner set ARBOR_TEST_EXPORTS: other extensions get the versioned API (api/arbor.d.ts), never
// the chat backend, which could spend the user's key. What only the tests ask (a reading, the idle
// moment, what reached the chat's input) is answered here, over the parts' own interfaces.
import type { ArborExports } from '../../api/arbor';
import type { AgentSession } from '../core/agent';
import type { ContextStatus } from '../core/tokens';
import { seal, type Sealed } from '../core/util/sealedArgument';
import { TEST_EXPORTS_ENV } from '../core/util/testExports';
import type { AgentHost } from './agent/host';
import type { ChatInputPort } from './chat/inputPort';
import type { ProjectInfo } from './projectInfo';
import type { SessionTreeProvider } from './sessionTree/provider';
import type { SessionsView } from './sessions/sessionsView';

export interface ArborTesting {
  readonly host: AgentHost;
  /** The project's context files and compaction settings in effect (the integration tests read them). */
  readonly project: ProjectInfo;
  /** The Session Tree's data (the integration tests watch what it refreshes). */
  readonly sessionTree: SessionTreeProvider;
  /** The Sessions view's data (the integration tests read what it lists). */
  readonly sessions: SessionsView;
  /**
   * Wraps an argument for an Arbor command that would otherwise ask the user (a key, a file to
   * export to or open, a label, …): `executeCommand('arbor.exportSession', api.commandArgument({ format: 'md', file }))`.
   * Commands take such arguments only wrapped, which a `command:` link (JSON only) cannot do.
   */
  commandArgument<T>(value: T): Sealed<T>;
  /** The current session's agent, built if need be (no key needed); rejects with no session open. */
  agent(): Promise<AgentSession>;
  /** The context size of the current session as the agent measures it (the meter's numbers); undefined with no session. */
  contextStatus(): Promise<ContextStatus | undefined>;
  /** Resolves when the current session's agent runs nothing and has nothing queued. */
  whenIdle(): Promise<void>;
  /** Records the texts the commands and the moves put into the chat's input, until disposed. */
  recordInputs(): { readonly texts: readonly string[]; dispose(): void };
}

/** What `activate` returns (`extension.exports`). */
export type ArborExtensionExports = ArborExports & { testing?: ArborTesting };

/** The runner asked for the test objects. */
export function testingEnabled(): boolean {
  return process.env[TEST_EXPORTS_ENV] === '1';
}

/** The chat's input port, with what is put into the input handed to the tests' recorders too. */
export class RecordedInput implements ChatInputPort {
  private readonly recorders = new Set<string[]>();

  constructor(private readonly port: ChatInputPort) {}

  setInput(text: string): Promise<void> {
    for (const texts of this.recorders) texts.push(text);
    return this.port.setInput(text);
  }

  focus(): Promise<void> {
    return this.port.focus();
  }

  tellMove(move: Parameters<ChatInputPort['tellMove']>[0]): void {
    this.port.tellMove(move);
  }

  record(): { readonly texts: readonly string[]; dispose(): void } {
    const texts: string[] = [];
    this.recorders.add(texts);
    return { texts, dispose: () => this.recorders.delete(texts) };
  }
}

export function arborTesting(parts: Pick<ArborTesting, 'host' | 'project' | 'sessionTree' | 'sessions'> & { input: RecordedInput }): ArborTesting {
  const { host, input } = parts;
  return {
    host,
    project: parts.project,
    sessionTree: parts.sessionTree,
    sessions: parts.sessions,
    commandArgument: seal,
    agent: () => host.currentAgent(),
    async contextStatus() {
      if (!host.session) return undefined;
      const agent = await host.currentAgent().catch((error: unknown) => {
        // The session closed meanwhile: there is nothing to measure.
        if (!host.session) return undefined;
        throw error;
      });
      return agent?.status();
    },
    async whenIdle() {
      if (!host.session) return;
      const agent = await host.currentAgent().catch(() => undefined);
      await agent?.whenIdle();
    },
    recordInputs: () => input.record(),
  };
}
