/**
 * The folder new sessions of a workspace go to, chosen as a pi user expects, so that
 * `pi --resume` in a terminal lists them and the Sessions view lists pi's:
 *
 * 1. `arbor.sessionsDirectory` when set: a root with one `--<cwd>--` folder per workspace;
 * 2. `$PI_CODING_AGENT_SESSION_DIR`, then pi's `sessionDir` setting: pi puts every session of
 *    every folder straight into that folder, and so does Arbor;
 * 3. pi's own `<agent folder>/sessions/--<cwd>--/` when pi is installed (its agent folder exists)
 *    or `$PI_CODING_AGENT_DIR` names one: exactly the folder pi computes for the same cwd;
 * 4. else the caller's default root (the extension's storage), with the same `--<cwd>--` layout.
 */
import * as path from 'node:path';
import { expandHome, projectSessionDir } from '../session/layout';
import type { PiEnvironment } from './piEnvironment';

export type SessionsFolderSource = 'arbor setting' | 'pi session dir' | 'pi settings' | 'pi agent folder' | 'default';

export interface SessionsFolderInput {
  /** The workspace folder new sessions record as their cwd. */
  cwd: string;
  /** `arbor.sessionsDirectory` (absolute, `~` expanded), when set. */
  arborDirectory?: string | undefined;
  /** The root to use when pi is not installed. */
  defaultRoot: string;
  pi: PiEnvironment;
  /** pi's merged `sessionDir` setting, when set. */
  piSessionDirSetting?: unknown;
  agentDirExists: boolean;
  home: string;
}

export interface SessionsLocation {
  /** Where new sessions are created and what the Sessions view lists. */
  dir: string;
  /** The sessions root `dir` sits in (the same folder when pi keeps all sessions in one). */
  root: string;
  source: SessionsFolderSource;
}

export function sessionsFolderFor(input: SessionsFolderInput): SessionsLocation {
  const { cwd, pi } = input;
  const perProject = (root: string, source: SessionsFolderSource): SessionsLocation => ({ dir: projectSessionDir(root, cwd), root, source });
  const flat = (dir: string, source: SessionsFolderSource): SessionsLocation => {
    const absolute = path.resolve(cwd, dir);
    return { dir: absolute, root: absolute, source };
  };
  if (input.arborDirectory) return perProject(input.arborDirectory, 'arbor setting');
  if (pi.sessionDir) return flat(pi.sessionDir, 'pi session dir');
  const setting = input.piSessionDirSetting;
  if (typeof setting === 'string' && setting !== '') return flat(expandHome(setting, input.home), 'pi settings');
  if (pi.agentDirFromEnv || input.agentDirExists) return perProject(path.join(pi.agentDir, 'sessions'), 'pi agent folder');
  return perProject(input.defaultRoot, 'default');
}

/**
 * Where a file dialog for session files may start, the first that exists: the sessions folder and
 * its root when the user chose them (their setting, pi's folders they know), then the workspace
 * folder. Never the extension's own storage: an internal place nobody browses to (its sessions
 * are listed above Browse… anyway).
 */
export function browseStartFolders(location: SessionsLocation, cwd: string): string[] {
  return location.source === 'default' ? [cwd] : [location.dir, location.root, cwd];
}
