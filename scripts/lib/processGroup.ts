// Child processes that run in their own process group, and the guarantee that they end with us.
// code-server starts helpers of its own (its watcher, the extension host, ...); killing the whole
// group by its id is the only way to be sure none of them outlives a test run.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';

export interface GroupProcess {
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code (or null when killed by a signal). */
  readonly exited: Promise<number | null>;
  /** SIGTERM to the group, then SIGKILL to whatever is left after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnGroupOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** stdout and stderr go here (appended). Without it they are inherited. */
  logFile?: string;
}

const liveGroups = new Set<number>();
const cleanups = new Set<() => Promise<void> | void>();
let handlersInstalled = false;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Whether any process of the group is still running (zombies, already dead, do not count). Linux /proc. */
function groupHasLiveMembers(pgid: number): boolean {
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so split after its last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

export function spawnGroup(command: string, args: string[], options: SpawnGroupOptions): GroupProcess {
  installExitHandlers();
  const log = options.logFile === undefined ? undefined : fs.openSync(options.logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: log === undefined ? 'inherit' : ['ignore', log, log],
  });
  if (log !== undefined) fs.closeSync(log);
  if (child.pid === undefined) throw new Error(`Could not start ${command}`);
  const pid = child.pid;
  liveGroups.add(pid);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
  const stop = async (graceMs = 5000): Promise<void> => {
    if (!liveGroups.has(pid)) return;
    signalGroup(pid, 'SIGTERM');
    // Wait for the whole group, not only its leader: the others may still be cleaning up.
    const deadline = Date.now() + graceMs;
    while (groupHasLiveMembers(pid) && Date.now() < deadline) await delay(100);
    signalGroup(pid, 'SIGKILL');
    liveGroups.delete(pid);
  };
  return { pid, child, exited, stop };
}

/** Registers async work (closing a browser, stopping a server) to run on Ctrl-C or SIGTERM. */
export function onInterrupt(cleanup: () => Promise<void> | void): { dispose(): void } {
  installExitHandlers();
  cleanups.add(cleanup);
  return { dispose: () => cleanups.delete(cleanup) };
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function installExitHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Last line of defence, synchronous: whatever way this process ends, its groups end too.
  process.on('exit', () => {
    for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
  });
  const onSignal = (signal: NodeJS.Signals, code: number) => {
    process.stderr.write(`\nReceived ${signal}: stopping child processes...\n`);
    for (const pid of liveGroups) signalGroup(pid, 'SIGTERM');
    // Longer than stop()'s default grace, so a server that takes it still gets its folders removed.
    const work = [...cleanups].map(async (cleanup) => cleanup());
    void Promise.race([Promise.allSettled(work), delay(10_000)]).then(() => process.exit(code));
  };
  process.once('SIGINT', () => onSignal('SIGINT', 130));
  process.once('SIGTERM', () => onSignal('SIGTERM', 143));
  process.once('SIGHUP', () => onSignal('SIGHUP', 129));
}
