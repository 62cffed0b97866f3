/**
 * The fixture MCP servers (real servers written with the official SDK) and the server specs that
 * reach them: a stdio script run with plain `node`, a launcher in front of it as `npx` would be,
 * and a streamable-HTTP server on 127.0.0.1 started in the test's process.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolContext, ToolResult } from '../../../src/core/agent/tools/tool';
import type { McpConnections } from '../../../src/core/mcp/connections/connections';
import type { McpServerStatus } from '../../../src/core/mcp/connections/serverConnection';
import type { McpExposure, McpServerSpec } from '../../../src/core/mcp/types';
import type { SessionEntry } from '../../../src/core/session';
import type { Logger } from '../../../src/core/util/logger';
import { assistant, chain, msg, toolCall, toolResult, user } from '../builders';

export const STDIO_SERVER = path.join(__dirname, 'stdioServer.mjs');
export const WRAPPER = path.join(__dirname, 'wrapper.mjs');

/** The one-pixel PNG the fixture's `image` tool returns (base64). */
export const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What the fixture serves (fixtureServer.mjs). */
export interface FixtureOptions {
  colliding?: boolean;
  resources?: boolean;
  instructions?: string;
  /** stdio only: write the secret to stderr and exit before answering. */
  failStart?: boolean;
  /** Adds this many tools shaped like a real server's (`<verb>_<subject>_<n>`). */
  generatedTools?: number;
  /** stdio only: answer nothing (initialize included) for this long after starting. */
  startDelayMs?: number;
  /** stdio only: live on after stdin closes and ignore SIGTERM. */
  holdOn?: boolean;
  /** stdio only: append the process id to this file as the process starts (whether it was ever started). */
  startedFile?: string;
}

export interface HttpFixture {
  url: string;
  state: { changed: boolean; cancelled: number };
  sessionCount(): number;
  /** Every request it received, the refused ones included. */
  requests(): number;
  /** Answers the next `count` requests with `status` (503 unless named) before the server sees them. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export function startHttpFixture(options: FixtureOptions & { requireToken?: string; failFirst?: number; failStatus?: number } = {}): Promise<HttpFixture> {
  const module = import(pathToFileURL(path.join(__dirname, 'httpServer.mjs')).href) as Promise<{ startHttpFixture(options: object): Promise<HttpFixture> }>;
  return module.then((loaded) => loaded.startHttpFixture(options));
}

interface SpecOverrides {
  exposure?: McpExposure;
  toolExposure?: readonly (readonly [string, McpExposure])[];
  timeoutMs?: number;
  enabled?: boolean;
  description?: string;
  env?: Record<string, string>;
}

function common(name: string, overrides: SpecOverrides): Omit<McpServerSpec, 'transport'> {
  return {
    name,
    source: 'user',
    file: '/home/user/.pi/agent/mcp.json',
    enabled: overrides.enabled ?? true,
    exposure: overrides.exposure ?? 'direct',
    toolExposure: overrides.toolExposure ?? [],
    timeoutMs: overrides.timeoutMs ?? 20_000,
    ...(overrides.description === undefined ? {} : { description: overrides.description }),
  };
}

/** The stdio fixture, run directly (or through the `npx`-like launcher). */
export function stdioSpec(name: string, options: FixtureOptions = {}, overrides: SpecOverrides & { wrapped?: boolean } = {}): McpServerSpec {
  return {
    ...common(name, overrides),
    transport: { kind: 'stdio', command: process.execPath, args: [overrides.wrapped ? WRAPPER : STDIO_SERVER, JSON.stringify(options)], env: overrides.env ?? {} },
  };
}

export function httpSpec(name: string, url: string, overrides: SpecOverrides & { headers?: Record<string, string> } = {}): McpServerSpec {
  return { ...common(name, overrides), transport: { kind: 'http', url, headers: overrides.headers ?? {} } };
}

/** A logger that keeps every line, to check what reached the log (and what did not). */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (message: string): void => void lines.push(message);
  return { lines, debug: keep, info: keep, warn: keep, error: keep };
}

/** Resolves once `check` holds for the servers' statuses (now or after a change); the test's timeout bounds it. */
export function statusWhere(connections: McpConnections, check: (statuses: readonly McpServerStatus[]) => boolean): Promise<readonly McpServerStatus[]> {
  return new Promise((resolve) => {
    if (check(connections.statuses())) return resolve(connections.statuses());
    const subscription = connections.onDidChange((statuses) => {
      if (!check(statuses)) return;
      subscription.dispose();
      resolve(statuses);
    });
  });
}

/**
 * Resolves once `check()` holds, checking every 20 ms; rejects naming `what` after `ms`. For states
 * that follow an event by a moment (a killed process gone, a stderr line read), never for timing.
 */
export async function eventually(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Never happened within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether a process is alive: it exists and is not a zombie (killed, its parent gone, not yet reaped). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** A tool context for calls outside the agent. */
export function callContext(signal: AbortSignal = new AbortController().signal, branch: readonly SessionEntry[] = []): ToolContext {
  return { root: process.cwd(), signal, branch: () => branch };
}

/** The names of declared tools, in order. */
export function toolNames(tools: readonly { spec: { name: string } }[]): string[] {
  return tools.map((tool) => tool.spec.name);
}

/** A result's text, an image as `[its type]`. */
export function resultText(result: ToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.mimeType}]`)).join('\n');
}

/** A branch on which `tool_search` answered with this result. */
export function searchedBranch(result: ToolResult): SessionEntry[] {
  const call = toolCall('tool_search', { query: 'x' });
  return chain(msg('u', null, user('find a tool')), msg('a', null, assistant([call])), msg('r', null, toolResult(call, resultText(result), { details: result.details ?? null })));
}
