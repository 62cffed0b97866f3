/**
 * `npm run bench -- mcpActivation`: three configured MCP servers add nothing to activation (issue
 * 32: the servers start once a session opens, never at activation). `require` + `activate()` of
 * the production dist/extension.js, as bundle.bench measures it (fresh Node processes, the stand-in
 * `vscode`), with pi's user `mcp.json` naming three stdio fixture servers, over the same with an
 * agent folder holding no `mcp.json`; measured in turns, the ratio of the medians of CPU time must
 * stay within 1.15 (expected about 1: activation reads neither file). Wall time is shown too: in
 * three runs on a 2-core machine at a load of 6 its ratio came out 1.02 to 1.29, the CPU's 1.02 to
 * 1.10 (noise both: the two sides run the same code on the same files).
 *
 * Each side's process gets its own pi agent folder through PI_CODING_AGENT_DIR, which Arbor reads
 * from the environment when it looks for the files (as pi does), so the stand-in harness honours it
 * unchanged. Two checks keep the ratio honest: Arbor's own reader and connections, given the same
 * folder, find and start the three servers (each appends its process id to a file as it starts:
 * the file would start them); and after every activation run no server has written its file
 * (activation started none).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { piEnvironment } from '../src/core/context/piEnvironment';
import { mcpConfigFiles, readMcpConfig, readMcpConfigFile } from '../src/core/mcp/config';
import { McpConnections } from '../src/core/mcp/connections/connections';
import { STDIO_SERVER } from '../test/support/mcpServers';
import { activateOnce, activationChild, median, type Activation } from './activation';
import { msLine, ratioLine } from './measure';

const ROOT = path.resolve(__dirname, '..');
/** Pairs of runs (none and three servers), in turns. */
const RUNS = 21;
const SERVERS = ['alpha', 'beta', 'gamma'];
const BUDGET = 1.15;

export async function run(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'arbor-bench-mcp-activation-'));
  execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: ROOT, stdio: 'inherit' });
  try {
    const none = path.join(scratch, 'agent-none');
    const three = path.join(scratch, 'agent-three');
    mkdirSync(none);
    mkdirSync(three);
    const started = (name: string): string => path.join(scratch, `${name}-started.txt`);
    const mcpServers = Object.fromEntries(SERVERS.map((name) => [name, { command: process.execPath, args: [STDIO_SERVER, JSON.stringify({ startedFile: started(name) })], exposure: 'direct' }]));
    writeFileSync(path.join(three, 'mcp.json'), JSON.stringify({ mcpServers }, null, 2));
    await serversWouldStart(three, started);

    const child = await activationChild();
    const env = (agentDir: string): NodeJS.ProcessEnv => ({ ...process.env, PI_CODING_AGENT_DIR: agentDir });
    activateOnce(child, env(none));
    const runs: [Activation[], Activation[]] = [[], []];
    // In turns, each side first in every other pair: neither always runs after the other.
    for (let i = 0; i < RUNS; i++) {
      for (const side of i % 2 === 0 ? [0, 1] : [1, 0]) runs[side as 0 | 1].push(activateOnce(child, env(side === 0 ? none : three)));
    }
    const startedAtActivation = SERVERS.filter((name) => existsSync(started(name)));
    if (startedAtActivation.length > 0) throw new Error(`activation started the MCP servers ${startedAtActivation.join(', ')}`);

    const wall = (side: Activation[]): number => median(side.map((r) => r.requireMs + r.activateMs));
    const cpu = (side: Activation[]): number => median(side.map((r) => r.cpuMs));
    console.log(`\nrequire + activate() of the production bundle, stand-in vscode (median of ${RUNS} fresh processes each, in turns):`);
    console.log(msLine('no mcp.json, wall', wall(runs[0])));
    console.log(msLine(`mcp.json naming ${SERVERS.length} stdio servers, wall`, wall(runs[1])));
    console.log(msLine('no mcp.json, CPU', cpu(runs[0])));
    console.log(msLine(`mcp.json naming ${SERVERS.length} stdio servers, CPU`, cpu(runs[1])));
    console.log(ratioLine(`Must hold: activation with ${SERVERS.length} servers / none, CPU`, cpu(runs[1]) / cpu(runs[0]), { max: BUDGET }));
    // Wall time on a shared machine mostly measures the wait for a core: shown, the fastest run's
    // ratio beside the medians' (the least disturbed of each side), judged by the CPU ratio above.
    const fastest = (side: Activation[]): number => Math.min(...side.map((r) => r.requireMs + r.activateMs));
    console.log(ratioLine(`activation with ${SERVERS.length} servers / none, wall (medians)`, wall(runs[1]) / wall(runs[0])));
    console.log(ratioLine(`activation with ${SERVERS.length} servers / none, wall (fastest runs)`, fastest(runs[1]) / fastest(runs[0])));
    console.log(`MCP servers started during the ${RUNS * 2 + 1} activations: none`);
    console.log(`load average while measuring: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
  }
}

/**
 * The control: the agent folder, read as Arbor reads it (pi's environment with PI_CODING_AGENT_DIR
 * set to it), names the three servers, and started they each write their file; the files are then
 * removed for the activation runs.
 */
async function serversWouldStart(agentDir: string, started: (name: string) => string): Promise<void> {
  const { agentDir: found } = piEnvironment({ PI_CODING_AGENT_DIR: agentDir }, os.homedir());
  const files = mcpConfigFiles({ agentDir: found, workspaceFolder: undefined, trusted: true });
  const config = await readMcpConfig({ ...files, readFile: readMcpConfigFile, sessionDir: os.tmpdir(), home: os.homedir() });
  const names = config.servers.map((spec) => spec.name);
  if (config.problems.length > 0 || names.join() !== SERVERS.join()) throw new Error(`the agent folder's mcp.json read as ${names.join(', ')} (${config.problems.map((p) => p.message).join('; ')})`);
  const connections = new McpConnections();
  try {
    connections.start(config.servers);
    await connections.waitForAll(20_000);
  } finally {
    await connections.stop();
  }
  const pids = SERVERS.map((name) => (existsSync(started(name)) ? readFileSync(started(name), 'utf8').trim() : ''));
  if (pids.some((pid) => pid === '')) throw new Error(`started directly, not every server wrote its file: ${pids.join(', ')}`);
  console.log(`control: ${files.userFile} names ${names.join(', ')}; started by McpConnections, they wrote their pids ${pids.join(', ')}`);
  for (const name of SERVERS) rmSync(started(name));
}
