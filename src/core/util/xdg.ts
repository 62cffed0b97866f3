/** Folders of the XDG Base Directory specification. */
import * as path from 'node:path';

/**
 * `$XDG_DATA_HOME` or `$XDG_STATE_HOME` when set to an absolute path (the specification says a
 * relative one is invalid and must be ignored), else its default under the home folder.
 */
export function xdgHome(env: NodeJS.ProcessEnv, variable: 'XDG_DATA_HOME' | 'XDG_STATE_HOME', home: string): string {
  const configured = env[variable];
  if (configured && path.isAbsolute(configured)) return configured;
  return path.join(home, '.local', variable === 'XDG_DATA_HOME' ? 'share' : 'state');
}
