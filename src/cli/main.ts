/**
 * Entry point of `dist/cli.js` (the `arbor` bin): wires the real process streams to `runCli`.
 * The exit code is set, not forced, so a large output is flushed before the process ends.
 */
import { runCli } from './run';
import type { CliIo } from './io';
import { createExtraToolSource } from './extraToolSource';
import { errorMessage } from '../core/util/errors';
import { stopPointsFrom } from '../core/util/stopPoints';

function streamWriter(stream: NodeJS.WriteStream): (text: string) => Promise<void> {
  return (text) =>
    new Promise((resolve) => {
      // A closed pipe (`arbor tree big.jsonl | head`) is not an error worth a stack trace.
      stream.write(text, () => resolve());
    });
}

const io: CliIo = {
  out: streamWriter(process.stdout),
  err: streamWriter(process.stderr),
  now: () => new Date(),
  // Only a kill test sets this variable: the process then freezes itself at the named point.
  stopPoints: stopPointsFrom(process.env.ARBOR_TEST_STOP_AT, () => process.kill(process.pid, 'SIGSTOP')),
  // `arbor run`'s MCP servers (none until the hook returns the connections).
  createExtraToolSource,
};

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
});

runCli(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`arbor: internal error: ${errorMessage(error)}\n`);
    process.exitCode = 2;
  },
);
