/**
 * What Arbor knows about Claude models: context window, output limit, prices, thinking style.
 * Model ids are matched by family prefix, so dated ids (`claude-sonnet-4-5-20250929`) and aliases
 * (`claude-sonnet-4-5`) share one row. An id no row matches gets conservative defaults, no prices
 * (cost 0) and `known: false`, so the UI can say the numbers are guesses.
 */
import type { ModelInfo } from '../provider';

/** How a model is asked to think: a token budget, or adaptive with an effort level. */
export type ThinkingStyle = 'none' | 'budget' | 'adaptive';


export interface ModelFamily {
  /** Matches ids equal to it or starting with it followed by `-`. */
  prefix: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** USD per million tokens: input, output, cache read, cache write (5-minute). */
  prices: [number, number, number, number];
  thinking: ThinkingStyle;
  /** Adaptive models with a native `xhigh` effort (others are asked `high` for it, as pi 1.6 does). */
  nativeXhigh?: boolean;
}

/** Longer prefixes first: the first match wins. Prices and limits as Anthropic publishes them. */
export const MODEL_FAMILIES: readonly ModelFamily[] = [
  { prefix: 'claude-opus-4-7', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [5, 25, 0.5, 6.25], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-opus-4-6', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [5, 25, 0.5, 6.25], thinking: 'adaptive' },
  { prefix: 'claude-opus-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [5, 25, 0.5, 6.25], thinking: 'budget' },
  { prefix: 'claude-opus-4-1', contextWindow: 200_000, maxOutputTokens: 32_000, prices: [15, 75, 1.5, 18.75], thinking: 'budget' },
  { prefix: 'claude-opus-4', contextWindow: 200_000, maxOutputTokens: 32_000, prices: [15, 75, 1.5, 18.75], thinking: 'budget' },
  { prefix: 'claude-sonnet-4-6', contextWindow: 1_000_000, maxOutputTokens: 64_000, prices: [3, 15, 0.3, 3.75], thinking: 'adaptive' },
  { prefix: 'claude-sonnet-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [3, 15, 0.3, 3.75], thinking: 'budget' },
  { prefix: 'claude-sonnet-4', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [3, 15, 0.3, 3.75], thinking: 'budget' },
  { prefix: 'claude-haiku-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [1, 5, 0.1, 1.25], thinking: 'budget' },
  { prefix: 'claude-3-7-sonnet', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [3, 15, 0.3, 3.75], thinking: 'budget' },
  { prefix: 'claude-3-5-sonnet', contextWindow: 200_000, maxOutputTokens: 8_192, prices: [3, 15, 0.3, 3.75], thinking: 'none' },
  { prefix: 'claude-3-5-haiku', contextWindow: 200_000, maxOutputTokens: 8_192, prices: [0.8, 4, 0.08, 1], thinking: 'none' },
  { prefix: 'claude-3-opus', contextWindow: 200_000, maxOutputTokens: 4_096, prices: [15, 75, 1.5, 18.75], thinking: 'none' },
  { prefix: 'claude-3-haiku', contextWindow: 200_000, maxOutputTokens: 4_096, prices: [0.25, 1.25, 0.03, 0.3], thinking: 'none' },
];

/** For ids no family matches: small enough not to overrun any current Claude model. */
export const UNKNOWN_MODEL_DEFAULTS = { contextWindow: 200_000, maxOutputTokens: 8_192 } as const;

/** Settings that replace the table's numbers for one model id (e.g. a proxy with a smaller window). */
export interface ModelOverride {
  contextWindow?: number;
  maxOutputTokens?: number;
}

export type ModelOverrides = Readonly<Record<string, ModelOverride>>;

export function findFamily(modelId: string): ModelFamily | undefined {
  return MODEL_FAMILIES.find(({ prefix }) => modelId === prefix || modelId.startsWith(`${prefix}-`));
}

/** The model's metadata with the overrides for its id applied (only positive integers count). */
export function lookupModel(modelId: string, overrides: ModelOverrides = {}): ModelInfo {
  const family = findFamily(modelId);
  const override = Object.hasOwn(overrides, modelId) ? overrides[modelId] : undefined;
  const base = family ?? UNKNOWN_MODEL_DEFAULTS;
  const info: ModelInfo = {
    id: modelId,
    contextWindow: positive(override?.contextWindow) ?? base.contextWindow,
    maxOutputTokens: positive(override?.maxOutputTokens) ?? base.maxOutputTokens,
    supportsThinking: family !== undefined && family.thinking !== 'none',
    supportsImages: true,
    known: family !== undefined,
  };
  if (family) {
    const [input, output, cacheRead, cacheWrite] = family.prices;
    info.pricing = { input, output, cacheRead, cacheWrite };
  }
  return info;
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}
