/**
 * The tool port: what the agent loop calls for each tool call of a reply. Tools receive their
 * arguments as the model sent them (unvalidated JSON) and return pi's result shape, so sessions
 * written by Arbor and by pi track files the same way.
 */
import type { ImageContent, Json, SessionEntry, TextContent } from '../../session';
import type { ToolSpec } from '../../llm/provider';
import type { EditPlan } from './editPlan';
import type { SuggestedRule } from './ruleProposals';

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

/**
 * Where a tool that is not one of Arbor's own comes from, so the approval rules can allow a whole
 * server and the chat's card can name the server and the tool. `server` is the server's name as
 * configured (`dev-radius`), `tool` the tool's name on that server (before pi's renaming to
 * `mcp__<server>__<tool>`, which is the tool's `spec.name`).
 */
export interface ToolOrigin {
  /** `vscode`: a tool the editor offers (`server` is then "VS Code", `tool` the editor's name for it). */
  kind: 'mcp' | 'vscode';
  server: string;
  tool: string;
}

export interface Tool {
  readonly spec: ToolSpec;
  /** Set by a tool that is not one of Arbor's own (an MCP server's); the approval gate passes it on. */
  readonly origin?: ToolOrigin;
  /** bash, write and edit need the user's approval unless allowed; read-only tools do not. */
  readonly needsApproval: boolean;
  /** Offered only while the branch holds a compaction (recall, when not asked for by name). */
  readonly onlyAfterCompaction?: boolean;
  /**
   * A stand-in that only answers why the tool cannot run (an MCP tool whose server is missing): a
   * call gets that answer, but the tool does not count as one the session has.
   */
  readonly unavailable?: true;
  /** Never throws for bad arguments or a failing operation: returns `isError: true` with plain words. */
  execute(args: { [key: string]: Json }, context: ToolContext): Promise<ToolResult>;
}

/**
 * A tool whose change can be computed without being made (write, edit): the plan is what the user
 * reviews before it is written; `execute` plans and writes at once.
 */
export interface PlanningTool extends Tool {
  /** Reads what it must and computes the change; throws a `ToolFailure` in plain words. */
  plan(args: { [key: string]: Json }, context: ToolContext): Promise<EditPlan>;
}

export function isPlanningTool(tool: Tool): tool is PlanningTool {
  return typeof (tool as Partial<PlanningTool>).plan === 'function';
}

export type ApprovalDecision = 'allow-once' | 'allow-always' | 'deny' | AllowRuleDecision;

/** Allowed, and calls the rule (approvalPatterns.ts, e.g. `bash(npm test)`) allows run without asking from now on. */
export interface AllowRuleDecision {
  allowRule: string;
}

/** An answer that says more than its decision. */
export interface ApprovalAnswer {
  decision: ApprovalDecision;
  /** An accepted write or edit: the whole content the user accepted, when they changed the proposal. */
  content?: string;
  /** A denial: why, in the user's words (the model reads it). */
  reason?: string;
}

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
  /** A write or edit: what it would write, computed without writing (the diff the user reviews). */
  plan?: EditPlan;
  /** The file changed on disk after an earlier plan was accepted: this plan was made again from it. */
  changedOnDisk?: boolean;
  /** What the card may offer to allow from now on ("Always allow `npm test`"); never for a protected file. */
  suggestedRule?: SuggestedRule;
  /** The tool's origin when it declares one (an MCP server's tool): the card shows the server and the tool. */
  origin?: ToolOrigin;
}

/** Asked before a tool that needs approval runs (the chat shows allow once / always / deny). */
export type ApprovalCallback = (request: ApprovalRequest) => Promise<ApprovalDecision | ApprovalAnswer>;

/** Any answer as an `ApprovalAnswer`. */
export function answerOf(answer: ApprovalDecision | ApprovalAnswer): ApprovalAnswer {
  return typeof answer === 'string' || 'allowRule' in answer ? { decision: answer } : answer;
}
