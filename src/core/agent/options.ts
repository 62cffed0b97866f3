/** What an `AgentSession` is built from: the session, the model, the tools and the settings. */
import type { CompactionSettings, Summarizer } from '../compaction';
import type { LlmProvider, ThinkingLevel } from '../llm/provider';
import type { ArborHooks } from '../hooks';
import type { Session } from '../session';
import type { TokenEstimator } from '../tokens';
import type { WorkspaceRecorder } from '../checkpoints/recorder';
import type { CheckpointStore } from './checkpoint';
import type { Logger } from '../util/logger';
import type { StopPoints } from '../util/stopPoints';
import type { SystemPromptSource } from './systemPrompt';
import type { ApprovalCallback, Tool } from './tools/tool';
import type { WrittenFile } from './tools/approval';
import type { ToolSource } from './tools/toolSource';

export interface AgentSettings {
  model: string;
  /** Default: the model's output limit. */
  maxTokens?: number;
  thinkingLevel?: ThinkingLevel;
  compaction?: Partial<CompactionSettings>;
  /** branchSummary.reserveTokens (default 16384). */
  branchSummaryReserveTokens?: number;
  /**
   * The model that writes compaction and branch summaries (a cheaper one, or one with a larger
   * window); its window bounds what one summary request may hold. Empty: the chat's model.
   */
  compactionModel?: string;
  /** Standing instructions for every compaction, automatic ones too; a manual focus is added after them. */
  compactionInstructions?: string;
  /** Tokens the pinned section of a summary may take before the user is warned (`arbor.compaction.pinBudget`); default 4000. */
  pinBudget?: number;
}

/** What can change between runs without a new agent: the settings, the key (in the provider), the workspace, the system prompt. */
export interface AgentConfiguration {
  provider: LlmProvider;
  settings: AgentSettings;
  tools: readonly Tool[];
  /** Tools that run without asking (settings); 'allow always' answers are kept beside them. */
  allowedTools: readonly string[];
  estimator: TokenEstimator;
  /** The workspace root tools are confined to. */
  root: string;
  /** A fixed prompt, or a source asked before every request (the project's files). Default: Arbor's prompt, no project files. */
  systemPrompt?: string | SystemPromptSource;
}

export interface AgentSessionOptions {
  session: Session;
  provider: LlmProvider;
  tools?: readonly Tool[];
  /**
   * Tools that come and go during the session (MCP servers' tools): declared after `tools` in every
   * request, found after them for every call, gated by the same approval rules. Default: none.
   */
  toolSource?: ToolSource;
  /** Asked before a tool that needs approval; without it such tools are denied unless allowed. */
  approve?: ApprovalCallback;
  /** Tools that run without asking (settings, `--yes`). */
  allowedTools?: readonly string[];
  /** Told what every write or edit wrote (the chat keeps recent ones for their diff). */
  onWritten?: (file: WrittenFile) => void;
  settings: AgentSettings;
  /** Default pi's chars/4; the glue passes the tokenizer estimator. */
  estimator?: TokenEstimator;
  /**
   * Scale estimates by what the provider reported for the latest replies on the path to the
   * position (`pathCalibration.ts`): the extension does; default false (raw estimates).
   */
  calibrate?: boolean;
  clock: () => Date;
  /** The workspace root tools are confined to. */
  root: string;
  logger?: Logger;
  /** Default: summaries by the same provider and model. */
  summarizer?: Summarizer;
  /** A fixed prompt, or a source asked before every request. Default: Arbor's prompt, no project files. */
  systemPrompt?: string | SystemPromptSource;
  /**
   * Arbor's own folder for reply checkpoints (never the session's folder); without it, and for
   * in-memory sessions, replies are not checkpointed.
   */
  checkpointFolder?: string;
  /** Replaces the store `checkpointFolder` gives (tests). */
  checkpoints?: CheckpointStore;
  checkpointEveryMs?: number;
  /**
   * Records the workspace's files as `arbor.files` entries (before a prompt, after each tool that
   * may change files, at the end of a prompt's turns). Without it nothing is recorded.
   */
  workspaceRecorder?: WorkspaceRecorder;
  /** Other extensions' handlers around compactions and moves (the extension's API). */
  hooks?: ArborHooks;
  /** How the agent waits before continuing after a compaction (tests pass a fast one). */
  delay?: (ms: number) => Promise<void>;
  /** Where a kill test freezes the process mid-compaction or mid-branch-summary (only the CLI passes live ones). */
  stopPoints?: StopPoints;
}
