// The AgentSession of the current session, and its configuration from the settings, the key and the
// workspace: the Anthropic provider, the tools confined to the first workspace folder (none when the
// workspace is untrusted or there is no folder), the estimator the settings name.
import { AgentSession, type AgentConfiguration, type AgentLogger } from '../core/agent';
import { createTools } from '../core/agent/tools/registry';
import type { ApprovalCallback } from '../core/agent/tools/tool';
import { createAnthropicProvider } from '../core/llm';
import type { Session } from '../core/session';
import { loadTokenizerEstimator, piEstimator, type TokenEstimator } from '../core/tokens';
import { errorMessage } from '../core/util/errors';
import type { ArborConfig } from './config';

export interface AgentInputs {
  config: ArborConfig;
  apiKey: string;
  /** The folder tools work in; undefined: no tools are offered. */
  toolRoot: string | undefined;
}

/** What decides whether the agent must be configured again (the key only as a fingerprint: it is never kept). */
export function configurationSignature(inputs: AgentInputs): string {
  const { config, apiKey, toolRoot } = inputs;
  return JSON.stringify([config, apiKey.length, hashKey(apiKey), toolRoot ?? null]);
}

/** The provider, settings, tools and estimator that the settings, the key and the workspace call for. */
export async function agentConfiguration(inputs: AgentInputs, session: Session, logger: AgentLogger): Promise<AgentConfiguration> {
  const { config, toolRoot } = inputs;
  const provider = createAnthropicProvider({
    apiKey: inputs.apiKey,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    now: () => Date.now(),
    log: { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
    modelOverrides: config.modelOverrides,
  });
  return {
    provider,
    settings: {
      model: config.model,
      ...(config.maxOutputTokens !== undefined ? { maxTokens: config.maxOutputTokens } : {}),
      thinkingLevel: config.thinking,
      compaction: config.compaction,
    },
    tools: toolRoot === undefined ? [] : createTools(),
    allowedTools: config.autoApprove,
    estimator: await estimatorFor(config, logger),
    root: toolRoot ?? session.cwd,
  };
}

/** The agent of `session`, for as long as it is current. */
export function createAgent(spec: {
  session: Session;
  configuration: AgentConfiguration;
  approve: ApprovalCallback;
  logger: AgentLogger;
  /** The extension's own folder for reply checkpoints (in its global storage, never beside a session). */
  checkpointFolder: string;
}): Promise<AgentSession> {
  const { session, configuration } = spec;
  return AgentSession.create({
    session,
    ...configuration,
    approve: spec.approve,
    // Estimates scaled by what the provider reported for the latest replies on the path to the position.
    calibrate: true,
    clock: () => new Date(),
    logger: spec.logger,
    checkpointFolder: spec.checkpointFolder,
  });
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
