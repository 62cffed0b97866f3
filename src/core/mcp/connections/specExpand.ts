/**
 * How the editor and the CLI expand a server's `env` and `headers` when it starts: `${VAR}` from the
 * environment, and `!command` run in the user's shell, but only for an entry of the user's own
 * `mcp.json`. A project's file comes with a repository someone else wrote: a `!command` value there
 * would run that someone's command line the moment a server starts, so it is refused with a plain
 * message (the server fails to start and says which key).
 */
import { expandValues, type ExpandOptions } from '../config/expand';
import type { McpServerSpec } from '../types';
import type { McpExpand } from './expand';

export const PROJECT_COMMAND_REFUSED = "a project's mcp.json may not run a command to get a value (a value starting with \"!\"); set it with ${VAR} or move the server to your own mcp.json";

export function specExpand(options: ExpandOptions): McpExpand {
  return async (spec: McpServerSpec) => {
    const runCommand: ExpandOptions['runCommand'] =
      spec.source === 'project'
        ? () => Promise.reject(new Error(PROJECT_COMMAND_REFUSED))
        : options.runCommand;
    const own = { env: options.env, runCommand };
    const { transport } = spec;
    const env = transport.kind === 'stdio' ? await expandValues(transport.env, own) : { values: {}, secrets: [] };
    const headers = transport.kind === 'http' ? await expandValues(transport.headers, own) : { values: {}, secrets: [] };
    return { env: env.values, headers: headers.values, secrets: [...env.secrets, ...headers.secrets] };
  };
}
