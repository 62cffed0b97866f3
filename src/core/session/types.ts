/**
 * The pi session file format, version 3: the header, the entries and the messages they hold
 * (docs/session-format.md).
 *
 * Every type here is open: an entry read from a file keeps every field it had, known or not,
 * and is written back unchanged. `UnknownEntry` stands for entry types this build does not know.
 */

export const CURRENT_SESSION_VERSION = 3;

/** JSON values as they appear in session files (details, custom data, tool arguments). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface SessionHeader {
  type: 'session';
  /** Absent means version 1. */
  version?: number;
  id: string;
  timestamp: string;
  cwd: string;
  parentSession?: string;
  [extra: string]: unknown;
}

// ---- content blocks -------------------------------------------------------------------------

export interface TextContent {
  type: 'text';
  text: string;
  textSignature?: string;
}

export interface ThinkingContent {
  type: 'thinking';
  thinking: string;
  thinkingSignature?: string;
  redacted?: boolean;
}

export interface ImageContent {
  type: 'image';
  /** base64 */
  data: string;
  mimeType: string;
}

export interface ToolCall {
  type: 'toolCall';
  id: string;
  name: string;
  arguments: { [key: string]: Json };
  thoughtSignature?: string;
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** May be absent in old files. */
  totalTokens?: number;
  cost?: UsageCost;
}

/**
 * US dollars, per kind of token and in total. `totalFromProvider` (pi 1.6): true when the total is
 * what the provider billed, false (or absent) when it is an estimate from the price table.
 */
export type UsageCost = { input: number; output: number; cacheRead: number; cacheWrite: number; total: number; totalFromProvider?: boolean };

/** `deferred` (pi 1.6): the reply was handed to a later turn; not a failure. */
export type StopReason = 'stop' | 'length' | 'toolUse' | 'error' | 'aborted' | 'deferred';

// ---- messages ------------------------------------------------------------------------------------

export interface UserMessage {
  role: 'user';
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: 'assistant';
  content: (TextContent | ThinkingContent | ToolCall)[];
  api: string;
  provider: string;
  model: string;
  responseModel?: string;
  responseId?: string;
  usage: Usage;
  stopReason: StopReason;
  errorMessage?: string;
  timestamp: number;
}

export interface ToolResultMessage {
  role: 'toolResult';
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  details?: Json;
  isError: boolean;
  /** pi 1.6: what model work inside the tool cost (counted in totals, not in the context). */
  usage?: Usage;
  timestamp: number;
}

/** A tool as pi 1.6 records it in a system message: what the model is told about it. */
export interface ToolDeclaration {
  name: string;
  description?: string;
  parameters?: Json;
  [extra: string]: unknown;
}

/**
 * pi 1.6's record of the system prompt and the tools (docs/session-format.md, "System messages"):
 * the first holds every prompt section and tool, later ones patch them by name (`null` removes a
 * section). Replayed in order they give the current prompt and tools (`currentSystemMessage`).
 */
export interface SystemMessage {
  role: 'system';
  /** Text appended to the prompt on replay (never replaced). */
  content: string | TextContent[];
  sections?: { [name: string]: string | null };
  toolsAdded?: ToolDeclaration[];
  toolsRemoved?: { name: string }[];
  timestamp: number;
}

export interface BashExecutionMessage {
  role: 'bashExecution';
  command: string;
  output: string;
  exitCode: number | undefined;
  cancelled: boolean;
  truncated: boolean;
  fullOutputPath?: string;
  /** `!!cmd`: kept in the file, never sent to the model. */
  excludeFromContext?: boolean;
  timestamp: number;
}

export interface CustomMessage {
  role: 'custom';
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: Json;
  timestamp: number;
}

/** Synthesized from `branch_summary` entries; never stored inside a `message` entry. */
export interface BranchSummaryMessage {
  role: 'branchSummary';
  summary: string;
  fromId: string;
  timestamp: number;
}

/** Synthesized from `compaction` entries; never stored inside a `message` entry. */
export interface CompactionSummaryMessage {
  role: 'compactionSummary';
  summary: string;
  tokensBefore: number;
  timestamp: number;
}

/** What a `message` entry may hold. */
export type StoredMessage = UserMessage | AssistantMessage | ToolResultMessage | BashExecutionMessage | CustomMessage | SystemMessage;

/** What context building produces. */
export type AgentMessage = StoredMessage | BranchSummaryMessage | CompactionSummaryMessage;

/** What the model receives: context messages after conversion (`convert.ts`). */
export type LlmMessage = UserMessage | AssistantMessage | ToolResultMessage;

// ---- entries -------------------------------------------------------------------------------------

export interface EntryBase {
  id: string;
  parentId: string | null;
  timestamp: string;
  [extra: string]: unknown;
}

export interface MessageEntry extends EntryBase {
  type: 'message';
  message: StoredMessage;
}

export interface ThinkingLevelChangeEntry extends EntryBase {
  type: 'thinking_level_change';
  thinkingLevel: string;
}

export interface ModelChangeEntry extends EntryBase {
  type: 'model_change';
  provider: string;
  modelId: string;
}

export interface CompactionEntry extends EntryBase {
  type: 'compaction';
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details?: Json;
  /** What the summary requests cost, so session totals include it (absent in pi 0.73.1's files). */
  usage?: Usage;
  fromHook?: boolean;
  /** pi 1.6: the system prompt and tools at the compaction (its checkpoint), replayed into one. */
  systemMessage?: SystemMessage;
}

export interface BranchSummaryEntry extends EntryBase {
  type: 'branch_summary';
  fromId: string;
  summary: string;
  details?: Json;
  /** What the summary request cost (absent in pi 0.73.1's files). */
  usage?: Usage;
  fromHook?: boolean;
}

export interface CustomEntry extends EntryBase {
  type: 'custom';
  customType: string;
  data?: Json;
}

export interface CustomMessageEntry extends EntryBase {
  type: 'custom_message';
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: Json;
}

export interface LabelEntry extends EntryBase {
  type: 'label';
  targetId: string;
  /** Absent or empty clears the label. */
  label?: string;
}

export interface SessionInfoEntry extends EntryBase {
  type: 'session_info';
  name?: string;
}

/** What a context edit puts in its target's place: its content, or (null) nothing at all. */
export type ContextReplacement = null | { content: string | (TextContent | ImageContent | ThinkingContent | ToolCall)[] };

/**
 * pi 1.6: how the model sees an earlier entry from here on this branch — hidden (`replacement`
 * null) or with other content. The latest edit of a target among the context's entries wins; the
 * target itself is never changed.
 */
export interface ContextEditEntry extends EntryBase {
  type: 'context_edit';
  targetId: string;
  replacement: ContextReplacement;
}

/**
 * How the model sees an entry at a position when not as the file holds it (what the chat and the
 * Session Tree mark): an edit hides it, or an edit changed the content the model gets.
 */
export type ContextMark = 'hidden' | 'edited';

/** An entry whose mark changed; `mark` undefined: the model sees it as written again. */
export interface ContextMarkChange {
  entryId: string;
  mark?: ContextMark;
}

/** pi 1.6: model work recorded outside a reply (pi writes `kind: "cache_warm"`); counted in totals only. */
export interface UsageEntry extends EntryBase {
  type: 'usage';
  kind: string;
  provider: string;
  model: string;
  usage: Usage;
  note?: string;
}

export const KNOWN_ENTRY_TYPES = [
  'message',
  'thinking_level_change',
  'model_change',
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'session_info',
  'context_edit',
  'usage',
] as const;

export type KnownEntryType = (typeof KNOWN_ENTRY_TYPES)[number];

export type KnownEntry =
  | MessageEntry
  | ThinkingLevelChangeEntry
  | ModelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry
  | ContextEditEntry
  | UsageEntry;

/**
 * An entry of a type this build does not know (a newer pi, an extension). Kept and written back;
 * it contributes nothing to context. Narrow with `isKnownEntry` before switching on `type`.
 */
export interface UnknownEntry extends EntryBase {
  type: string;
}

export type SessionEntry = KnownEntry | UnknownEntry;

const knownTypes: ReadonlySet<string> = new Set(KNOWN_ENTRY_TYPES);

export function isKnownEntry(entry: SessionEntry): entry is KnownEntry {
  return knownTypes.has(entry.type);
}

export interface ModelRef {
  provider: string;
  modelId: string;
}
