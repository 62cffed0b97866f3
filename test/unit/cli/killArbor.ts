/**
 * Kill tests' side of a child `arbor`: freeze it at a named stop point (`ARBOR_TEST_STOP_AT`, see
 * src/core/util/stopPoints.ts) and SIGKILL it there, or SIGKILL it a moment after its start.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startArborChild, type CliRun } from './runArbor';

/** How long a child may take to reach its stop point (its start and the model's replies included). */
const STOP_WAIT_MS = 30_000;

/** The process's state letter (`T`: stopped by a signal), or undefined once it is gone. */
function processState(pid: number): string | undefined {
  if (existsSync('/proc/self/stat')) {
    try {
      // `pid (comm) S …`: the name may hold spaces and parentheses, the state follows the last `)`.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    } catch {
      return undefined;
    }
  }
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim().slice(0, 1) || undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `arbor argv…` with `ARBOR_TEST_STOP_AT=stopAt`, waits until it froze itself there, and
 * SIGKILLs it. Throws when it ended by itself or did not stop in time (its output says why).
 */
export async function arborKilledAt(cwd: string, env: Record<string, string>, stopAt: string, ...argv: string[]): Promise<void> {
  const child = await startArborChild(cwd, { ...env, ARBOR_TEST_STOP_AT: stopAt }, ...argv);
  let ended: (CliRun & { signal: NodeJS.Signals | null }) | undefined;
  void child.done.then((run) => (ended = run));
  const deadline = Date.now() + STOP_WAIT_MS;
  while (processState(child.pid) !== 'T') {
    if (ended) throw new Error(`arbor ${argv[0]} ended before ${stopAt} (exit ${ended.code}): ${ended.stderr}${ended.stdout}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await child.done;
      throw new Error(`arbor ${argv[0]} did not stop at ${stopAt} within ${STOP_WAIT_MS} ms`);
    }
    await sleep(5);
  }
  child.kill('SIGKILL');
  const end = await child.done;
  if (end.signal !== 'SIGKILL') throw new Error(`arbor ${argv[0]} ended by ${end.signal ?? `exit ${end.code}`}, not SIGKILL`);
}

/**
 * Runs `arbor argv…` and SIGKILLs it `ms` after its start, wherever it is then; its output when it
 * ended by itself first (the moment fell after its end).
 */
export async function arborKilledAfter(cwd: string, env: Record<string, string>, ms: number, ...argv: string[]): Promise<'killed' | CliRun> {
  const child = await startArborChild(cwd, env, ...argv);
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const end = await child.done.finally(() => clearTimeout(timer));
  return end.signal === 'SIGKILL' ? 'killed' : end;
}
