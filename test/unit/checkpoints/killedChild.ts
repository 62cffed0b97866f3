/**
 * The built `arbor` CLI as a child that a kill test freezes at a named stop point
 * (`ARBOR_TEST_STOP_AT`, see src/core/util/stopPoints.ts) and then kills with SIGKILL: the process
 * dies exactly there, as a window closed or a machine turned off mid-step would leave things.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cliBundle } from '../cli/runArbor';

/** How long a child may take to reach its stop point (start-up, git runs) before the test fails. */
const STOP_WAIT_MS = 30_000;
const POLL_MS = 20;

/** The process's state letter from /proc (`T`: stopped), or undefined once it is gone. */
function processState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: the state follows the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

export interface KilledRun {
  /** What the child wrote before it was stopped. */
  stdout: string;
  stderr: string;
}

/**
 * Runs `arbor <argv>` in `cwd` with `ARBOR_TEST_STOP_AT=<stopAt>`, waits (bounded) until it has
 * stopped itself there, kills it with SIGKILL and waits for it to be gone. Rejects when the child
 * ends without reaching the point, or does not reach it in time.
 */
export async function killedAt(stopAt: string, cwd: string, env: Record<string, string>, ...argv: string[]): Promise<KilledRun> {
  const cli = await cliBundle();
  const child = spawn(process.execPath, [cli, ...argv], { cwd, env: { PATH: process.env.PATH ?? '', ...env, ARBOR_TEST_STOP_AT: stopAt } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let exited: number | null | undefined;
  void closed.then((code) => (exited = code));
  const pid = child.pid!;
  const deadline = Date.now() + STOP_WAIT_MS;
  while (processState(pid) !== 'T') {
    if (exited !== undefined) throw new Error(`arbor ${argv[0]} ended (exit ${exited}) without reaching ${stopAt}: ${stderr}${stdout}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await closed;
      throw new Error(`arbor ${argv[0]} did not reach ${stopAt} within ${STOP_WAIT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  child.kill('SIGKILL');
  await closed;
  return { stdout, stderr };
}

/** `count` distinct stop points among 1..`of`, the same ones on every run (a fixed seed). */
export function seededPoints(seed: number, of: number, count: number): number[] {
  let state = seed >>> 0;
  const next = (): number => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const points = new Set<number>();
  while (points.size < Math.min(count, of)) points.add(1 + Math.floor(next() * of));
  return [...points].sort((a, b) => a - b);
}
