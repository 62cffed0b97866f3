/**
 * The agent's side of compaction. It asks the pure decisions of `trigger.ts` at the end of every
 * turn and before every prompt, runs the compaction they call for (and the manual one), and
 * reports back to the guard so automatic compaction never loops.
 *
 * Every run is bracketed by `compaction_start` / `compaction_end` events with pi's payloads: a
 * failure or a cancellation becomes the end event's `errorMessage` / `aborted`, in pi's words, and
 * other extensions hear of it (pi 1.6.0's `session_compact_failed`). Nothing is written unless the whole compaction succeeded (see `compactSession`).
 * A manual run rejects on failure, so its caller can tell the user; an automatic run never
 * rejects: its end event carries the outcome and the agent goes on.
 */
import {
  afterCompaction,
  asCompactionError,
  AutoCompactionGuard,
  CompactionError,
  compactionInstructions,
  decideCompaction,
  MOVED_SINCE_PROPOSED,
  NOTHING_TO_COMPACT_TEXT,
  proposeCompaction,
  writeCompaction,
  type CompactionDecision,
  type CompactionProposal,
  type CompactSessionOptions,
  type CompactionModel,
  type CompactionResult,
  type CompactionTrigger,
  type Summarizer,
} from '../compaction';
import type { ArborHooks } from '../hooks';
import type { Session } from '../session';
import type { StopPoints } from '../util/stopPoints';
import type { ContextTracker } from './contextTracker';
import type { LiveConfiguration } from './liveConfiguration';

export type CompactionRunReason = 'manual' | 'threshold' | 'overflow';

export type CompactionEvent =
  | { type: 'compaction_start'; reason: CompactionRunReason }
  | {
      type: 'compaction_end';
      reason: CompactionRunReason;
      result?: CompactionResult;
      aborted: boolean;
      willRetry: boolean;
      /** The pinned section is over the pin budget (every pin was still carried): what the user is told. */
      pinWarning?: string;
      /** pi's words for the failure (its payload); `error` carries the reason. */
      errorMessage?: string;
      error?: CompactionError;
    };

export interface CompactionControlOptions {
  session: Session;
  tracker: ContextTracker;
  summarizer: Summarizer;
  /**
   * The settings and estimator as configured now (read at each use: they change between runs), and
   * how the meter measures the context now (estimator, calibration at the position, model):
   * compaction counts the same way.
   */
  config: Pick<LiveConfiguration, 'compaction' | 'estimator' | 'measure'> & Partial<Pick<LiveConfiguration, 'compactionInstructions' | 'pinBudget'>>;
  now: () => number;
  emit: (event: CompactionEvent) => void;
  /** Other extensions' handlers, asked before each compaction. */
  hooks?: ArborHooks | undefined;
  /** Where a kill test freezes the process mid-compaction (see util/stopPoints); default nowhere. */
  stopPoints?: StopPoints | undefined;
}

/** A compaction written, and the pin budget's warning when its pinned section is over it. */
interface Compacted {
  result: CompactionResult;
  pinWarning?: string;
}

/** One compaction to run: why, for which model, and how. */
export interface CompactionRun {
  reason: CompactionRunReason;
  /** True for overflow recovery: the agent retries the failed request afterwards. */
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
  /** Inputs wait for the agent: it continues by itself after an automatic compaction. */
  hasQueuedInput: boolean;
  signal: AbortSignal;
}

/** What the user did with a proposed compaction (see `CompactionControl.reviewed`). */
export type CompactionReviewAnswer =
  /** Write it, with `summary` as its text (the proposal's, or the user's change of it). */
  | { kind: 'accept'; summary: string }
  /** Propose again, with this focus (undefined: none). */
  | { kind: 'regenerate'; focus: string | undefined }
  | { kind: 'cancel' };

/** A manual compaction that the user sees before it is written. */
export interface ReviewedCompaction {
  /** The run for `focus`, with the signal of the work it is part of. */
  run(focus: string | undefined, signal: AbortSignal): CompactionRun;
  focus: string | undefined;
  /** Proposing and writing take the agent's turn (its signal stops them); the answer waits outside it. */
  hold<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Each proposing runs inside this (the glue shows its progress there). */
  proposing<T>(work: () => Promise<T>): Promise<T>;
  /** The user's answer to a proposal; the agent is free while they decide. */
  answer(proposal: CompactionProposal): Promise<CompactionReviewAnswer>;
}

/** A manual compaction: up to `upToEntryId` ("Compact up to here"); `review` shows each proposal to the user before it is written. */
export interface ManualCompactionOptions {
  upToEntryId?: string | undefined;
  review?: Pick<ReviewedCompaction, 'proposing' | 'answer'> | undefined;
}

/** A run with the models as configured now: the chat's (its window) and the summarizing one (reasoning, window, output limit). */
export function compactionRunOf(
  config: Pick<LiveConfiguration, 'modelInfo' | 'summaryModel' | 'compactionModel' | 'thinking'>,
  run: Pick<CompactionRun, 'reason' | 'willRetry' | 'customInstructions' | 'upToEntryId' | 'hasQueuedInput' | 'signal'>,
): CompactionRun {
  const summarizer = config.modelInfo(config.summaryModel());
  return {
    ...run,
    model: config.compactionModel(),
    thinkingLevel: config.thinking,
    modelReasoning: summarizer?.supportsThinking ?? false,
    summarizerContextWindow: summarizer?.contextWindow,
    maxOutputTokens: summarizer?.maxOutputTokens,
  };
}

/** pi's words before the reason of a failed compaction. */
const FAILURE_PREFIX: Record<CompactionRunReason, string> = {
  manual: 'Compaction failed: ',
  threshold: 'Auto-compaction failed: ',
  overflow: 'Context overflow recovery failed: ',
};

export class CompactionControl {
  readonly guard = new AutoCompactionGuard();

  /** The guard lives as long as the agent: new settings between runs do not reset it. */
  constructor(private readonly options: CompactionControlOptions) {}

  decide(trigger: CompactionTrigger, model: CompactionModel): CompactionDecision {
    const view = this.options.tracker.current();
    return decideCompaction({
      trigger,
      messages: view.messages,
      latestCompaction: view.latestCompaction,
      model,
      settings: this.options.config.compaction,
      guard: this.guard,
      generation: view.generation,
      measure: this.options.config.measure(),
      ...(view.edited ? { editedTrust: view.trust } : {}),
    });
  }

  /**
   * Runs one compaction. Returns whether the agent should continue by itself afterwards (the
   * overflow retry, or inputs waiting), or undefined when nothing was compacted.
   */
  async run(run: CompactionRun): Promise<{ continueAfterMs: number | undefined } | undefined> {
    const { reason, willRetry } = run;
    const { emit } = this.options;
    emit({ type: 'compaction_start', reason });
    let compacted: Compacted | undefined;
    try {
      compacted = await this.compact(run);
      if (!compacted) {
        emit({ type: 'compaction_end', reason, aborted: false, willRetry: false });
        return undefined;
      }
    } catch (thrown) {
      const error = this.failed(reason, willRetry, thrown);
      if (reason === 'manual') throw error;
      return undefined;
    }
    this.ended(run, compacted);
    return this.next(run);
  }

  /**
   * A manual compaction shown to the user before it is written (`arbor.compaction.preview`): each
   * proposal costs one summary request and is answered by the user. Accept writes that proposal
   * (no second request) with the text they accepted, Regenerate proposes again with a new focus,
   * Cancel writes nothing. One start event, one end event, as for any run. A proposal the session
   * moved past (a new entry, a move) is never written: writing it rejects ('failed'). Rejects like
   * a manual `run`.
   */
  async reviewed(steps: ReviewedCompaction): Promise<void> {
    this.options.emit({ type: 'compaction_start', reason: 'manual' });
    let focus = steps.focus;
    try {
      for (;;) {
        const proposal = await steps.proposing(() => steps.hold((signal) => this.propose(steps.run(focus, signal))));
        const answer = await steps.answer(proposal);
        if (answer.kind === 'cancel') throw new CompactionError('cancelled', 'Compaction cancelled');
        if (answer.kind === 'regenerate') {
          focus = answer.focus;
          continue;
        }
        // Refused before the agent's turn is taken: taking it would stop a run the user started meanwhile.
        if (this.options.session.leafId !== proposal.leafId) throw new CompactionError('failed', MOVED_SINCE_PROPOSED);
        const { run, compacted } = await steps.hold(async (signal) => {
          const run = steps.run(focus, signal);
          return { run, compacted: await this.write(proposal, answer.summary, run) };
        });
        this.ended(run, compacted);
        this.next(run);
        return;
      }
    } catch (thrown) {
      throw this.failed('manual', false, thrown);
    }
  }

  /**
   * An overflow again after the one recovery (pi's words in `message`): nothing is compacted; the
   * end event and the handlers' failure event say so. The request would have been sent again.
   */
  overflowGaveUp(message: string): void {
    const error = new CompactionError('overflow-recovery-failed', message);
    this.options.emit({ type: 'compaction_end', reason: 'overflow', aborted: false, willRetry: false, errorMessage: message, error });
    this.options.hooks?.didFailCompaction({ reason: 'overflow', errorMessage: message, aborted: false, willRetry: true, fromExtension: false });
  }

  /** The compaction itself: its result, or undefined when an automatic run found nothing to do (a manual one throws why). */
  private async compact(run: CompactionRun): Promise<Compacted | undefined> {
    const options = this.sessionOptions(run);
    const proposed = await proposeCompaction(this.options.session, options);
    if (proposed.kind === 'proposed') return this.written(proposed.proposal, options);
    if (run.reason === 'manual') throw new CompactionError('nothing-to-compact', NOTHING_TO_COMPACT_TEXT[proposed.reason], { nothing: proposed.reason });
    return undefined;
  }

  /** A manual proposal (nothing written); rejects with why when there is nothing to compact. */
  private async propose(run: CompactionRun): Promise<CompactionProposal> {
    const proposed = await proposeCompaction(this.options.session, this.sessionOptions(run));
    if (proposed.kind === 'proposed') return proposed.proposal;
    throw new CompactionError('nothing-to-compact', NOTHING_TO_COMPACT_TEXT[proposed.reason], { nothing: proposed.reason });
  }

  /** Writes an accepted proposal with `summary` (marked edited when it is not the proposal's own). */
  private write(proposal: CompactionProposal, summary: string, run: CompactionRun): Promise<Compacted> {
    return this.written(proposal, { ...this.sessionOptions(run), summary });
  }

  private async written(proposal: CompactionProposal, options: CompactSessionOptions): Promise<Compacted> {
    const outcome = await writeCompaction(this.options.session, proposal, options);
    if (outcome.kind !== 'compacted') throw new CompactionError('nothing-to-compact', NOTHING_TO_COMPACT_TEXT[outcome.reason], { nothing: outcome.reason });
    return { result: outcome.result, ...(outcome.pinWarning !== undefined ? { pinWarning: outcome.pinWarning } : {}) };
  }

  private sessionOptions(run: CompactionRun): CompactSessionOptions {
    const { now, summarizer } = this.options;
    const { compaction: settings, estimator } = this.options.config;
    // Before and after are measured as the meter measures, so the card's "after" is its next reading.
    const measure = this.options.config.measure();
    return {
      settings,
      summarizer,
      signal: run.signal,
      customInstructions: compactionInstructions(this.options.config.compactionInstructions, run.customInstructions),
      pinBudget: this.options.config.pinBudget,
      hooks: this.options.hooks,
      stopPoints: this.options.stopPoints,
      reason: run.reason,
      willRetry: run.willRetry,
      upToEntryId: run.upToEntryId,
      thinkingLevel: run.thinkingLevel,
      modelReasoning: run.modelReasoning,
      summarizerContextWindow: run.summarizerContextWindow,
      maxOutputTokens: run.maxOutputTokens,
      contextWindow: run.model.contextWindow,
      estimator,
      measure,
      now,
    };
  }

  /** The end event of a compaction written. */
  private ended(run: CompactionRun, { result, pinWarning }: Compacted): void {
    this.options.emit({ type: 'compaction_end', reason: run.reason, result, aborted: false, willRetry: run.willRetry, ...(pinWarning !== undefined ? { pinWarning } : {}) });
  }

  /** A run that wrote nothing: its end event and the handlers' failure event, in pi's words; the error to reject with. */
  private failed(reason: CompactionRunReason, willRetry: boolean, thrown: unknown): CompactionError {
    const error = asCompactionError(thrown);
    const errorMessage = FAILURE_PREFIX[reason] + error.message;
    this.options.emit(error.reason === 'cancelled' ? { type: 'compaction_end', reason, aborted: true, willRetry: false } : { type: 'compaction_end', reason, aborted: false, willRetry: false, errorMessage, error });
    // pi's session_compact_failed: a handler's cancel counts as stopped there too.
    const aborted = error.reason === 'cancelled' || error.reason === 'cancelled-by-extension';
    this.options.hooks?.didFailCompaction({ reason, ...(aborted ? {} : { errorMessage }), aborted, willRetry, fromExtension: error.fromExtension });
    return error;
  }

  /** After a compaction: tells the guard where the context stands, and whether to continue by itself. */
  private next(run: CompactionRun): { continueAfterMs: number | undefined } {
    const next = afterCompaction({
      reason: run.reason,
      willRetry: run.willRetry,
      messages: this.options.tracker.current().messages,
      model: run.model,
      settings: this.options.config.compaction,
      guard: this.guard,
      hasQueuedMessages: run.hasQueuedInput,
      measure: this.options.config.measure(),
    });
    return { continueAfterMs: next.continueAfter ? next.continueDelayMs : undefined };
  }
}
