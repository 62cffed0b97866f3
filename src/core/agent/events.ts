/**
 * What an `AgentSession` tells the UI. Every event is incremental — the entry just appended, the
 * text just streamed — so a view follows a run without ever rebuilding the branch.
 */
import type { CompactionEvent } from './compactionControl';
import type { AgentState } from './runState';
import type { LlmErrorReason } from '../llm/provider';
import type { AssistantMessage, Json, SessionEntry } from '../session';
import type { ContextStatus } from '../tokens';
import type { ToolResult } from './tools/tool';

export type AgentEvent =
  /** A run starts: a prompt (or a queued one) is being answered. */
  | { type: 'run_start' }
  /** The run is over. `unsent`: inputs still queued when it was stopped (the UI gives them back to the editor). */
  | { type: 'run_end'; unsent: string[] }
  /** Any entry added to the session (by the agent or anyone else), after it was added in memory. */
  | { type: 'entry_appended'; entry: SessionEntry }
  | { type: 'reply_start'; model: string }
  | { type: 'text_delta'; index: number; delta: string }
  | { type: 'thinking_delta'; index: number; delta: string }
  | { type: 'tool_call_start'; index: number; id: string; name: string }
  | { type: 'tool_call_delta'; index: number; delta: string }
  /** The provider retries after a failure (`reason`): drop what was shown of the reply so far. */
  | { type: 'reply_reset'; attempt: number; delayMs: number; reason: LlmErrorReason; message: string }
  | { type: 'reply_end'; message: AssistantMessage }
  | { type: 'tool_start'; toolCallId: string; toolName: string; args: { [key: string]: Json } }
  | { type: 'tool_update'; toolCallId: string; partial: ToolResult }
  | { type: 'tool_end'; toolCallId: string; toolName: string; result: ToolResult }
  | CompactionEvent
  /** The context size may have changed (an entry added, a reply, a compaction, a move, new settings): the meter's reading. */
  | { type: 'tokens'; status: ContextStatus }
  /**
   * A prompt continues a branch whose replies called tools Arbor does not have (pi's MCP tools,
   * codemode…), named once per set (`missingToolsNote` words it).
   */
  | { type: 'tools_missing'; names: string[] }
  /** What the agent does changed (idle, running, compacting, navigating), or the inputs waiting for it. */
  | { type: 'state'; state: AgentState }
  /** A run failed: `reason` says why (for the words the user reads), `message` what failed (for logs). */
  | { type: 'error'; reason: AgentErrorReason; message: string };

/**
 * Why a run failed: the provider's reason; 'model-error' for a reply that ended in an error with no
 * reason given (a refusal); the agent's own ('internal': its code threw; 'write-failed': the session file).
 */
export type AgentErrorReason = LlmErrorReason | 'model-error' | 'internal' | 'write-failed';
