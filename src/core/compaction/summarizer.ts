/**
 * The summarizer port: one request in, one text out. The Anthropic adapter implements it; tests
 * use a scripted one that records requests. Compaction and branch summaries never see a model
 * object, an API key or a provider.
 */
import { systemClock, textParts, type LlmMessage, type StopReason, type Usage, type UsageCost } from '../session';
import type { NothingToCompactReason } from './compactSession';
import type { HookOwner } from '../hooks/chain';
import { SUMMARIZATION_SYSTEM_PROMPT } from './prompts';
import { summaryMaxTokens } from './settings';
import { errorMessage } from '../util/errors';

export interface SummaryRequest {
  systemPrompt: string;
  /** Always one user message holding the whole prompt. */
  messages: LlmMessage[];
  /** The model's output limit fitted into its window (`summaryMaxTokens`). */
  maxTokens: number;
  /** Reasoning level to ask for; absent: none. */
  reasoning?: string;
  signal?: AbortSignal;
}

export interface SummaryUsage {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  /** What the request cost, when the summarizer knows the model's prices. */
  cost?: UsageCost;
}

export interface SummaryResponse {
  /** The text blocks of the reply joined with "\n" (see `joinTextBlocks`); thinking left out. */
  text: string;
  /**
   * Why the reply ended (absent: it finished). `length`: it hit the output limit, so the summary is
   * cut off; never written, as pi 1.6 never writes it.
   */
  stopReason?: StopReason;
  /** The reply called a tool instead of (or besides) answering: not a summary (pi 1.6's rule). */
  calledTool?: boolean;
  usage?: SummaryUsage;
  /** The model that answered, for the record. */
  model?: string;
}

export interface Summarizer {
  /** Rejects on a provider error or when `signal` aborts; a reply cut at `length` or with a tool call resolves (the caller refuses it). */
  summarize(request: SummaryRequest): Promise<SummaryResponse>;
}

/**
 * Why a compaction (or a branch summary) did not happen: stopped; another extension's handler
 * cancelled it (`by` says which); the model failed to summarize; no model to ask; nothing to compact
 * (`nothing` says why); an overflow that compacting once did not cure; or something else failed
 * (the file could not be written, a bug).
 */
export type CompactionErrorReason =
  | 'cancelled'
  | 'cancelled-by-extension'
  | 'summarization-failed'
  | 'no-summarizer'
  | 'nothing-to-compact'
  | 'overflow-recovery-failed'
  | 'failed';

export class CompactionError extends Error {
  /** For 'nothing-to-compact': why there was nothing. */
  readonly nothing: NothingToCompactReason | undefined;
  /** For 'cancelled-by-extension': the extension whose handler cancelled. */
  readonly by: HookOwner | undefined;
  /** The compaction that failed was a handler's (its summary was being written). */
  readonly fromExtension: boolean;

  constructor(
    readonly reason: CompactionErrorReason,
    message: string,
    options?: { cause?: unknown; nothing?: NothingToCompactReason; by?: HookOwner; fromExtension?: boolean },
  ) {
    super(message, options);
    this.name = 'CompactionError';
    this.nothing = options?.nothing;
    this.by = options?.by;
    this.fromExtension = options?.fromExtension ?? false;
  }
}

/** Every failure of a compaction as a `CompactionError` with a reason (a write that failed, a bug: 'failed'). */
export function asCompactionError(error: unknown, fromExtension = false): CompactionError {
  if (!(error instanceof CompactionError)) return new CompactionError('failed', errorMessage(error), { cause: error, fromExtension });
  if (error.fromExtension || !fromExtension) return error;
  return new CompactionError(error.reason, error.message, { cause: error.cause, ...(error.nothing ? { nothing: error.nothing } : {}), ...(error.by ? { by: error.by } : {}), fromExtension });
}

/** What a run of requests cost: the entry's `usage` (pi's shape) and its `arbor` record. */
export interface SummaryTally {
  requests: number;
  usage: Required<Usage>;
  model: string | undefined;
}

export function newTally(): SummaryTally {
  return { requests: 0, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, model: undefined };
}

/** How adapters turn reply blocks into `SummaryResponse.text` (pi's rule: text blocks, "\n"). */
export function joinTextBlocks(content: readonly { type: string; text?: string }[]): string {
  return textParts(content).join('\n');
}

/** What sizes a summary request's output (see `summaryMaxTokens`). */
export interface SummaryLimits {
  /** The summarizing model's window. */
  contextWindow: number;
  /** Its output limit, when known. */
  maxOutputTokens?: number | undefined;
  /** Estimates the request's text (conservatively: an input counted too low leaves too much room). */
  estimateText: (text: string) => number;
}

export interface SummaryCall {
  summarizer: Summarizer;
  prompt: string;
  limits: SummaryLimits;
  reasoning?: string | undefined;
  signal?: AbortSignal | undefined;
  /** What the request is, at the start of its error messages (pi's words: "Summarization", "Turn prefix summarization", "Branch summarization"). */
  label: SummaryLabel;
  tally: SummaryTally;
  /** Milliseconds since the epoch, for the request message's timestamp (see `clockOrSystem`). */
  now: () => number;
}

/**
 * The injected clock, or the system clock when none was given. Compaction reads the time only
 * through this, so tests can fix it and core reads the real clock in one place (session/disk/).
 */
export function clockOrSystem(now: (() => number) | undefined): () => number {
  return now ?? (() => systemClock().getTime());
}

export type SummaryLabel = 'Summarization' | 'Turn prefix summarization' | 'Branch summarization';

/**
 * Sends one prompt; maps failures to `CompactionError` (cancelled when the signal fired) in pi
 * 1.6's words: a provider error, a reply cut at the output limit (its summary would be
 * incomplete), a reply that called a tool.
 */
export async function requestSummary(call: SummaryCall): Promise<string> {
  throwIfCancelled(call.signal);
  const request: SummaryRequest = {
    systemPrompt: SUMMARIZATION_SYSTEM_PROMPT,
    messages: [{ role: 'user', content: [{ type: 'text', text: call.prompt }], timestamp: call.now() }],
    maxTokens: summaryMaxTokens({ ...call.limits, inputTokens: call.limits.estimateText(SUMMARIZATION_SYSTEM_PROMPT + call.prompt) }),
    ...(call.reasoning ? { reasoning: call.reasoning } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
  };
  let response: SummaryResponse;
  try {
    response = await call.summarizer.summarize(request);
  } catch (error) {
    throwIfCancelled(call.signal);
    throw new CompactionError('summarization-failed', `${call.label} failed: ${describe(error)}`, { cause: error });
  }
  throwIfCancelled(call.signal);
  record(call.tally, response);
  if (response.stopReason === 'length') throw new CompactionError('summarization-failed', `${call.label} failed: generation hit the token cap and the summary is incomplete`);
  if (response.calledTool) throw new CompactionError('summarization-failed', `${call.label} attempted to call a tool`);
  return response.text;
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CompactionError('cancelled', 'Compaction cancelled');
}

function record(tally: SummaryTally, response: SummaryResponse): void {
  tally.requests++;
  tally.model ??= response.model;
  const usage = response.usage;
  if (!usage) return;
  const sum = tally.usage;
  sum.input += usage.input;
  sum.output += usage.output;
  sum.cacheRead += usage.cacheRead ?? 0;
  sum.cacheWrite += usage.cacheWrite ?? 0;
  sum.totalTokens = sum.input + sum.output + sum.cacheRead + sum.cacheWrite;
  if (!usage.cost) return;
  sum.cost.input += usage.cost.input;
  sum.cost.output += usage.cost.output;
  sum.cost.cacheRead += usage.cost.cacheRead;
  sum.cost.cacheWrite += usage.cost.cacheWrite;
  sum.cost.total += usage.cost.total;
}

function describe(error: unknown): string {
  const message = errorMessage(error);
  return message || 'Unknown error';
}
