/**
 * A small argument parser: positionals, `--name value`, `--name=value`, boolean `--name`, short
 * aliases (`-o out`), other long names of a flag (`--leaf` for `--at`) and `--` to end options.
 * Anything it does not know is a usage error, so a typo never silently becomes a default.
 */
import { UsageError } from './io';

export interface FlagSpec {
  name: string;
  /** One-letter alias, without the dash. */
  alias?: string;
  /** Other long names for the same flag (an older name kept working); the value is stored under `name`. */
  longAliases?: readonly string[];
  kind: 'string' | 'boolean';
  /** Shown in the help text, e.g. `ID`. */
  value?: string;
}

export interface ParsedArgs {
  positionals: string[];
  /** Given flags by name: the string value, or true for booleans. */
  flags: ReadonlyMap<string, string | true>;
}

export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[]): ParsedArgs {
  const byName = new Map(specs.flatMap((spec) => [spec.name, ...(spec.longAliases ?? [])].map((name) => [name, spec] as const)));
  const byAlias = new Map(specs.filter((spec) => spec.alias).map((spec) => [spec.alias!, spec]));
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const flag = splitFlag(arg);
    if (!flag) {
      positionals.push(arg);
      continue;
    }
    const spec = flag.long ? byName.get(flag.name) : byAlias.get(flag.name);
    if (!spec) throw new UsageError(`unknown option ${arg.split('=')[0]}`);
    if (flags.has(spec.name)) throw new UsageError(`option --${spec.name} given twice${sameOption(spec)}`);
    if (spec.kind === 'boolean') {
      if (flag.inline !== undefined) throw new UsageError(`option --${spec.name} takes no value`);
      flags.set(spec.name, true);
      continue;
    }
    const value = flag.inline ?? argv[++i];
    if (value === undefined || (flag.inline === undefined && isFlagLike(value))) {
      throw new UsageError(`option --${flag.long ? flag.name : spec.name} needs a value${spec.value ? ` (${spec.value})` : ''}`);
    }
    flags.set(spec.name, value);
  }
  return { positionals, flags };
}

/** The value of a string flag, if given. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const value = args.flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

export function requiredFlag(args: ParsedArgs, name: string): string {
  const value = stringFlag(args, name);
  if (value === undefined) throw new UsageError(`option --${name} is required`);
  return value;
}

/** A non-negative integer flag (token budgets). */
export function integerFlag(args: ParsedArgs, name: string): number | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`option --${name} needs a whole number of tokens, got "${value}"`);
  }
  return Number(value);
}

/** A flag restricted to a few values. */
export function choiceFlag<T extends string>(args: ParsedArgs, name: string, choices: readonly T[]): T | undefined {
  const value = stringFlag(args, name);
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`option --${name} must be one of ${choices.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function splitFlag(arg: string): { long: boolean; name: string; inline: string | undefined } | undefined {
  if (arg.startsWith('--') && arg.length > 2) {
    const eq = arg.indexOf('=');
    return eq === -1 ? { long: true, name: arg.slice(2), inline: undefined } : { long: true, name: arg.slice(2, eq), inline: arg.slice(eq + 1) };
  }
  // A lone "-" is a positional (conventionally stdin/stdout); so is a negative number.
  if (arg.startsWith('-') && arg.length === 2 && !/\d/.test(arg[1]!)) return { long: false, name: arg.slice(1), inline: undefined };
  if (arg.startsWith('-') && arg.length > 2 && !/^-\d/.test(arg)) {
    throw new UsageError(`unknown option ${arg} (long options take two dashes)`);
  }
  return undefined;
}

/** For a flag with other long names: says they are one option (`--at a --leaf b` is given twice). */
function sameOption(spec: FlagSpec): string {
  const others = spec.longAliases ?? [];
  return others.length === 0 ? '' : ` (${others.map((name) => `--${name}`).join(', ')} ${others.length === 1 ? 'is' : 'are'} the same option)`;
}

function isFlagLike(value: string): boolean {
  return value.startsWith('--') && value.length > 2;
}
