// What the command handlers are given (constructor-style injection, no service locator).
import type { SessionSummary } from '../../core/session';
import type * as vscode from 'vscode';
import type { AgentHost } from '../agent/host';
import type { WorkspaceCheckpoints } from '../checkpoints/workspaceCheckpoints';
import type { ChatInputPort } from '../chat/inputPort';
import type { CurrentSession } from '../currentSession/currentSession';
import type { ApiKeyStore } from '../secrets';
import type { Logger } from '../../core/util/logger';
import type { CompactionPreviews } from './compactionPreview';

export interface CommandDeps {
  host: AgentHost;
  current: CurrentSession;
  keys: ApiKeyStore;
  /** The chat's input: text put there, its focus, a move's report. */
  input: ChatInputPort;
  log: Logger;
  /** Shows the Arbor log (the output channel). */
  showLog(): void;
  /** This workspace's sessions, newest first: the Sessions view's listing. */
  listSessions: () => Promise<SessionSummary[]>;
  /** The workspace's checkpoint stores (none: moves never restore files). */
  checkpoints?: WorkspaceCheckpoints;
  /** The workspace's state: a move's last answers, preselected in the next move's question. */
  state?: vscode.Memento;
  /** Manual compactions previewed before they are written (none: written at once). */
  previews?: CompactionPreviews;
}
