// The Sessions view and its commands (open, rename, delete, refresh, search), built together.
import * as vscode from 'vscode';
import type { AgentHost } from '../agent/host';
import type { CurrentSession } from '../currentSession/currentSession';
import { searchCommand } from './searchSessions';
import { sessionActions } from './sessionActions';
import { SessionsView } from './sessionsView';
import type { Logger } from '../../core/util/logger';

/** The view (the API hands it to the integration tests, which read what it lists), its commands for the table, and everything to dispose. */
export function registerSessions(deps: { host: AgentHost; current: CurrentSession; log: Logger; onDeleted?: () => void }) {
  const view = new SessionsView(() => deps.host.sessionsFolder().dir, deps.current, deps.log);
  const all = { ...deps, view };
  return { view, commands: { ...sessionActions(all), ...searchCommand(all) }, disposables: [view, vscode.window.registerTreeDataProvider(SessionsView.viewId, view)] };
}
