/**
 * Where `arbor run` checkpoints a reply while it streams: `$XDG_STATE_HOME/arbor/checkpoints`
 * (default `~/.local/state/arbor/checkpoints`), created readable by the user only. Not beside the
 * session, whose folder may be a stranger's; and not nowhere: a run stopped by Ctrl-C or a closed
 * terminal would lose what had streamed, and the next `arbor run` on the session recovers it.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { xdgHome } from '../core/util/xdg';

export function cliCheckpointFolder(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  return path.join(xdgHome(env, 'XDG_STATE_HOME', home), 'arbor', 'checkpoints');
}
