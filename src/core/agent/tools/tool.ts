/**
 * The tool port: what the agent loop calls for each tool call of a reply. Tools receive their
 * arguments as the model sent them (unvalidated JSON) and return pi's result shape, so sessions
 * written by Arbor and by pi track files the same way.
 */
import type { ImageContent, Json, SessionEntry, TextContent } from '../../session';
import type { ToolSpec } from '../../llm/provider';

export interface ToolResult {
  content: (TextContent | ImageContent)[];
  details?: Json;
  isError: boolean;
}

export interface ToolContext {
  /** The workspace root every path is confined to (already resolved, symlinks followed). */
  root: string;
  signal: AbortSignal;
  /** Streams partial output (bash) to the UI; optional. */
  onUpdate?: (partial: ToolResult) => void;
  /** The id of the tool call being run, passed on to the approval callback. */
  toolCallId?: string;
  /** The session's current branch, root → position (recall reads it); absent where there is no session. */
  branch?: () => readonly SessionEntry[];
}

export interface Tool {
  readonly spec: ToolSpec;
  /** bash, write and edit need the user's approval unless allowed; read-only tools do not. */
  readonly needsApproval: boolean;
  /** Offered only while the branch holds a compaction (recall, when not asked for by name). */
  readonly onlyAfterCompaction?: boolean;
  /** Never throws for bad arguments or a failing operation: returns `isError: true` with plain words. */
  execute(args: { [key: string]: Json }, context: ToolContext): Promise<ToolResult>;
}

export type ApprovalDecision = 'allow-once' | 'allow-always' | 'deny';

/** One tool call waiting for the user's answer. */
export interface ApprovalRequest {
  toolName: string;
  args: { [key: string]: Json };
  toolCallId: string;
  /**
   * Set when the call writes a protected file (workspace-relative; see protectedPaths.ts): it is
   * asked every time, so the question offers no "always" (an "always" answer counts as once).
   */
  protectedPath?: string;
}

/** Asked before a tool that needs approval runs (the chat shows allow once / always / deny). */
export type ApprovalCallback = (request: ApprovalRequest) => Promise<ApprovalDecision>;
