// What the sessions commands are given.
import type { AgentHost } from '../agent/host';
import type { CurrentSession } from '../currentSession/currentSession';
import type { SessionsView } from './sessionsView';
import type { Logger } from '../../core/util/logger';

export interface SessionsDeps {
  host: AgentHost;
  current: CurrentSession;
  log: Logger;
  view: SessionsView;
  /** A session file was deleted (the checkpoints it named may be pruned). */
  onDeleted?: () => void;
}
