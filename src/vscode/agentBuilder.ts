// Builds the AgentSession for the current session from the settings, the key and the workspace:
// the Anthropic provider, the tools confined to the first workspace folder (none when the
// workspace is untrusted or there is no folder), the estimator the settings name.
import { AgentSession, type AgentLogger } from '../core/agent';
import { createTools } from '../core/agent/tools/registry';
import type { ApprovalCallback } from '../core/agent/tools/tool';
import { createAnthropicProvider } from '../core/llm';
import type { Session } from '../core/session';
import { loadTokenizerEstimator, piEstimator, type TokenEstimator } from '../core/tokens';
import { errorMessage } from '../core/util/errors';
import type { ArborConfig } from './config';

export interface AgentSpec {
  session: Session;
  config: ArborConfig;
  apiKey: string;
  /** The folder tools work in; undefined: no tools are offered. */
  toolRoot: string | undefined;
  allowedTools: readonly string[];
  approve: ApprovalCallback;
  logger: AgentLogger;
}

/** What decides whether an existing agent can serve the next prompt (anything else is read live). */
export function agentSignature(spec: Omit<AgentSpec, 'approve' | 'logger' | 'allowedTools'>): string {
  const { session, config, apiKey, toolRoot } = spec;
  return JSON.stringify([session.id, session.file, config, apiKey.length, hashKey(apiKey), toolRoot ?? null]);
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
      compaction: config.compaction,
    },
    estimator,
    // Estimates scaled by what the provider reported for the latest replies on the path to the position.
    calibrate: true,
    clock: () => new Date(),
    root: spec.toolRoot ?? spec.session.cwd,
    logger,
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
