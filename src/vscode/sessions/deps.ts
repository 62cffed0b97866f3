// What the sessions commands are given.
import type * as vscode from 'vscode';
import type { AgentHost } from '../agent/host';
import type { CurrentSession } from '../currentSession/currentSession';
import type { SessionsView } from './sessionsView';

export interface SessionsDeps {
  host: AgentHost;
  current: CurrentSession;
  log: vscode.LogOutputChannel;
  view: SessionsView;
  /** A session file was deleted (the checkpoints it named may be pruned). */
  onDeleted?: () => void;
}
