// Builds the AgentSession for the current session from the settings, the key and the workspace:
// the Anthropic provider, the tools confined to the first workspace folder (none when the
// workspace is untrusted or there is no folder), the estimator the settings name, the system
// prompt with the project's context files, and the compaction budgets (Arbor's settings the user
// set, else pi's settings files, else pi's defaults).
import * as os from 'node:os';
import { AgentSession, type AgentLogger } from '../core/agent';
import { createTools } from '../core/agent/tools/registry';
import type { ApprovalCallback } from '../core/agent/tools/tool';
import { compactionSettingsOf, piEnvironment, ProjectPrompt, readPiSettings, resolveCompactionSettings } from '../core/context';
import { createAnthropicProvider } from '../core/llm';
import type { Session } from '../core/session';
import { learnedCalibration, loadTokenizerEstimator, piEstimator, type TokenEstimator } from '../core/tokens';
import { errorMessage } from '../core/util/errors';
import type { ArborConfig } from './config';

export interface AgentSpec {
  session: Session;
  config: ArborConfig;
  apiKey: string;
  /** The folder tools work in; undefined: no tools are offered. */
  toolRoot: string | undefined;
  /** Whether the workspace is trusted: its own files (AGENTS.md, .pi/settings.json) are read only then. */
  trusted: boolean;
  allowedTools: readonly string[];
  approve: ApprovalCallback;
  logger: AgentLogger;
}

/** What decides whether an existing agent can serve the next prompt (anything else is read live). */
export function agentSignature(spec: Omit<AgentSpec, 'approve' | 'logger' | 'allowedTools'>): string {
  const { session, config, apiKey, toolRoot, trusted } = spec;
  return JSON.stringify([session.id, session.file, config, apiKey.length, hashKey(apiKey), toolRoot ?? null, trusted]);
}

export async function buildAgent(spec: AgentSpec): Promise<AgentSession> {
  const { config, logger } = spec;
  const provider = createAnthropicProvider({
    apiKey: spec.apiKey,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    now: () => Date.now(),
    log: { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
    modelOverrides: config.modelOverrides,
  });
  const estimator = await estimatorFor(config, logger);
  const cwd = spec.toolRoot ?? spec.session.cwd;
  const { agentDir } = piEnvironment(process.env, os.homedir());
  const piSettings = await readPiSettings({ cwd, agentDir, trusted: spec.trusted });
  const compaction = resolveCompactionSettings(piSettings, config.compactionExplicit);
  for (const warning of [...piSettings.warnings, ...compaction.warnings]) logger.warn(warning);
  return AgentSession.create({
    session: spec.session,
    provider,
    tools: spec.toolRoot === undefined ? [] : createTools(),
    approve: spec.approve,
    allowedTools: spec.allowedTools,
    settings: {
      model: config.model,
      ...(config.maxOutputTokens !== undefined ? { maxTokens: config.maxOutputTokens } : {}),
      thinkingLevel: config.thinking,
      compaction: compactionSettingsOf(compaction),
      branchSummaryReserveTokens: compaction.branchSummaryReserveTokens.value,
      compactionModel: config.compactionModel,
    },
    systemPrompt: projectPrompt({ cwd, agentDir, trusted: spec.trusted, contextFiles: config.contextFiles }, logger),
    estimator,
    // What the replies already on the branch taught about this estimator (each new reply refines it).
    calibration: learnedCalibration(spec.session.buildContext().messages, estimator),
    clock: () => new Date(),
    root: spec.toolRoot ?? spec.session.cwd,
    logger,
  });
}

/** The system prompt with the project's context files; which files were loaded goes to the log (never their text). */
function projectPrompt(options: ConstructorParameters<typeof ProjectPrompt>[0], logger: AgentLogger): ProjectPrompt {
  const prompt = new ProjectPrompt(options);
  prompt.onDidChange((snapshot) => {
    const files = [...snapshot.contextFiles, ...(snapshot.systemPrompt ? [snapshot.systemPrompt] : []), ...(snapshot.appendSystemPrompt ? [snapshot.appendSystemPrompt] : [])];
    logger.info(files.length > 0 ? `Project context: ${files.map((file) => file.path).join(', ')}` : 'Project context: no AGENTS.md, CLAUDE.md, SYSTEM.md or APPEND_SYSTEM.md');
    for (const warning of snapshot.warnings) logger.warn(warning);
  });
  return prompt;
}

let tokenizer: Promise<TokenEstimator> | undefined;

/** The estimator the settings name; the tokenizer's tables load on first use only. */
export async function estimatorFor(config: Pick<ArborConfig, 'tokenEstimator'>, logger: AgentLogger): Promise<TokenEstimator> {
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
