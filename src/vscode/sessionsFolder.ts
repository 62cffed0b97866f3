// Which folder holds "this workspace's sessions": new sessions are created there, the Sessions
// view lists it, search reads it and Open Session… starts in it. One answer for all of them:
// `arbor.sessionsDirectory`, else pi's session folder ($PI_CODING_AGENT_SESSION_DIR, its global
// `sessionDir` setting), else where pi keeps this folder's sessions when pi is installed (so
// `pi --resume` lists them), else the extension's storage (see `sessionsFolderFor`).
import { readFileSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { MAX_SETTINGS_BYTES, parsePiSettings, piEnvironment, PI_SETTINGS_FILE, sessionsFolderFor, type SessionsFolderSource } from '../core/context';
import { readConfig } from './config';

export interface SessionsFolder {
  /** The folder (pi's `<root>/--<cwd>--` layout, or pi's single session folder); it may not exist yet. */
  dir: string;
  /** The working directory new sessions record: the first workspace folder, else the home folder. */
  cwd: string;
  /** The sessions root it sits in. */
  root: string;
  /** Who chose the folder (the default is the extension's own storage). */
  source: SessionsFolderSource;
}

/** `defaultRoot` is where sessions go when neither the setting nor pi names a place (globalStorage/sessions). */
export function workspaceSessionsFolder(defaultRoot: string): SessionsFolder {
  const home = os.homedir();
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? home;
  const pi = piEnvironment(process.env, home);
  const location = sessionsFolderFor({
    cwd,
    arborDirectory: readConfig().sessionsDirectory,
    defaultRoot,
    pi,
    piSessionDirSetting: globalSessionDirSetting(pi.agentDir),
    agentDirExists: isDirectory(pi.agentDir),
    home,
  });
  return { dir: location.dir, cwd, root: location.root, source: location.source };
}

/**
 * pi's `sessionDir` from its global settings file only. pi would take a project's too, but where
 * conversations are written is the user's choice alone (as `arbor.sessionsDirectory` is): a
 * repository's `.pi/settings.json` must not send them elsewhere. Read in place, as this answer is
 * needed at once: only a regular file of settings size (never a FIFO, which would block).
 */
function globalSessionDirSetting(agentDir: string): unknown {
  const file = path.join(agentDir, PI_SETTINGS_FILE);
  try {
    const stat = statSync(file);
    if (!stat.isFile() || stat.size > MAX_SETTINGS_BYTES) return undefined;
    return parsePiSettings(readFileSync(file, 'utf8'), file).settings['sessionDir'];
  } catch {
    // No file, or one that cannot be read: ProjectInfo tells the user of a broken one.
    return undefined;
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
