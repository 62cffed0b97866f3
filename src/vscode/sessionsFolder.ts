// Which folder holds "this workspace's sessions": new sessions are created there, the Sessions
// view lists it, search reads it and Open Session… starts in it. One answer for all of them.
import * as os from 'node:os';
import * as vscode from 'vscode';
import { projectSessionDir } from '../core/session';
import { readConfig } from './config';

export interface SessionsFolder {
  /** The folder (pi's `<root>/--<cwd>--` layout); it may not exist yet. */
  dir: string;
  /** The working directory new sessions record: the first workspace folder, else the home folder. */
  cwd: string;
  /** The sessions root it sits in (`arbor.sessionsDirectory`, else `defaultRoot`). */
  root: string;
}

/** `defaultRoot` is where sessions go when `arbor.sessionsDirectory` is empty (globalStorage/sessions). */
export function workspaceSessionsFolder(defaultRoot: string): SessionsFolder {
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
  const root = readConfig().sessionsDirectory ?? defaultRoot;
  return { dir: projectSessionDir(root, cwd), cwd, root };
}
