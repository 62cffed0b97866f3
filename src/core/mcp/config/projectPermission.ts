/**
 * A project's MCP server starts only after the user allowed it, shown exactly what it would run:
 * the command line or the URL. The answer is remembered for that workspace folder, that server name
 * and that transport; a changed command line, argument, `env`, `cwd`, URL or header asks again (the
 * key holds a hash of the whole transport as written, never its values).
 */
import { createHash } from 'node:crypto';
import type { McpServerSpec, McpTransportSpec } from '../types';

/** What the permission is remembered under. */
export function projectServerKey(workspaceFolder: string, spec: Pick<McpServerSpec, 'name' | 'transport'>): string {
  const hash = createHash('sha256').update(JSON.stringify(canonical(spec.transport))).digest('hex');
  return `mcp.projectServer:${JSON.stringify([workspaceFolder, spec.name, hash])}`;
}

/** The transport with its maps' keys sorted, so the order they were written in changes nothing. */
function canonical(transport: McpTransportSpec): unknown {
  const sorted = (values: Readonly<Record<string, string>>): [string, string][] => Object.entries(values).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (transport.kind === 'http') return ['http', transport.url, sorted(transport.headers), transport.oauth ?? null];
  return ['stdio', transport.command, transport.args, sorted(transport.env), transport.cwd ?? null];
}

/**
 * What the question shows: the command line (each word quoted when it needs to be, so a space
 * inside an argument is seen) with its folder and the variables it sets, or the URL and its
 * headers. Values are shown as the project's file writes them, before `${VAR}` is expanded: a
 * variable such as `NODE_OPTIONS` changes what the command runs, so its value must be seen, and a
 * project's file holds no secret of the user's (a reference to one is shown by its name).
 */
export function describeTransport(transport: McpTransportSpec): string {
  if (transport.kind === 'http') {
    const headers = Object.entries(transport.headers).map(([name, value]) => `${name}: ${value}`);
    return [`URL: ${transport.url}`, ...(headers.length > 0 ? ['Headers:', ...headers.map((line) => `  ${line}`)] : [])].join('\n');
  }
  const env = Object.entries(transport.env).map(([name, value]) => `${name}=${shellWord(value)}`);
  return [
    `Command: ${[transport.command, ...transport.args].map(shellWord).join(' ')}`,
    ...(transport.cwd === undefined ? [] : [`In folder: ${transport.cwd}`]),
    ...(env.length > 0 ? ['Environment:', ...env.map((line) => `  ${line}`)] : []),
  ].join('\n');
}

/** A word as a POSIX shell would need it written: as it is when plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The specs split into those that may start now and the project ones still waiting for the user. */
export function partitionByPermission(specs: readonly McpServerSpec[], allowed: (spec: McpServerSpec) => boolean): { ready: McpServerSpec[]; waiting: McpServerSpec[] } {
  const ready: McpServerSpec[] = [];
  const waiting: McpServerSpec[] = [];
  for (const spec of specs) (spec.source !== 'project' || !spec.enabled || allowed(spec) ? ready : waiting).push(spec);
  return { ready, waiting };
}
