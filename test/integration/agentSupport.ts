// Helpers for the suites that drive Arbor's agent through its API (`extension.exports`) against
// the fake Anthropic server, which runs inside the extension host with the suite (a real HTTP
// server on 127.0.0.1; Arbor's real SDK talks to it).
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AgentEvent } from '../../src/core/agent/events';
import type { Json, SessionEntry } from '../../src/core/session/types';
import type { ContextStatus } from '../../src/core/tokens';
import type { AgentHost } from '../../src/vscode/agent/host';
import { startFakeAnthropic, text, type FakeAnthropic, type FakeAnthropicOptions, type Handler, type Reply } from '../support/fakeAnthropic';
import { arborTesting, own } from './support';

/** Random per suite bundle and run, so the key is in no file unless something wrote it there. */
export const TEST_KEY = `sk-ant-int-${randomBytes(16).toString('hex')}`;

/** The settings the suites change; all are reset to their defaults after each test. */
const SETTINGS = [
  'model',
  'baseUrl',
  'maxOutputTokens',
  'thinking',
  'compaction.enabled',
  'compaction.reserveTokens',
  'compaction.keepRecentTokens',
  'compaction.preview',
  'sessionsDirectory',
  'tools.autoApprove',
  'tools.autoApproveByFolder',
  'checkpoints.restore',
  'branchSummary',
  'tokenEstimator',
  'modelOverrides',
  'mcp.editorTools',
];

export async function arborHost(): Promise<AgentHost> {
  return (await arborTesting()).host;
}

/** Resolves when the current session's agent runs nothing and has nothing queued. */
export async function whenIdle(): Promise<void> {
  await (await arborTesting()).whenIdle();
}

/** The context size of the current session as its agent measures it (the meter's numbers); undefined with no session. */
export async function contextStatus(): Promise<ContextStatus | undefined> {
  return (await arborTesting()).contextStatus();
}

/** Writes user settings (`arbor.<key>`); they apply without a reload. */
export async function configure(values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('arbor');
  for (const [key, value] of Object.entries(values)) await config.update(key, value, vscode.ConfigurationTarget.Global);
}

export async function resetSettings(): Promise<void> {
  await configure(Object.fromEntries(SETTINGS.map((key) => [key, undefined])));
}

/**
 * Per test: a fresh fake server, the key stored, Arbor pointed at the server, no session open, a
 * temporary sessions folder; afterwards the server closed and the settings reset.
 */
export function useAgent(options: FakeAnthropicOptions = {}): { server: () => FakeAnthropic; host: () => AgentHost; sessions: () => string } {
  let server: FakeAnthropic | undefined;
  let host: AgentHost | undefined;
  let sessions: string | undefined;
  beforeEach(async () => {
    host = await arborHost();
    server = await startFakeAnthropic({ apiKey: TEST_KEY, ...options });
    sessions = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-int-sessions-'));
    await vscode.commands.executeCommand('arbor.setApiKey', await own(TEST_KEY));
    await vscode.commands.executeCommand('arbor.newSession');
    // A manual compaction is written at once: these tests are about what it writes; its preview is
    // driven in the real editor (test/e2e/compactionPreview.test.ts).
    await configure({ baseUrl: server.url, sessionsDirectory: sessions, model: 'claude-haiku-4-5', 'compaction.preview': 'never' });
  });
  afterEach(async () => {
    if (host) await whenIdle();
    await vscode.commands.executeCommand('arbor.newSession');
    await resetSettings();
    await server?.close();
    if (sessions) fs.rmSync(sessions, { recursive: true, force: true });
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is only there inside a test`);
    return value;
  };
  return { server: () => need(server, 'server'), host: () => need(host, 'host'), sessions: () => need(sessions, 'sessions') };
}

/** Sends a prompt and waits until the run that answers it is over. */
export async function send(host: AgentHost, text: string): Promise<void> {
  const ended = nextEvent(host, 'run_end');
  await host.prompt(text);
  await ended;
}

export function nextEvent<T extends AgentEvent['type']>(host: AgentHost, type: T, timeoutMs = 30_000): Promise<Extract<AgentEvent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`no ${type} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const subscription = host.onEvent((event) => {
      if (event.type !== type) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(event as Extract<AgentEvent, { type: T }>);
    });
  });
}

/**
 * A reply held back until `release()`: `arrived` settles when a request reached it, so a test can
 * stop what sent the request while it waits (script it, or set it as the handler).
 */
export function heldReply(reply: Reply): { handler: Handler; arrived: Promise<void>; release: () => void } {
  let reached: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: Handler = async () => {
    reached();
    await gate;
    return reply;
  };
  return { handler, arrived, release };
}

/** A session with two turns: "Name a colour" → "Teal.", "Name a fruit" → "A pear.". Returns its file. */
export async function colourThenFruit(agent: { server: () => FakeAnthropic; host: () => AgentHost }): Promise<string> {
  agent.server().script(text('Teal.'), text('A pear.'));
  await send(agent.host(), 'Name a colour');
  await send(agent.host(), 'Name a fruit');
  return agent.host().session!.file!;
}

/** The message entries of the current branch: [colour, teal, fruit, pear] after `colourThenFruit`. */
export function branchMessages(host: AgentHost): SessionEntry[] {
  return host.session!.getBranch().filter((entry) => entry.type === 'message');
}

/** The session file's entries as written on disk (header left out). */
export function entriesOnDisk(file: string): SessionEntry[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SessionEntry & { type: string })
    .filter((entry) => entry.type !== 'session');
}

export interface WireMessage {
  role: string;
  content: string | { type: string; text?: string; name?: string; [key: string]: Json | undefined }[];
}

/** The messages of a recorded request. */
export function requestMessages(server: FakeAnthropic, index = -1): WireMessage[] {
  const requests = server.messageRequests();
  const request = requests.at(index);
  assert.ok(request?.body, `no request ${index}`);
  return request.body.messages as unknown as WireMessage[];
}

/** The text of a wire message, blocks joined. */
export function wireText(message: WireMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((block) => block.text ?? '').join('');
}
