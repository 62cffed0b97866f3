// The AgentSession of the current session, and its configuration from the settings, the key and the
// workspace: the Anthropic provider, the tools confined to the first workspace folder (none when the
// workspace is untrusted or there is no folder), the estimator the settings name, the system prompt
// with the project's context files (re-checked before every request), and the compaction budgets
// (Arbor's settings the user set, else pi's settings files with their overrides for the chat's
// model, else pi's defaults).
import * as os from 'node:os';
import { AgentSession, type AgentConfiguration } from '../../core/agent';
import type { Logger } from '../../core/util/logger';
import type { WorkspaceRecorder } from '../../core/checkpoints';
import { createTools } from '../../core/agent/tools/registry';
import type { ApprovalCallback } from '../../core/agent/tools/tool';
import type { ToolSource } from '../../core/agent/tools/toolSource';
import { compactionSettingsOf, piEnvironment, piModelKey, readPiSettings, resolveCompactionSettings, type ContextAccess, type PiSettings, type ProjectContextSnapshot, type ProjectPrompts } from '../../core/context';
import type { ArborHooks } from '../../core/hooks';
import type { WrittenFile } from '../../core/agent/tools/approval';
import type { WrittenFiles } from '../../core/edits/writtenFiles';
import { createAnthropicProvider } from '../../core/llm';
import type { Session } from '../../core/session';
import { loadTokenizerEstimator, piEstimator, type TokenEstimator } from '../../core/tokens';
import { errorMessage } from '../../core/util/errors';
import type { ArborConfig } from '../config';

export interface AgentInputs {
  config: ArborConfig;
  apiKey: string;
  /** The folder tools work in; undefined: no tools are offered. */
  toolRoot: string | undefined;
  /** pi's agent folder (its AGENTS.md, SYSTEM.md, settings.json). */
  piAgentDir: string;
  /** pi's settings files as they are now (the project's only from a trusted workspace folder). */
  piSettings: PiSettings;
  /** The context files' targets the user allowed one by one (the glue's question remembers them). */
  contextTargets?: ContextAccess['allowedTargets'];
}

/** Whose files, from which folders, may reach the prompt: the user's home and uid, and what the user allowed. */
export function contextAccess(config: Pick<ArborConfig, 'contextAllowedFolders'>, allowedTargets: ContextAccess['allowedTargets']): ContextAccess {
  return { home: os.homedir(), owner: process.getuid?.(), allowedFolders: config.contextAllowedFolders, allowedTargets };
}

/** pi's side of the inputs: its agent folder and its settings for the folder tools work in. */
export async function piInputs(toolRoot: string | undefined): Promise<Pick<AgentInputs, 'piAgentDir' | 'piSettings'>> {
  const { agentDir } = piEnvironment(process.env, os.homedir());
  // Without a tool folder (untrusted, or no folder open) only pi's global file is read.
  const piSettings = await readPiSettings({ cwd: toolRoot ?? os.homedir(), agentDir, trusted: toolRoot !== undefined });
  return { piAgentDir: agentDir, piSettings };
}

/** What decides whether the agent must be configured again (the key only as a fingerprint: it is never kept). */
export function configurationSignature(inputs: AgentInputs): string {
  const { config, apiKey, toolRoot, piAgentDir, piSettings } = inputs;
  return JSON.stringify([config, apiKey.length, hashKey(apiKey), toolRoot ?? null, piAgentDir, piSettings.global, piSettings.project, piSettings.warnings]);
}

/**
 * The provider, settings, system prompt, tools and estimator that the settings, the key, pi's files
 * and the workspace call for. `prompts` keeps one project prompt per agent (the same while its
 * folder, trust and `arbor.contextFiles` stay the same).
 */
export async function agentConfiguration(inputs: AgentInputs, session: Session, logger: Logger, prompts: ProjectPrompts): Promise<AgentConfiguration> {
  const { config, toolRoot } = inputs;
  const provider = createAnthropicProvider({
    apiKey: inputs.apiKey,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    now: () => Date.now(),
    log: logger,
    modelOverrides: config.modelOverrides,
  });
  const compaction = resolveCompactionSettings(inputs.piSettings, config.compactionExplicit, piModelKey(provider.provider, config.model));
  for (const warning of [...inputs.piSettings.warnings, ...compaction.warnings]) logger.warn(warning);
  const root = toolRoot ?? session.cwd;
  return {
    provider,
    settings: {
      model: config.model,
      ...(config.maxOutputTokens !== undefined ? { maxTokens: config.maxOutputTokens } : {}),
      thinkingLevel: config.thinking,
      compaction: compactionSettingsOf(compaction),
      branchSummaryReserveTokens: compaction.branchSummaryReserveTokens.value,
      compactionModel: config.compactionModel,
      compactionInstructions: config.compactionInstructions,
      pinBudget: config.pinBudget,
    },
    // The project's own files only from a trusted workspace folder; pi's global ones always.
    systemPrompt: prompts.for({ cwd: root, agentDir: inputs.piAgentDir, trusted: toolRoot !== undefined, contextFiles: config.contextFiles, ...contextAccess(config, inputs.contextTargets) }),
    tools: toolRoot === undefined ? [] : createTools(),
    allowedTools: config.autoApprove,
    estimator: await estimatorFor(config, logger),
    root,
  };
}

/** Which files a project prompt loaded go to the log (never their text), with what could not be read. */
export function logProjectContext(snapshot: ProjectContextSnapshot, logger: Logger): void {
  const files = [...snapshot.contextFiles, ...(snapshot.systemPrompt ? [snapshot.systemPrompt] : []), ...(snapshot.appendSystemPrompt ? [snapshot.appendSystemPrompt] : [])];
  logger.info(files.length > 0 ? `Project context: ${files.map((file) => file.path).join(', ')}` : 'Project context: no AGENTS.md, CLAUDE.md, SYSTEM.md or APPEND_SYSTEM.md');
  for (const skipped of snapshot.skipped) logger.warn(skipped.warning);
}

/** The agent of `session`, for as long as it is current. */
export function createAgent(spec: {
  session: Session;
  configuration: AgentConfiguration;
  approve: ApprovalCallback;
  logger: Logger;
  /** The extension's own folder for reply checkpoints (in its global storage, never beside a session). */
  checkpointFolder: string;
  /** Records the workspace's files as the agent works (none: no workspace checkpoints). */
  workspaceRecorder?: WorkspaceRecorder | undefined;
  hooks?: ArborHooks | undefined;
  /** Keeps what each write or edit wrote (the chat's "Show diff" / "Open diff"). */
  written?: WrittenFiles | undefined;
  /** Tools that come and go (the MCP servers'): asked at every request. */
  toolSource?: ToolSource | undefined;
}): Promise<AgentSession> {
  const { session, configuration } = spec;
  return AgentSession.create({
    session,
    ...configuration,
    approve: spec.approve,
    ...(spec.written ? { onWritten: (file: WrittenFile) => spec.written!.add(session.id, file) } : {}),
    // Estimates scaled by what the provider reported for the latest replies on the path to the position.
    calibrate: true,
    clock: () => new Date(),
    logger: spec.logger,
    checkpointFolder: spec.checkpointFolder,
    ...(spec.workspaceRecorder ? { workspaceRecorder: spec.workspaceRecorder } : {}),
    ...(spec.hooks ? { hooks: spec.hooks } : {}),
    ...(spec.toolSource ? { toolSource: spec.toolSource } : {}),
  });
}

let tokenizer: Promise<TokenEstimator> | undefined;

/** The estimator the settings name; the tokenizer's tables load on first use only. */
export async function estimatorFor(config: Pick<ArborConfig, 'tokenEstimator'>, logger: Logger): Promise<TokenEstimator> {
  if (config.tokenEstimator === 'chars4') return piEstimator;
  tokenizer ??= loadTokenizerEstimator();
  try {
    return await tokenizer;
  } catch (error) {
    tokenizer = undefined;
    logger.warn(`The tokenizer could not be loaded; counting 4 characters per token instead (${errorMessage(error)})`);
    return piEstimator;
  }
}

/** A short fingerprint, so a changed key makes a new provider without the key being kept in the signature. */
function hashKey(key: string): number {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}
