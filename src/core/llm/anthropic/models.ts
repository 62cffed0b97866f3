/**
 * What Arbor knows about Claude models: context window, output limit, prices, thinking style (the
 * numbers of pi-ai 1.6.0's table, plus older models it no longer lists). A row matches its alias
 * (`claude-sonnet-4-5`) and the alias with a suffix (a date, `-latest`), but never a later minor
 * version (`claude-opus-4` is not `claude-opus-4-8`). An id no row matches gets conservative
 * defaults, no prices (cost 0) and `known: false`, so the UI can say the numbers are guesses.
 */
import type { ModelInfo, ModelPrices, ModelPricing, PriceTier } from '../provider';
import { PROVIDER } from './convert';

/** How a model is asked to think: a token budget, or adaptive with an effort level. */
export type ThinkingStyle = 'none' | 'budget' | 'adaptive';


export interface ModelFamily {
  /** The model's alias; it also matches ids that add a suffix to it other than a minor version (see `findFamily`). */
  prefix: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** USD per million tokens: input, output, cache read, cache write (5-minute). */
  prices: [number, number, number, number];
  /** Other prices for a request whose input (cache reads and writes included) is over a size. */
  tiers?: readonly PriceTier[];
  thinking: ThinkingStyle;
  /** Adaptive models with a native `xhigh` effort (others are asked `high` for it, as pi 1.6 does). */
  nativeXhigh?: boolean;
}

/** Newest first within each line of models (the order Select Model lists them in). */
export const MODEL_FAMILIES: readonly ModelFamily[] = [
  { prefix: 'claude-fable-5-2', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [8, 40, 0.2, 10], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-fable-5-1', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [10, 50, 0.25, 12.5], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-fable-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [10, 50, 1, 12.5], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-opus-5-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [4, 20, 0.2, 5], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-opus-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [5, 25, 0.5, 6.25], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-opus-4-8', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [5, 25, 0.5, 6.25], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-opus-4-7', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [5, 25, 0.5, 6.25], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-opus-4-6', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [5, 25, 0.5, 6.25], thinking: 'adaptive' },
  { prefix: 'claude-opus-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [5, 25, 0.5, 6.25], thinking: 'budget' },
  { prefix: 'claude-opus-4-1', contextWindow: 200_000, maxOutputTokens: 32_000, prices: [15, 75, 1.5, 18.75], thinking: 'budget' },
  { prefix: 'claude-opus-4', contextWindow: 200_000, maxOutputTokens: 32_000, prices: [15, 75, 1.5, 18.75], thinking: 'budget' },
  { prefix: 'claude-sonnet-5-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [2, 10, 0.1, 2.5], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-sonnet-5', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [2, 10, 0.2, 2.5], thinking: 'adaptive', nativeXhigh: true },
  { prefix: 'claude-sonnet-4-6', contextWindow: 1_000_000, maxOutputTokens: 128_000, prices: [3, 15, 0.3, 3.75], thinking: 'adaptive' },
  { prefix: 'claude-sonnet-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [3, 15, 0.3, 3.75], thinking: 'budget' },
  { prefix: 'claude-sonnet-4', contextWindow: 200_000, maxOutputTokens: 64_000, prices: [3, 15, 0.3, 3.75], thinking: 'budget' },
  {
    prefix: 'claude-haiku-5-5',
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    prices: [0.1, 0.5, 0.01, 0.125],
    tiers: [{ inputTokensAbove: 100_000, input: 0.5, output: 2.5, cacheRead: 0.05, cacheWrite: 0.625 }],
    thinking: 'adaptive',
    nativeXhigh: true,
  },
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

/**
 * The row of a model id: its alias, or the alias followed by `-` and a suffix that is not a minor
 * version (one or two digits): `claude-opus-4-20250514` and `claude-3-5-haiku-latest` are their
 * rows' models, `claude-opus-4-8` is not `claude-opus-4`'s (an unlisted `claude-opus-4-9` is unknown).
 */
export function findFamily(modelId: string): ModelFamily | undefined {
  return MODEL_FAMILIES.find(({ prefix }) => modelId === prefix || (modelId.startsWith(`${prefix}-`) && !MINOR_VERSION.test(modelId.slice(prefix.length + 1))));
}

/** A suffix that starts with a minor version: `8`, `12`, `8-20260101`. */
const MINOR_VERSION = /^\d{1,2}(-|$)/;

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
    const pricing: ModelPricing = { input, output, cacheRead, cacheWrite };
    if (family.tiers) pricing.tiers = family.tiers.map((tier) => ({ ...tier }));
    info.pricing = pricing;
  }
  return info;
}

/** Prices of replies this adapter wrote (provider `anthropic`) from the table; none for another provider's. */
export const anthropicPrices: ModelPrices = (provider, modelId) => (provider === PROVIDER ? lookupModel(modelId).pricing : undefined);

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}
