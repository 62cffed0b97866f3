/**
 * The agent's side of compaction (when to run one, and running it): asks the decisions of `trigger.ts`
 * at the end of every turn and before every prompt, runs the compaction they call for through
 * `runCompaction` (events, failure texts), and reports back to the guard so it never loops.
 */
import {
  afterCompaction,
  AutoCompactionGuard,
  decideCompaction,
  runCompaction,
  type CompactionDecision,
  type CompactionEvent,
  type CompactionModel,
  type CompactionRunReason,
  type CompactionSettings,
  type CompactSessionOutcome,
  type CompactionTrigger,
  type Summarizer,
} from '../compaction';
import type { Session } from '../session';
import type { TokenCalibration, TokenEstimator } from '../tokens';
import type { ContextTracker } from './contextTracker';

export interface CompactionControlOptions {
  session: Session;
  tracker: ContextTracker;
  summarizer: Summarizer;
  settings: CompactionSettings;
  estimator: TokenEstimator;
  calibration: TokenCalibration | undefined;
  now: () => number;
  emit: (event: CompactionEvent) => void;
}

export interface CompactionRequest {
  reason: CompactionRunReason;
  willRetry: boolean;
  /** The chat's model: its window sets the threshold and what the compacted context must fit in. */
  model: CompactionModel;
  thinkingLevel: string;
  /** Whether the summarizing model reasons, its window and its output limit. */
  modelReasoning: boolean;
  summarizerContextWindow: number | undefined;
  maxOutputTokens: number | undefined;
  customInstructions?: string | undefined;
  /** "Compact up to here": the last entry to summarize (manual runs only). */
  upToEntryId?: string | undefined;
  signal: AbortSignal;
}

export class CompactionControl {
  readonly guard = new AutoCompactionGuard();

  constructor(private readonly options: CompactionControlOptions) {}

  decide(trigger: CompactionTrigger, model: CompactionModel): CompactionDecision {
    const view = this.options.tracker.current();
    return decideCompaction({
      trigger,
      messages: view.messages,
      latestCompaction: view.latestCompaction,
      model,
      settings: this.options.settings,
      guard: this.guard,
      generation: view.generation,
      measure: this.measure(),
    });
  }

  /**
   * Runs one compaction. Returns whether the agent should continue by itself afterwards (the
   * overflow retry, or inputs waiting), or undefined when nothing was compacted. A manual run
   * rejects on failure; automatic runs report failures in their end event only.
   */
  async run(request: CompactionRequest, hasQueuedInput: boolean): Promise<{ continueAfterMs: number | undefined } | undefined> {
    const { settings, estimator, now, emit } = this.options;
    const outcome: CompactSessionOutcome | undefined = await runCompaction(this.options.session, {
      reason: request.reason,
      willRetry: request.willRetry,
      emit,
      settings,
      summarizer: this.options.summarizer,
      signal: request.signal,
      customInstructions: request.customInstructions,
      upToEntryId: request.upToEntryId,
      thinkingLevel: request.thinkingLevel,
      modelReasoning: request.modelReasoning,
      summarizerContextWindow: request.summarizerContextWindow,
      maxOutputTokens: request.maxOutputTokens,
      contextWindow: request.model.contextWindow,
      estimator,
      now,
    });
    if (outcome?.kind !== 'compacted') return undefined;
    const next = afterCompaction({
      reason: request.reason,
      willRetry: request.willRetry,
      messages: this.options.tracker.current().messages,
      model: request.model,
      settings,
      guard: this.guard,
      hasQueuedMessages: hasQueuedInput,
      measure: this.measure(),
    });
    return { continueAfterMs: next.continueAfter ? next.continueDelayMs : undefined };
  }

  private measure(): { estimator: TokenEstimator; calibration?: TokenCalibration } {
    const { estimator, calibration } = this.options;
    return calibration ? { estimator, calibration } : { estimator };
  }
}
