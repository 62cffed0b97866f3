/**
 * The shape every subcommand has: its flags, and a `run` that returns one result which the
 * runner prints either as a single JSON document (`--json`) or as text for people.
 */
import type { FlagSpec, ParsedArgs } from './args';
import type { CliIo } from './io';

export interface CommandInput {
  /** The session file (the first positional argument). */
  file: string;
  args: ParsedArgs;
  io: CliIo;
  json: boolean;
  /** The positional arguments after the file (as many as the command's `extraPositionals`). */
  positionals: string[];
}

export interface CommandResult {
  /** 0 unless the command found a problem in the file (1). */
  exitCode?: number;
  /** The `--json` document; built only when it is printed. */
  json: () => unknown;
  /** The human-readable rendering, whole or as successive pieces; built only when it is printed. */
  text: () => string | Iterable<string>;
  /** The text is JSON (a JSONL export): terminal controls in it are escaped as JSON, not shown as symbols. */
  textIsJson?: boolean;
}

export interface Command {
  name: string;
  /** Arguments after `arbor <name> <file>`, for the help text. */
  usage: string;
  summary: string;
  flags: readonly FlagSpec[];
  /** Names of required positional arguments after the file (e.g. `run`'s prompt). */
  extraPositionals?: readonly string[];
  run(input: CommandInput): Promise<CommandResult>;
}

/** The entry a command works from: `--at ID`; `--leaf ID`, its first name, still works. */
export const LEAF_FLAG: FlagSpec = { name: 'at', longAliases: ['leaf'], kind: 'string', value: 'ID' };
export const ESTIMATOR_FLAG: FlagSpec = { name: 'estimator', kind: 'string', value: 'pi|tokenizer' };
