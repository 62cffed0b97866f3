// What `activate` returns: the versioned API for other extensions, and Arbor's own objects for its
// integration tests only when the test runner asked for them.
import type { ArborExports } from '../../api/arbor';
import type { ArborHooks } from '../core/hooks';
import type { Sealed } from '../core/util/sealedArgument';
import { TEST_EXPORTS_ENV } from '../core/util/testExports';
import type { AgentHost } from './agentHost';
import { arborExports } from './api';
import type { ProjectInfo } from './projectInfo';
import type { SessionTreeProvider } from './sessionTree/provider';
import type { SessionsView } from './sessions/sessionsView';

/**
 * Arbor's objects for its own integration tests (`extension.exports.testing`), present only when the
 * test runner set ARBOR_TEST_EXPORTS: other extensions get the versioned API (api/arbor.d.ts), never
 * the chat backend, which could spend the user's key.
 */
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
   * export to or open, a label, …): `executeCommand(COMMAND.exportSession, api.commandArgument({ format: 'md', file }))`.
   * Commands take such arguments only wrapped, which a `command:` link (JSON only) cannot do.
   */
  commandArgument<T>(value: T): Sealed<T>;
}

/** What `activate` returns (`extension.exports`). */
export type ArborExtensionExports = ArborExports & { testing?: ArborTesting };

export function extensionExports(hooks: ArborHooks, testing: ArborTesting): ArborExtensionExports {
  return { ...arborExports(hooks), ...(process.env[TEST_EXPORTS_ENV] === '1' ? { testing } : {}) };
}
