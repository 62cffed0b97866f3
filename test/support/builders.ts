/**
 * Builders for sessions in tests: messages of every role, and whole in-memory sessions built by
 * appending through the real Session API (ids are real random 8-hex ids, timestamps from a
 * deterministic clock that advances one second per call).
 */
import { FILES_CUSTOM_TYPE, type FilesEntryData } from '../../src/core/checkpoints';
import { Session, inMemorySession, serializeLine } from '../../src/core/session';
import type {
  AssistantMessage,
  CompactionEntry,
  MessageEntry,
  SessionEntry,
  StoredMessage,
  BashExecutionMessage,
  ImageContent,
  Json,
  TextContent,
  ToolCall,
  ToolResultMessage,
  Usage,
  UserMessage,
} from '../../src/core/session';

let messageClock = 1_768_000_000_000;
const nextMs = (): number => (messageClock += 1000);

/** A clock that starts at `start` and advances `stepMs` per call. */
export function steppingClock(start = '2026-01-01T00:00:00.000Z', stepMs = 1000): () => Date {
  let t = Date.parse(start) - stepMs;
  return () => new Date((t += stepMs));
}

export function usage(input: number, output = 0, extra: Partial<Usage> = {}): Usage {
  const u: Usage = { input, output, cacheRead: 0, cacheWrite: 0, ...extra };
  u.totalTokens ??= u.input + u.output + u.cacheRead + u.cacheWrite;
  u.cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
  return u;
}

export function user(text: string | (TextContent | ImageContent)[]): UserMessage {
  return { role: 'user', content: typeof text === 'string' ? [{ type: 'text', text }] : text, timestamp: nextMs() };
}

export function assistant(
  content: string | AssistantMessage['content'],
  options: Partial<Omit<AssistantMessage, 'role' | 'content'>> = {},
): AssistantMessage {
  return {
    role: 'assistant',
    content: typeof content === 'string' ? [{ type: 'text', text: content }] : content,
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    usage: usage(100, 10),
    stopReason: 'stop',
    timestamp: nextMs(),
    ...options,
  };
}

export function toolCall(name: string, args: ToolCall['arguments'], id = `tc-${Math.random().toString(16).slice(2, 8)}`): ToolCall {
  return { type: 'toolCall', id, name, arguments: args };
}

export function toolResult(call: ToolCall, text: string, options: Partial<ToolResultMessage> = {}): ToolResultMessage {
  return { role: 'toolResult', toolCallId: call.id, toolName: call.name, content: [{ type: 'text', text }], isError: false, timestamp: nextMs(), ...options };
}

export function bash(command: string, output: string, options: Partial<BashExecutionMessage> = {}): BashExecutionMessage {
  return { role: 'bashExecution', command, output, exitCode: 0, cancelled: false, truncated: false, timestamp: nextMs(), ...options };
}

/** An in-memory session with a deterministic entry clock. */
export function memorySession(cwd = '/work/project'): Session {
  return inMemorySession(cwd, steppingClock());
}

/** Appends user/assistant pairs ("q1"/"a1", …) and returns their ids in order. */
export async function appendTurns(session: Session, count: number, prefix = ''): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    ids.push(await session.appendMessage(user(`${prefix}q${i}`)));
    ids.push(await session.appendMessage(assistant(`${prefix}a${i}`)));
  }
  return ids;
}

// ---- raw entries with chosen ids (for hand-written trees) -------------------------------------

let entryClock = Date.parse('2026-02-01T00:00:00.000Z');
const nextIso = (): string => new Date((entryClock += 1000)).toISOString();

type Raw<T> = Omit<T, 'type' | 'id' | 'parentId' | 'timestamp'>;

export function entry<T extends SessionEntry>(type: T['type'], id: string, parentId: string | null, fields: Raw<T> | Record<string, unknown> = {}, timestamp = nextIso()): T {
  return { type, id, parentId, timestamp, ...fields } as T;
}

export function msg(id: string, parentId: string | null, message: StoredMessage, timestamp?: string): MessageEntry {
  return entry<MessageEntry>('message', id, parentId, { message }, timestamp);
}

export function compactionEntry(id: string, parentId: string | null, firstKeptEntryId: string, summary = `summary ${id}`): CompactionEntry {
  return entry<CompactionEntry>('compaction', id, parentId, { summary, firstKeptEntryId, tokensBefore: 1000 });
}

/** An `arbor.files` record (a tool's changes to state B from state A unless `data` says otherwise). */
export function filesRecord(id: string, parentId: string | null, data: Partial<FilesEntryData> = {}): SessionEntry {
  const full: FilesEntryData = { v: 1, before: '1'.repeat(40), after: '2'.repeat(40), changed: [], changedCount: 0, cause: 'tool', ...data };
  return entry('custom', id, parentId, { customType: FILES_CUSTOM_TYPE, data: { ...full } });
}

/** A linear chain: each entry's parent is the previous one. */
export function chain(...entries: SessionEntry[]): SessionEntry[] {
  entries.forEach((e, i) => {
    e.parentId = i === 0 ? null : entries[i - 1]!.id;
  });
  return entries;
}

// ---- hostile shapes: what a stranger's session file may hold -----------------------------------

/** `{"a":{"a":…1…}}` nested `depth` deep: JSON.parse reads it, JSON.stringify cannot write it back. */
export function deepJsonText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A value nested `depth` deep, as a file's JSON.parse gives it. */
export function deepValue(depth: number): { [key: string]: Json } {
  return JSON.parse(deepJsonText(depth)) as { [key: string]: Json };
}

/** `count` runs of 1 to 7 backticks, each before a letter: Markdown's code-span scanner's worst case. */
export function backtickRuns(count: number): string {
  return Array.from({ length: count }, (_, index) => `${'`'.repeat((index % 7) + 1)}x`).join(' ');
}

/** A path whose values are nested `depth` deep wherever a file can put them: tool arguments, details, custom data, unknown fields. */
export function deepEntries(depth: number): SessionEntry[] {
  const call = toolCall('read', { path: deepValue(depth), list: JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as Json }, 'call-deep');
  return chain(
    msg('u1', null, user('read it')),
    msg('a1', null, assistant([{ type: 'text', text: 'reading' }, call], { stopReason: 'toolUse' })),
    msg('r1', null, toolResult(call, 'contents', { details: deepValue(depth) })),
    entry('custom', 'x1', null, { customType: 'ext', data: deepValue(depth) }),
    entry('future_entry_type', 'x2', null, { blob: deepValue(depth) } as Record<string, unknown>),
    entry('custom_message', 'x3', null, { customType: 'ext', content: 'from an extension', display: true, details: deepValue(depth) }),
    msg('a2', null, assistant('done')),
  );
}

/** Messages of `runs` backtick runs: a user's, a reply's, a tool result's, and a compaction summary. */
export function backtickEntries(runs: number): SessionEntry[] {
  const text = backtickRuns(runs);
  const call = toolCall('read', { path: text.slice(0, 200) }, 'call-ticks');
  return chain(
    msg('u1', null, user(text)),
    msg('a1', null, assistant([{ type: 'text', text }, call], { stopReason: 'toolUse' })),
    msg('r1', null, toolResult(call, text)),
    entry('compaction', 'c1', null, { summary: text, firstKeptEntryId: 'r1', tokensBefore: 1000 }),
    msg('a2', null, assistant(text)),
  );
}

/** One user message with `children` replies (branches) below it. */
export function wideEntries(children: number): SessionEntry[] {
  const entries: SessionEntry[] = [msg('root', null, user('the question'))];
  for (let index = 0; index < children; index++) entries.push(msg(`k${index}`, 'root', user(`answer ${index}`)));
  return entries;
}

/** A user message and a reply of `chars` characters each on one line, one of words and one without a space. */
export function hugeLineEntries(chars: number): SessionEntry[] {
  return chain(msg('u1', null, user('word '.repeat(Math.ceil(chars / 5)).slice(0, chars))), msg('a1', null, assistant('x'.repeat(chars))));
}

/** A session file's text: a header and `entries` one per line (serializeLine writes any depth). */
export function sessionFileText(entries: readonly SessionEntry[], id = 'hostile-session'): string {
  const header = serializeLine({ type: 'session', version: 3, id, timestamp: '2026-02-01T00:00:00.000Z', cwd: '/work/project' });
  const lines: string[] = [header];
  for (const item of entries) lines.push(serializeLine(item));
  return lines.join('');
}
