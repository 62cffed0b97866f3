/**
 * `arbor run`'s MCP servers: pi's configuration read as the extension reads it (the user's
 * `mcp.json` in pi's agent folder; the project's `.pi/mcp.json` only with `--trust-project`), the
 * servers started in the background, their tools offered through the agent's tool source. Nothing
 * here stops the run: a configuration problem or a server that failed is one line on stderr, and the
 * run goes on with the servers that work. `close` stops every server (stdin closed, then its
 * process group), so none outlives the command.
 */
import { execFile } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TOOL_NAMES } from '../core/agent/tools/registry';
import { expandValues, mcpConfigFiles, readMcpConfig, readMcpConfigFile } from '../core/mcp/config';
import { McpConnections } from '../core/mcp/connections/connections';
import type { ExpandedValues, McpExpand } from '../core/mcp/connections/expand';
import type { McpServerStatus } from '../core/mcp/connections/serverConnection';
import { mcpToolSource } from '../core/mcp/tools/mcpToolSource';
import { McpTools } from '../core/mcp/tools/toolSet';
import type { McpConfigProblem, McpServerSpec } from '../core/mcp/types';
import type { CliToolSource, ExtraToolSourceOptions } from './extraToolSource';
import { cliPiEnvironment } from './piProject';

/** How many of a failed server's last stderr lines its stderr line quotes. */
const STDERR_LINES = 3;

export async function cliMcpToolSource(options: ExtraToolSourceOptions, env: NodeJS.ProcessEnv = process.env): Promise<CliToolSource | undefined> {
  const { io, root, mcp } = options;
  const files = mcpConfigFiles({ agentDir: cliPiEnvironment(env).agentDir, workspaceFolder: root, trusted: mcp.trustProject });
  // Without a configuration file, pi's MCP library is not even loaded. One that cannot be read is
  // there: the reader says why.
  const present = await Promise.all([files.userFile, files.projectFile].map((file) => (file === undefined ? false : readMcpConfigFile(file).then((text) => text !== undefined, () => true))));
  if (!present.includes(true)) return undefined;
  const config = await readMcpConfig({ ...files, readFile: readMcpConfigFile, sessionDir: root, home: os.homedir() });
  for (const problem of config.problems) await io.err(`arbor run: ${problemLine(problem)}\n`);
  const servers = config.servers.filter((server) => server.enabled);
  if (servers.length === 0) return undefined;
  const connections = new McpConnections({
    expand: cliExpand(env, mcp.trustProject),
    clientName: 'arbor-cli',
    roots: [{ uri: pathToFileURL(root).href, name: path.basename(root) }],
  });
  const reported = new Set<string>();
  const subscription = connections.onDidChange((statuses) => {
    for (const status of statuses) {
      if (status.state !== 'failed' || reported.has(status.name)) continue;
      reported.add(status.name);
      void io.err(`arbor run: ${failedLine(status)}\n`);
    }
  });
  connections.start(servers);
  // Full outputs go where bash's go in the CLI: the system's temporary folder.
  const tools = new McpTools(connections, { reservedNames: TOOL_NAMES, outputDirectory: os.tmpdir() });
  return {
    ...mcpToolSource(connections, tools),
    close: async () => {
      await connections.stop();
      subscription.dispose();
    },
  };
}

const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * The source, closed also when the process is told to end (Ctrl-C, a closed terminal): the
 * servers run in process groups of their own, which the terminal's signal does not reach, so they
 * are stopped first, and then the signal is raised again to end the process as it would have.
 */
export function closedOnSignals(source: CliToolSource): CliToolSource {
  const remove = (): void => {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    remove();
    void (source.close?.() ?? Promise.resolve()).finally(() => process.kill(process.pid, signal));
  }
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return {
    ...source,
    close: async () => {
      remove();
      await source.close?.();
    },
  };
}

/** One configuration problem: the file, the server (when one entry is at fault) and what is wrong. */
export function problemLine(problem: McpConfigProblem): string {
  const { file, server, message } = problem;
  // Most messages already start with the server's name.
  const named = server === undefined || message.includes(`server "${server}"`) ? message : `server "${server}": ${message}`;
  return `${file}: ${named.replace(/\s*\n\s*/g, ' ')}`;
}

/** A server that could not start or dropped for good: its error and the tail of its stderr. */
export function failedLine(status: McpServerStatus): string {
  const tail = status.stderrTail.slice(-STDERR_LINES).join(' | ');
  return `MCP server "${status.name}" failed: ${status.error ?? 'no reason given'}${tail === '' ? '' : ` (its stderr: ${tail})`}`.replace(/\s*\n\s*/g, ' ');
}

/**
 * `${VAR}` from the process's environment; `!command` through `/bin/sh -c`, for the user's entries
 * only: a project's file is someone else's text, so its commands run only with `--trust-project`.
 */
function cliExpand(env: NodeJS.ProcessEnv, trustProject: boolean): McpExpand {
  return async (spec: McpServerSpec): Promise<ExpandedValues> => {
    const runCommand = spec.source === 'project' && !trustProject ? refuseCommand : runShellCommand;
    const { transport } = spec;
    const expanded = await expandValues(transport.kind === 'stdio' ? transport.env : transport.headers, { env, runCommand });
    return {
      env: transport.kind === 'stdio' ? expanded.values : {},
      headers: transport.kind === 'http' ? expanded.values : {},
      secrets: expanded.secrets,
    };
  };
}

async function refuseCommand(): Promise<string> {
  throw new Error('a project entry runs no command without --trust-project');
}

function runShellCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', ['-c', command], { encoding: 'utf8', maxBuffer: 1024 * 1024 }, (error, stdout) => {
      // How it ended, never what it printed (the output may be the secret).
      if (error) reject(new Error(error.code === undefined ? 'it could not run' : `it exited with code ${String(error.code)}`));
      else resolve(stdout);
    });
  });
}
