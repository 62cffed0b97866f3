// pi 1.6.0 as the oracle inside the extension host: pi is an ES module the suites' bundle does not
// hold, so it runs in a child Node process (the extension host's own Node), with this process's
// environment (PI_CODING_AGENT_DIR: the run's pi agent folder). The launcher names pi's package
// folder in ARBOR_PI_PACKAGE. Only pi's public exports are used.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

export const PI_PACKAGE_ENV = 'ARBOR_PI_PACKAGE';

type Call =
  | { call: 'contextFiles'; cwd: string; agentDir: string }
  | { call: 'sessionDir'; cwd: string }
  | { call: 'list'; cwd: string; dir?: string };

const SCRIPT = `
const pi = await import(process.env.ARBOR_PI_URL);
const a = JSON.parse(process.env.ARBOR_PI_CALL);
let out;
if (a.call === 'contextFiles') out = pi.loadProjectContextFiles({ cwd: a.cwd, agentDir: a.agentDir });
else if (a.call === 'sessionDir') out = pi.SessionManager.create(a.cwd).getSessionDir();
else out = (await pi.SessionManager.list(a.cwd, a.dir)).map((info) => info.path);
process.stdout.write(JSON.stringify(out));
`;

function ask<T>(call: Call): T {
  const dir = process.env[PI_PACKAGE_ENV];
  if (!dir) throw new Error(`${PI_PACKAGE_ENV} is not set: the launcher must name pi's package folder, or pi cannot be asked`);
  const url = pathToFileURL(path.join(dir, 'dist', 'index.js')).href;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ARBOR_PI_URL: url, ARBOR_PI_CALL: JSON.stringify(call) },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) throw new Error(`pi (the oracle) failed: ${result.error?.message ?? result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/** pi's `loadProjectContextFiles`: the context files, in its order, with their contents. */
export function piContextFiles(cwd: string, agentDir: string): { path: string; content: string }[] {
  return ask({ call: 'contextFiles', cwd, agentDir });
}

/** The folder pi's SessionManager puts a new session of `cwd` in. */
export function piSessionDir(cwd: string): string {
  return ask({ call: 'sessionDir', cwd });
}

/** The session files pi's `SessionManager.list` finds for `cwd` (in `dir`, as pi's `sessionDir` setting makes it look). */
export function piListSessions(cwd: string, dir?: string): string[] {
  return ask({ call: 'list', cwd, ...(dir ? { dir } : {}) });
}
