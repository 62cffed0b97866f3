/**
 * When automatic compaction runs and what the agent does after it (continue the task, or retry).
 * Pure decisions: the agent loop asks at the end of every run and before every user prompt,
 * executes the answer (compaction, events, timers) and reports back.
 *
 * pi's `checkCompaction`, in order: disabled → aborted reply (skipped at agent-end only) → reply
 * older than the latest compaction → overflow from the current model (recovered once per prompt)
 * → threshold (an error reply is measured from the last good usage, which must be newer than the
 * latest compaction; with context edits in the context, pi 1.6's projected estimate, as the meter
 * counts). Arbor's changes, each marked below:
 * - an unknown context window (0) never triggers the threshold (pi compacts after every turn);
 * - after a compaction that left the context over the threshold, no threshold compaction until
 *   new messages arrive (`AutoCompactionGuard`);
 * - before a prompt, the size of that prompt can be added, and messages appended after
 *   the reply (e.g. `!cmd` output) are estimated, as the token meter does;
 * - an overflow found before a prompt compacts without a retry: the prompt is the continuation;
 * - a retry after an overflow also drops a silently overflowing reply (pi only drops errors, and
 *   its `continue()` then fails on the trailing assistant);
 * - a reply cut at the output limit is recoverable below the limit the request asked for (pi: the
 *   model's own limit, which its requests ask for unless told otherwise; Arbor asks for
 *   `arbor.maxOutputTokens`, so a reply that used all of it is complete as configured).
 */
import type { AgentMessage, AssistantMessage, CompactionEntry } from '../session';
import { calculateContextTokens, compactionThreshold, measureContext, type CompactionThreshold, type MeasureOptions, type UsageTrust } from '../tokens';
import { OVERFLOW_RECOVERY_FAILED_MESSAGE, TRUNCATED_RECOVERY_FAILED_MESSAGE, type AutoCompactionGuard } from './autoGuard';
import { isContextOverflow, isRecoverableLength } from '../llm/overflow';

/** The model the next request goes to. */
export interface CompactionModel {
  provider: string;
  id: string;
  /** 0 or absent: unknown. */
  contextWindow?: number | undefined;
}

export type CompactionTrigger =
  /**
   * A run ended; `assistant` is its last assistant message. `desiredMaxOutput`: the output limit
   * the request asked for, given when a reply cut at the output limit (`length`) would end the run
   * (it holds no tool call): below that limit the cut was not the reply's own (see `isRecoverableLength`).
   */
  | { point: 'agent-end'; assistant: AssistantMessage; desiredMaxOutput?: number | undefined }
  /** A user prompt is about to be sent; `assistant` is the last one in the agent state (`findLastAssistant`). */
  | { point: 'before-prompt'; assistant: AssistantMessage | undefined; pendingPromptTokens?: number };

export interface DecideCompactionOptions {
  trigger: CompactionTrigger;
  /** The agent's current messages (its state, not the file). */
  messages: readonly AgentMessage[];
  /** The latest compaction entry on the current branch, if any. */
  latestCompaction: Pick<CompactionEntry, 'timestamp'> | undefined;
  model: CompactionModel | undefined;
  settings: CompactionThreshold;
  /** Records overflow attempts and post-compaction state; consulted and updated by the decision. */
  guard: AutoCompactionGuard;
  /** For the guard: a number that grows when messages are appended. Default `messages.length`. */
  generation?: number;
  /** Estimator and calibration for estimated parts (default pi's chars/4, uncalibrated). */
  measure?: Pick<MeasureOptions, 'estimator' | 'calibration'>;
  /**
   * Set when the context holds context edits: which of its usages may be trusted (`usageTrust`).
   * The threshold is then measured as pi 1.6 does, on the projected context (the meter's number).
   */
  editedTrust?: UsageTrust;
}

export type NoCompactionWhy =
  | 'disabled'
  | 'no-assistant'
  /** The run ended with a user abort (agent-end only). */
  | 'aborted'
  /** The reply is not newer than the latest compaction: its usage describes the old context. */
  | 'stale'
  | 'no-model'
  /** Arbor only: the window is unknown or the reserve leaves nothing. */
  | 'unknown-window'
  /** Error or all-zero reply and no usable usage in the context. */
  | 'no-usage'
  /** Error or all-zero reply whose last usable usage is not newer than the latest compaction. */
  | 'stale-usage'
  | 'under-threshold'
  /** Arbor: the last compaction could not get under the threshold and nothing was added since. */
  | 'waiting-for-new-messages';

export type CompactionDecision =
  | { kind: 'none'; why: NoCompactionWhy }
  | { kind: 'compact'; reason: 'threshold'; willRetry: false; dropTrailingError: false; contextTokens: number; threshold: number }
  /**
   * `dropTrailingError`: remove the trailing assistant (the overflowing reply) from the agent
   * state before compacting; it stays in the file. `willRetry`: continue after the compaction.
   */
  | { kind: 'compact'; reason: 'overflow'; willRetry: boolean; dropTrailingError: boolean }
  /** Overflow again after the one recovery: emit `compaction_end` with this error, do not compact. */
  | { kind: 'error'; reason: 'overflow'; message: string };

/** pi waits this long after a compaction before `agent.continue()`. */
export const CONTINUE_AFTER_COMPACTION_MS = 100;

export function decideCompaction(options: DecideCompactionOptions): CompactionDecision {
  const { trigger, messages, model, settings, guard } = options;
  const assistant = trigger.assistant;
  if (!settings.enabled) return none('disabled');
  if (!assistant) return none('no-assistant');
  if (trigger.point === 'agent-end' && assistant.stopReason === 'aborted') return none('aborted');
  const compactedAt = options.latestCompaction ? Date.parse(options.latestCompaction.timestamp) : undefined;
  const isStale = (message: AgentMessage): boolean => compactedAt !== undefined && message.timestamp <= compactedAt;
  if (isStale(assistant)) return none('stale');

  const contextWindow = model?.contextWindow ?? 0;
  const sameModel = model !== undefined && assistant.provider === model.provider && assistant.model === model.id;
  if (sameModel && isContextOverflow(assistant, contextWindow)) {
    if (guard.checkOverflow() === 'give-up') return { kind: 'error', reason: 'overflow', message: OVERFLOW_RECOVERY_FAILED_MESSAGE };
    return {
      kind: 'compact',
      reason: 'overflow',
      // Arbor: before a prompt, the prompt itself continues from the compacted context.
      willRetry: trigger.point === 'agent-end',
      dropTrailingError: messages[messages.length - 1]?.role === 'assistant',
    };
  }
  // pi 1.6.0: a reply cut short below the output limit asked for (the window, or the provider,
  // cut it) is recovered as an overflow: the attempt hidden, a compaction, one retry.
  if (trigger.point === 'agent-end' && sameModel && isRecoverableLength(assistant, trigger.desiredMaxOutput) && indexOfMessage(messages, assistant) >= 0) {
    if (guard.checkOverflow() === 'give-up') return { kind: 'error', reason: 'overflow', message: TRUNCATED_RECOVERY_FAILED_MESSAGE };
    return { kind: 'compact', reason: 'overflow', willRetry: true, dropTrailingError: messages[messages.length - 1]?.role === 'assistant' };
  }

  if (!model) return none('no-model');
  const threshold = compactionThreshold(contextWindow, settings);
  if (threshold === undefined) return none('unknown-window');
  const measure = { ...options.measure, modelKey: `${model.provider}/${model.id}` };
  let contextTokens: number;
  if (options.editedTrust) {
    contextTokens = measureContext(messages, { ...measure, trust: options.editedTrust }).contextTokens;
  } else if (assistant.stopReason === 'error' || !(calculateContextTokens(assistant.usage) > 0)) {
    // A failed reply, or one whose counters are all zero (no usage, as pi 1.6): from the last good usage.
    const measured = measureContext(messages, measure);
    if (measured.lastUsageIndex === null) return none('no-usage');
    if (isStale(messages[measured.lastUsageIndex]!)) return none('stale-usage');
    contextTokens = measured.contextTokens;
  } else {
    const at = indexOfMessage(messages, assistant);
    const after = at < 0 ? [] : messages.slice(at + 1);
    contextTokens = calculateContextTokens(assistant.usage) + measureContext(after, { ...measure, useReportedUsage: false }).contextTokens;
  }
  if (trigger.point === 'before-prompt') contextTokens += trigger.pendingPromptTokens ?? 0;

  const verdict = guard.checkThreshold({ overThreshold: contextTokens > threshold, generation: options.generation ?? messages.length });
  if (verdict !== 'compact') return none(verdict);
  return { kind: 'compact', reason: 'threshold', willRetry: false, dropTrailingError: false, contextTokens, threshold };
}

/** The last assistant message in the agent state (what the pre-prompt check looks at). */
export function findLastAssistant(messages: readonly AgentMessage[]): AssistantMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant') return message;
  }
  return undefined;
}

export interface AfterCompactionOptions {
  reason: 'manual' | 'threshold' | 'overflow';
  /** From the decision (always false for manual and threshold compactions). */
  willRetry: boolean;
  /** The agent's messages rebuilt from the session after the compaction entry was written. */
  messages: readonly AgentMessage[];
  model: CompactionModel | undefined;
  settings: Pick<CompactionThreshold, 'reserveTokens'>;
  guard: AutoCompactionGuard;
  /** The agent has steering/follow-up/custom messages waiting. */
  hasQueuedMessages: boolean;
  /** As in `decideCompaction`; default: the message count once the trailing reply is dropped. */
  generation?: number;
  measure?: Pick<MeasureOptions, 'estimator' | 'calibration'>;
}

export interface AfterCompaction {
  /** Overflow only: remove the last message (the overflowing reply, rebuilt from the file) from the agent state. */
  dropTrailingError: boolean;
  /** Call `agent.continue()` once, `continueDelayMs` later: the retry, or delivery of queued messages. */
  continueAfter: boolean;
  continueDelayMs: number;
  /** The compacted context is still over the threshold (reported to the guard). */
  stillOverThreshold: boolean;
}

/**
 * A compaction succeeded and the agent state was rebuilt: what to do next (retry, continue, nothing). Reports
 * the outcome to the guard, so a compaction that could not get under the threshold is not
 * repeated before new messages arrive. Manual compactions continue nothing (as in pi).
 */
export function afterCompaction(options: AfterCompactionOptions): AfterCompaction {
  const { messages, model, guard } = options;
  const last = messages[messages.length - 1];
  const dropTrailingError =
    options.reason === 'overflow' && last?.role === 'assistant' && (last.stopReason === 'error' || isContextOverflow(last, model?.contextWindow));
  const kept = dropTrailingError ? messages.slice(0, -1) : messages;
  const threshold = compactionThreshold(model?.contextWindow, options.settings);
  // Right after the compaction every usage in the context was reported before it: none is trusted.
  const measured = measureContext(kept, { ...options.measure, ...(model ? { modelKey: `${model.provider}/${model.id}` } : {}), trust: { from: kept.length, after: 'compaction' } });
  const stillOverThreshold = threshold !== undefined && measured.contextTokens > threshold;
  guard.compactionFinished({ stillOverThreshold, generation: options.generation ?? kept.length });
  return {
    dropTrailingError,
    continueAfter: options.willRetry || (options.reason !== 'manual' && options.hasQueuedMessages),
    continueDelayMs: CONTINUE_AFTER_COMPACTION_MS,
    stillOverThreshold,
  };
}

function none(why: NoCompactionWhy): CompactionDecision {
  return { kind: 'none', why };
}

/** The index of `message` in the list: the same object, else the assistant with its timestamp; -1 if absent. */
function indexOfMessage(messages: readonly AgentMessage[], message: AssistantMessage): number {
  const same = messages.lastIndexOf(message);
  if (same >= 0) return same;
  for (let i = messages.length - 1; i >= 0; i--) {
    const candidate = messages[i]!;
    if (candidate.role === 'assistant' && candidate.timestamp === message.timestamp) return i;
  }
  return -1;
}
