/**
 * `bash`: runs a command in the workspace root with a shell in its own process group, so a
 * timeout or an abort ends the command and everything it started. Output (stdout and stderr as
 * they interleave) is kept in bounded memory: the model sees the tail, and a longer output is saved
 * whole to a file named in the result. A non-zero exit is an error result, as in pi. The command
 * gets Arbor's environment without the model credentials in it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import { withoutCredentials } from '../../llm/credentials';
import type { Json } from '../../session';
import { optionalPositiveNumber, requiredString } from './args';
import { argumentsSchema, defineTool, param, type ToolArgs, ToolFailure } from './define';
import { OutputTail, type OutputSnapshot } from './outputTail';
import type { Tool, ToolContext, ToolResult } from './tool';
import { formatSize } from '../../util/byteSize';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, truncationDetails } from '../../workspace/truncate';

export interface BashToolOptions {
  /** Folder for full-output files (default: the system temp folder). */
  outputDirectory?: string;
  /** How long a command has to exit after SIGTERM before the group gets SIGKILL (default 2000). */
  killGraceMs?: number;
  /** How often streamed output is passed to `onUpdate` at most (default 100). */
  updateIntervalMs?: number;
  maxLines?: number;
  maxBytes?: number;
}

/**
 * After the shell exits, how long its output pipes may stay quiet before we stop waiting for them to
 * close (a background child may hold them open). Quiet means no data and no pipe paused while the
 * full-output file catches up: under load what is left in the pipes can take longer than this to
 * read, and giving up then would lose the end of the output.
 */
const PIPE_QUIET_MS = 100;
/** However busy the pipes stay after the shell exits (a background child writing on), stop waiting after this. */
const PIPE_MAX_WAIT_MS = 10_000;

/** Whether the output pipes are still delivering: a chunk read, or a pipe paused for the file to drain. */
class PipeActivity {
  private paused = 0;
  private listener: (() => void) | undefined;

  get busy(): boolean {
    return this.paused > 0;
  }

  touched(): void {
    this.listener?.();
  }

  pause(): void {
    this.paused++;
    this.touched();
  }

  resume(): void {
    this.paused--;
    this.touched();
  }

  onTouch(listener: () => void): void {
    this.listener = listener;
  }
}

type Ending =
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'timeout'; seconds: number }
  | { kind: 'aborted' }
  | { kind: 'spawn-error'; error: Error };

export function createBashTool(options: BashToolOptions = {}): Tool {
  return defineTool({
    spec: {
      name: 'bash',
      description:
        `Run a shell command (bash) in the workspace folder and get its combined stdout and stderr. ` +
        `Long output keeps its last ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB, whichever is smaller; ` +
        `the full output is then saved to a file whose path is given. A timeout in seconds is optional.`,
      inputSchema: argumentsSchema(
        {
          command: param('string', 'The command to run'),
          timeout: param('number', 'Seconds before the command is stopped (optional; no limit by default)'),
        },
        ['command'],
      ),
    },
    needsApproval: true,
    run: (args, context) => runBash(args, context, options),
  });
}

async function runBash(args: ToolArgs, context: ToolContext, options: BashToolOptions): Promise<ToolResult> {
  const command = requiredString(args, 'command');
  const timeout = optionalPositiveNumber(args, 'timeout');
  if (!existsSync(context.root)) throw new ToolFailure(`The workspace folder ${context.root} does not exist; the command was not run.`);
  const output = new OutputTail({
    directory: options.outputDirectory ?? os.tmpdir(),
    prefix: 'arbor-bash',
    ...(options.maxLines !== undefined && { maxLines: options.maxLines }),
    ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }),
  });
  const child = spawn(shell(), ['-c', command], {
    cwd: context.root,
    env: withoutCredentials(process.env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const updates = throttledUpdates(output, context, options.updateIntervalMs ?? 100);
  const activity = new PipeActivity();
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      activity.touched();
      if (!output.append(chunk)) {
        stream.pause();
        activity.pause();
        void output.drained().then(() => {
          activity.resume();
          stream.resume();
        });
      }
      updates.schedule();
    });
  }
  const ending = await waitForEnd(child, context.signal, timeout, options.killGraceMs ?? 2000, activity);
  updates.stop();
  const fileError = await output.close();
  return finalResult(output.snapshot(), ending, fileError);
}

function shell(): string {
  return existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh';
}

/**
 * Resolves when the shell has exited (or could not start). A timeout or an abort sends SIGTERM to
 * the whole group, then SIGKILL once the shell is gone or the grace time is over, so children that
 * ignore SIGTERM do not outlive the call.
 */
function waitForEnd(child: ChildProcess, signal: AbortSignal, timeout: number | undefined, graceMs: number, activity: PipeActivity): Promise<Ending> {
  return new Promise((resolve) => {
    let stopping: Ending | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    const stop = (why: Ending) => {
      if (stopping) return;
      stopping = why;
      killGroup(child, 'SIGTERM');
      graceTimer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    };
    const onAbort = () => stop({ kind: 'aborted' });
    const timer = timeout === undefined ? undefined : setTimeout(() => stop({ kind: 'timeout', seconds: timeout }), timeout * 1000);
    signal.addEventListener('abort', onAbort, { once: true });
    let done = false;
    const finish = (result: Ending) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      signal.removeEventListener('abort', onAbort);
      if (stopping) killGroup(child, 'SIGKILL');
      resolve(stopping ?? result);
    };
    child.once('error', (error) => finish({ kind: 'spawn-error', error }));
    child.once('exit', (code, exitSignal) => {
      // Let the pipes deliver what is left, but do not wait on a background child holding them open.
      const ending: Ending = { kind: 'exit', code, signal: exitSignal };
      let quietTimer: NodeJS.Timeout | undefined;
      const giveUp = () => {
        clearTimeout(quietTimer);
        clearTimeout(maxTimer);
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish(ending);
      };
      const maxTimer = setTimeout(giveUp, PIPE_MAX_WAIT_MS);
      const rearm = () => {
        clearTimeout(quietTimer);
        quietTimer = activity.busy ? undefined : setTimeout(giveUp, PIPE_QUIET_MS);
      };
      activity.onTouch(rearm);
      rearm();
      child.once('close', () => {
        clearTimeout(quietTimer);
        clearTimeout(maxTimer);
        finish(ending);
      });
    });
    if (signal.aborted) onAbort();
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Passes the output so far to `onUpdate` at most once per interval (a timer, not the clock). */
function throttledUpdates(output: OutputTail, context: ToolContext, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  return {
    schedule() {
      if (!context.onUpdate || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        const { text, details } = describeOutput(output.snapshot(), '');
        context.onUpdate?.({ content: [{ type: 'text', text }], isError: false, ...(details !== undefined && { details }) });
      }, intervalMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

function finalResult(snapshot: OutputSnapshot, ending: Ending, fileError: Error | undefined): ToolResult {
  const { text, details } = describeOutput(snapshot, ending.kind === 'exit' && ending.code === 0 ? '(no output)' : '');
  const status = statusLine(ending);
  const notes = [status, fileError && `The full output could not be saved: ${fileError.message}`].filter((note) => note);
  const body = [text, ...notes].filter((part) => part).join('\n\n');
  const exitCode = ending.kind === 'exit' ? ending.code : null;
  const allDetails: { [key: string]: Json } = { ...details, exitCode };
  const isError = !(ending.kind === 'exit' && ending.code === 0);
  return { content: [{ type: 'text', text: body }], details: allDetails, isError };
}

function statusLine(ending: Ending): string | undefined {
  switch (ending.kind) {
    case 'exit':
      if (ending.code === 0) return undefined;
      return ending.code === null ? `Command was killed by signal ${ending.signal ?? 'unknown'}` : `Command exited with code ${ending.code}`;
    case 'timeout':
      return `Command timed out after ${ending.seconds} seconds and was stopped`;
    case 'aborted':
      return 'Command aborted';
    case 'spawn-error':
      return `Command could not be started: ${ending.error.message}`;
  }
}

/** The kept output plus, when it was cut, which lines are shown and where the rest is. */
function describeOutput(snapshot: OutputSnapshot, emptyText: string): { text: string; details?: { [key: string]: Json } } {
  const { truncation, fullOutputPath } = snapshot;
  const text = truncation.content || emptyText;
  if (!truncation.truncated) return { text };
  const details: { [key: string]: Json } = { truncation: truncationDetails(truncation), ...(fullOutputPath !== undefined && { fullOutputPath }) };
  const where = fullOutputPath === undefined ? '' : ` Full output: ${fullOutputPath}`;
  const first = truncation.totalLines - truncation.outputLines + 1;
  const notice = truncation.lastLinePartial
    ? `[Only the last ${formatSize(truncation.outputBytes)} of line ${truncation.totalLines} are shown.${where}]`
    : `[Lines ${first}-${truncation.totalLines} of ${truncation.totalLines} shown (limit ${truncation.truncatedBy === 'lines' ? `${truncation.maxLines} lines` : formatSize(truncation.maxBytes)}).${where}]`;
  return { text: `${text}\n\n${notice}`, details };
}
