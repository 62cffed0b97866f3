// The Sessions view and its commands (open, rename, delete, refresh, search), built and registered together.
import * as vscode from 'vscode';
import type { AgentHost } from '../agent/host';
import type { CurrentSession } from '../currentSession/currentSession';
import { registerSearchCommand } from './searchSessions';
import { registerSessionActions } from './sessionActions';
import { SessionsView } from './sessionsView';

/** The view (the API hands it to the integration tests, which read what it lists) and everything to dispose. */
export function registerSessions(deps: { host: AgentHost; current: CurrentSession; log: vscode.LogOutputChannel; onDeleted?: () => void }): { view: SessionsView; disposables: vscode.Disposable[] } {
  const view = new SessionsView(() => deps.host.sessionsFolder().dir, deps.current, deps.log);
  const all = { ...deps, view };
  return { view, disposables: [view, vscode.window.registerTreeDataProvider(SessionsView.viewId, view), ...registerSessionActions(all), registerSearchCommand(all)] };
}
