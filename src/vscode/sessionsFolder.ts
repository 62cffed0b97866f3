// Which folder holds "this workspace's sessions": new sessions are created there, the Sessions
// view lists it, search reads it and Open Session… starts in it. One answer for all of them:
// `arbor.sessionsDirectory`, else where pi keeps this folder's sessions when pi is installed (so
// `pi --resume` lists them), else the extension's storage (see `sessionsFolderFor`).
import { statSync } from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { piEnvironment, sessionsFolderFor } from '../core/context';
import { readConfig } from './config';

export interface SessionsFolder {
  /** The folder (pi's `<root>/--<cwd>--` layout, or pi's single session folder); it may not exist yet. */
  dir: string;
  /** The working directory new sessions record: the first workspace folder, else the home folder. */
  cwd: string;
  /** The sessions root it sits in. */
  root: string;
}

/** `defaultRoot` is where sessions go when neither the setting nor pi names a place (globalStorage/sessions). */
export function workspaceSessionsFolder(defaultRoot: string): SessionsFolder {
  const home = os.homedir();
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? home;
  const pi = piEnvironment(process.env, home);
  const location = sessionsFolderFor({ cwd, arborDirectory: readConfig().sessionsDirectory, defaultRoot, pi, agentDirExists: isDirectory(pi.agentDir), home });
  return { dir: location.dir, cwd, root: location.root };
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
