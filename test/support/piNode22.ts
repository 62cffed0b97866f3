/**
 * pi 1.6.0's functions that need Node >= 22.19 — its settings manager, its resource loader (context
 * files, SYSTEM.md) and its agent session — asked in a child process running such a Node, with
 * this process's environment (PI_CODING_AGENT_DIR and the like). The answers come back as JSON.
 *
 * Which Node: this one when it is new enough, else the Node 24 the test harness provisions
 * (`scripts/provision.ts`, which `npm test` runs before the unit tests). With neither, the call
 * fails and says so: these tests are never skipped.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { nodeBin } from '../../scripts/lib/paths';
import { PI_PACKAGE_DIR } from './pi';

const MINIMUM: readonly [number, number] = [22, 19];

/** True for a Node version (`v22.19.0`) at or above the one pi needs. */
export function isRecentEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

/** The Node binary to run pi's newer modules with. Throws, in plain words, when there is none. */
export function piNodeBinary(): string {
  if (isRecentEnough(process.version)) return process.execPath;
  if (existsSync(nodeBin)) return nodeBin;
  throw new Error(
    `pi 1.6.0's settings manager and resource loader need Node >= ${MINIMUM.join('.')}; this is Node ${process.version}, and the Node 24 the test harness provisions is not at ${nodeBin}. ` +
      'Run `node --import tsx scripts/provision.ts` once (npm test does it first), or run the tests on Node >= 22.19.',
  );
}

/** What the child can be asked; each answer is plain data. */
export type PiNode22Call =
  | { call: 'settings'; cwd: string; agentDir: string }
  | { call: 'contextFiles'; cwd: string; agentDir: string }
  | { call: 'resources'; cwd: string; agentDir: string; noContextFiles?: boolean }
  | { call: 'agentSystemPrompt'; cwd: string; agentDir: string };

export interface PiSettingsAnswer {
  compaction: { enabled: boolean; reserveTokens: number; keepRecentTokens: number };
  branchSummary: { reserveTokens: number };
  /** The scopes (`global`, `project`) whose file pi could not use. */
  errors: string[];
  global: Record<string, unknown>;
  project: Record<string, unknown>;
  sessionDir: string | undefined;
}

export interface PiResourcesAnswer {
  systemPrompt: string | undefined;
  appendSystemPrompt: string[];
  agentsFiles: { path: string; content: string }[];
}

const SCRIPT = `
const root = await import(process.env.ARBOR_PI_URL);
const a = JSON.parse(process.env.ARBOR_PI_CALL);
let out;
if (a.call === 'settings') {
  const manager = root.SettingsManager.create(a.cwd, a.agentDir);
  out = {
    compaction: manager.getCompactionSettings(),
    branchSummary: manager.getBranchSummarySettings(),
    errors: manager.drainErrors().map((error) => error.scope),
    global: manager.getGlobalSettings(),
    project: manager.getProjectSettings(),
    sessionDir: manager.getSessionDir(),
  };
} else if (a.call === 'contextFiles') {
  out = root.loadProjectContextFiles({ cwd: a.cwd, agentDir: a.agentDir });
} else if (a.call === 'resources') {
  const loader = new root.DefaultResourceLoader({ cwd: a.cwd, agentDir: a.agentDir, ...(a.noContextFiles ? { noContextFiles: true } : {}) });
  await loader.reload();
  out = { systemPrompt: loader.getSystemPrompt(), appendSystemPrompt: loader.getAppendSystemPrompt(), agentsFiles: loader.getAgentsFiles().agentsFiles };
} else if (a.call === 'agentSystemPrompt') {
  const loader = new root.DefaultResourceLoader({ cwd: a.cwd, agentDir: a.agentDir });
  await loader.reload();
  const { session } = await root.createAgentSession({ cwd: a.cwd, agentDir: a.agentDir, sessionManager: root.SessionManager.inMemory(a.cwd), resourceLoader: loader });
  out = session.systemPrompt;
} else {
  throw new Error('unknown call ' + a.call);
}
process.stdout.write(JSON.stringify(out ?? null));
process.exit(0);
`;

/** Asks pi (the package root, in a child Node >= 22.19) and returns its answer. */
export function askPiNode22(call: Extract<PiNode22Call, { call: 'settings' }>): Promise<PiSettingsAnswer>;
export function askPiNode22(call: Extract<PiNode22Call, { call: 'contextFiles' }>): Promise<{ path: string; content: string }[]>;
export function askPiNode22(call: Extract<PiNode22Call, { call: 'resources' }>): Promise<PiResourcesAnswer>;
export function askPiNode22(call: Extract<PiNode22Call, { call: 'agentSystemPrompt' }>): Promise<string>;
export function askPiNode22(call: PiNode22Call): Promise<unknown> {
  const node = piNodeBinary();
  const url = pathToFileURL(path.join(PI_PACKAGE_DIR, 'dist', 'index.js')).href;
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['--input-type=module', '-e', SCRIPT], {
      env: { ...process.env, ARBOR_PI_URL: url, ARBOR_PI_CALL: JSON.stringify(call) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`pi (the oracle, under ${node}) failed with exit code ${code}: ${stderr.trim()}`));
      else resolve(JSON.parse(stdout));
    });
  });
}
