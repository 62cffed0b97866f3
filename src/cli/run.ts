/**
 * The `arbor` command line: picks the subcommand, parses its arguments, runs it and prints its
 * result. Every failure becomes one line on stderr and an exit code (never a stack trace):
 * 2 for bad usage or an unusable file, 1 when a command found a problem in the file.
 *
 * Everything printed passes through here, so this is where session text is made safe for a
 * terminal: text output and stderr show control characters as symbols, JSON escapes them (and
 * still parses to the exact values).
 */
import { parseArgs, type FlagSpec } from './args';
import type { Command } from './command';
import { COMMANDS } from './commands';
import { DiskError, EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, InputError, UsageError, type CliIo } from './io';
import { problemWords, SessionError, writeProblemOf } from '../core/session';
import { errorMessage } from '../core/util/errors';
import { stringifyJson } from '../core/util/jsonText';
import { terminalSafe, terminalSafeJson } from '../core/util/terminalText';

const COMMON_FLAGS: readonly FlagSpec[] = [
  { name: 'json', kind: 'boolean' },
  { name: 'help', alias: 'h', kind: 'boolean' },
];

/** Runs `arbor <argv…>` and resolves to the exit code. */
export async function runCli(argv: readonly string[], rawIo: CliIo): Promise<number> {
  // What commands write to stderr quotes file names and session text.
  const io: CliIo = { ...rawIo, err: (text) => rawIo.err(terminalSafe(text)) };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    await (name === undefined ? io.err : io.out)(helpText());
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) return fail(io, `arbor: unknown command "${name}" (commands: ${COMMANDS.map((c) => c.name).join(', ')})`);
  try {
    return await runCommand(command, rest, io);
  } catch (error) {
    if (process.env.ARBOR_DEBUG && error instanceof Error) await io.err(`${error.stack ?? error.message}\n`);
    // A disk that is full or failing is not the user's mistake: exit 1, as for a problem found.
    return fail(io, `arbor ${command.name}: ${describeError(error)}`, isWriteProblem(error) ? EXIT_PROBLEM : EXIT_USAGE);
  }
}

/** A write the system refused (a full or read-only disk, an I/O error, a file gone or replaced). */
function isWriteProblem(error: unknown): boolean {
  if (error instanceof DiskError) return true;
  if (error instanceof SessionError) return error.reason === 'write-failed';
  return !(error instanceof UsageError) && !(error instanceof InputError) && writeProblemOf(error) !== 'other' && writeProblemOf(error) !== 'gone';
}

async function runCommand(command: Command, argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, [...COMMON_FLAGS, ...command.flags]);
  if (args.flags.has('help')) {
    await io.out(commandHelp(command));
    return EXIT_OK;
  }
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new UsageError(`missing the session file (usage: ${usageLine(command)})`);
  const wanted = command.extraPositionals ?? [];
  if (extra.length < wanted.length) throw new UsageError(`missing the ${wanted[extra.length]} (usage: ${usageLine(command)})`);
  if (extra.length > wanted.length) throw new UsageError(`unexpected argument "${extra[wanted.length]}" (usage: ${usageLine(command)})`);
  const json = args.flags.has('json');
  const result = await command.run({ file, args, io, json, positionals: extra });
  if (json) await io.out(`${terminalSafeJson(stringifyJson(result.json()))}\n`);
  else await writeText((text) => io.out(result.textIsJson ? terminalSafeJson(text) : terminalSafe(text)), result.text());
  return result.exitCode ?? EXIT_OK;
}

/** Writes text given in pieces in chunks of about 1 MB: a 100 000-line listing is never one string. */
async function writeText(out: (text: string) => Promise<void>, text: string | Iterable<string>): Promise<void> {
  if (typeof text === 'string') return out(text);
  let chunk: string[] = [];
  let size = 0;
  for (const piece of text) {
    chunk.push(piece);
    size += piece.length;
    if (size < CHUNK_CHARS) continue;
    await out(chunk.join(''));
    chunk = [];
    size = 0;
  }
  if (chunk.length > 0) await out(chunk.join(''));
}

const CHUNK_CHARS = 1 << 20;

function describeError(error: unknown): string {
  if (error instanceof UsageError) return `${error.message} (see arbor --help)`;
  if (error instanceof InputError || error instanceof DiskError) return error.message;
  if (error instanceof SessionError && error.reason === 'write-failed') return `${problemWords(error.problem ?? 'other')}; nothing more was written, and the file ends at its last whole entry (${errorMessage(error.cause ?? error)})`;
  const errno = error as NodeJS.ErrnoException;
  // A failed write of an export or a repair copy: the system message names the path.
  if (errno && typeof errno.code === 'string') return errno.message;
  const message = errorMessage(error);
  return `internal error: ${message}`;
}

async function fail(io: CliIo, line: string, code: number = EXIT_USAGE): Promise<number> {
  await io.err(`${line.replace(/\s*\n\s*/g, ' ')}\n`);
  return code;
}

function usageLine(command: Command): string {
  return `arbor ${command.name} <file>${command.usage ? ` ${command.usage}` : ''} [--json]`;
}

function commandHelp(command: Command): string {
  return `${usageLine(command)}\n  ${command.summary}\n`;
}

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const rows = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'usage: arbor <command> <session.jsonl> [options]',
    '',
    'Reads pi / Arbor session files (versions 1–3). Older files are read as version 3; commands that only read leave them as they are, and those that append (run, compact, pin, hide, replace, unhide) rewrite them as version 3 first, as pi does.',
    '',
    'commands:',
    ...rows,
    '',
    'options: --json prints one JSON document; --at ID works from entry ID instead of the current position (--leaf ID is the same option); --help after a command shows its options.',
    'exit codes: 0 ok, 1 a problem found in the file, 2 bad usage or an unreadable file.',
    '',
  ].join('\n');
}
