/**
 * `env` and `headers` values as pi expands them when it starts a server. A value that starts with
 * `!` is a command (the rest of the value) whose trimmed output is the value. Any other value is a
 * template: `${NAME}` and `$NAME` are the environment variable, `$$` is a `$` and `$!` a `!`. An
 * empty variable counts as unset, and so does a command that prints nothing.
 *
 * What comes out is secret: the expanded values, and each variable and command output in them, are
 * returned as `secrets` for the connections' `redact` to take out of anything logged. Errors name the key and the
 * variable, never a value.
 */
import { errorMessage } from '../../util/errors';

export type McpValueProblem =
  | { kind: 'missing-variables'; key: string; variables: readonly string[] }
  | { kind: 'command-failed'; key: string; reason: string };

export class McpValueError extends Error {
  constructor(readonly problem: McpValueProblem) {
    super(describe(problem));
    this.name = 'McpValueError';
  }
}

function describe(problem: McpValueProblem): string {
  if (problem.kind === 'command-failed') return `the command that gives "${problem.key}" failed: ${problem.reason}`;
  const [first, ...rest] = problem.variables;
  return rest.length === 0
    ? `"${problem.key}" needs the environment variable ${first}, which is not set`
    : `"${problem.key}" needs the environment variables ${problem.variables.join(', ')}, which are not set`;
}

export interface ExpandOptions {
  env: Readonly<Record<string, string | undefined>>;
  /**
   * Runs a command line (without the `!`) in the user's shell and gives its standard output. The
   * message of its error is shown and logged: it says how the command ended, never what it printed.
   */
  runCommand: (command: string) => Promise<string>;
}

export interface Expanded {
  values: Record<string, string>;
  /** Longest first, each once: what `redact` takes out of a log line. */
  secrets: string[];
}

/**
 * Values this short are left in logs: redacting `1` or `true` would garble every line, and they
 * protect nothing.
 */
export const MIN_SECRET_CHARS = 6;

export async function expandValues(values: Readonly<Record<string, string>>, options: ExpandOptions): Promise<Expanded> {
  const expanded: [string, string][] = [];
  const secrets = new Set<string>();
  // One at a time, in the file's order: commands may prompt or lock (a keychain), and errors come out the same each time.
  for (const [key, value] of Object.entries(values)) {
    const { result, pieces } = value.startsWith('!') ? await commandValue(key, value.slice(1), options) : templateValue(key, value, options.env);
    expanded.push([key, result]);
    for (const secret of [result, ...pieces]) if (secret.length >= MIN_SECRET_CHARS) secrets.add(secret);
  }
  return { values: Object.fromEntries(expanded), secrets: [...secrets].sort((a, b) => b.length - a.length) };
}

interface ValueOf {
  result: string;
  /** The variables' values and command outputs the result is made of. */
  pieces: string[];
}

async function commandValue(key: string, command: string, options: ExpandOptions): Promise<ValueOf> {
  let output: string;
  try {
    output = (await options.runCommand(command)).trim();
  } catch (error) {
    throw new McpValueError({ kind: 'command-failed', key, reason: errorMessage(error) });
  }
  if (output === '') throw new McpValueError({ kind: 'command-failed', key, reason: 'it printed nothing' });
  return { result: output, pieces: [] };
}

type Part = { literal: string } | { variable: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A variable name where `lastIndex` says (sticky: no copy of the rest of the text per `$`). */
const NAME_AT = /[A-Za-z_][A-Za-z0-9_]*/y;

/** The template's pieces, read left to right once. */
function templateParts(template: string): Part[] {
  const parts: Part[] = [];
  const lastBrace = template.lastIndexOf('}');
  let index = 0;
  while (index < template.length) {
    const dollar = template.indexOf('$', index);
    if (dollar < 0) {
      parts.push({ literal: template.slice(index) });
      break;
    }
    parts.push({ literal: template.slice(index, dollar) });
    const next = template[dollar + 1];
    if (next === '$' || next === '!') {
      parts.push({ literal: next });
      index = dollar + 2;
    } else if (next === '{' && lastBrace > dollar + 1) {
      const end = template.indexOf('}', dollar + 2);
      const name = template.slice(dollar + 2, end);
      // `${not a name}` stays as written.
      parts.push(NAME.test(name) ? { variable: name } : { literal: template.slice(dollar, end + 1) });
      index = end + 1;
    } else {
      NAME_AT.lastIndex = dollar + 1;
      const name = NAME_AT.exec(template)?.[0];
      parts.push(name === undefined ? { literal: '$' } : { variable: name });
      index = dollar + 1 + (name?.length ?? 0);
    }
  }
  return parts;
}

function variableValue(env: ExpandOptions['env'], name: string): string | undefined {
  return Object.hasOwn(env, name) && env[name] ? env[name] : undefined;
}

/** The template with its variables' values, after checking that every one is set. */
function templateValue(key: string, template: string, env: ExpandOptions['env']): ValueOf {
  const parts = templateParts(template);
  const names = parts.flatMap((part) => ('variable' in part ? [part.variable] : []));
  const missing = [...new Set(names.filter((name) => variableValue(env, name) === undefined))];
  if (missing.length > 0) throw new McpValueError({ kind: 'missing-variables', key, variables: missing });
  const valueOf = (name: string) => variableValue(env, name) ?? '';
  return { result: parts.map((part) => ('variable' in part ? valueOf(part.variable) : part.literal)).join(''), pieces: names.map(valueOf) };
}
