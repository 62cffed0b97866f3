/**
 * The agent turn loop on a session. `prompt(text)` appends the user
 * message, then repeats: send the context, stream the reply, append it, run its tool calls in
 * order and append each result — until a reply asks for no tool. The file is synced at the end of
 * every turn. Compaction runs when a turn ends over the threshold (the task then goes on by
 * itself) and when the model says the prompt is too long (compact, retry once).
 *
 * Input sent while a run is going is queued and sent when the run has nothing left to do.
 * `abort()` stops the stream or the running tool; what was received is kept as an `aborted`
 * reply and every tool call gets a result, so the next request is valid.
 */
import { DEFAULT_COMPACTION_SETTINGS, navigateTree, type CompactionModel, type CompactionSettings, type NavigateResult, type Summarizer } from '../compaction';
import type { LlmProvider, ModelInfo, ThinkingLevel } from '../llm/provider';
import { providerSummarizer } from '../llm/summarizer';
import type { Session } from '../session';
import { contextStatus, piEstimator, type ContextStatus, type TokenEstimator } from '../tokens';
import { Emitter, type Event } from '../util/event';
import { errorMessage } from '../util/errors';
import { checkpointPathFor, FileCheckpointStore, noCheckpoints, recoverReply, type CheckpointStore } from './checkpoint';
import type { AgentSessionOptions } from './options';
import { CompactionControl } from './compactionControl';
import { composeSystemPrompt, NO_PROMPT_PARTS, type SystemPromptInput } from './systemPrompt';
import { ContextTracker } from './contextTracker';
import { silentLogger, type AgentEvent, type AgentLogger } from './events';
import { BusyState, InputQueue } from './inputQueue';
import { TurnLoop, type TurnHost } from './turnLoop';
import { ApprovalGate } from './tools/approval';
import type { ApprovalCallback, Tool } from './tools/tool';

const denyAll: ApprovalCallback = async () => 'deny';

interface ActiveRun {
  controller: AbortController;
  done: Promise<void>;
}

export class AgentSession {
  readonly session: Session;
  private readonly provider: LlmProvider;
  private readonly tools: readonly Tool[];
  private readonly options: AgentSessionOptions;
  private readonly logger: AgentLogger;
  private readonly estimator: TokenEstimator;
  private readonly events = new Emitter<AgentEvent>((error) => this.logger.error(`An agent event listener failed: ${errorMessage(error)}`));
  private readonly tracker: ContextTracker;
  private readonly compaction: CompactionControl;
  private readonly queue: InputQueue;
  private readonly checkpoints: CheckpointStore;
  private modelId: string;
  private summaryModelId: string | undefined;
  private thinking: ThinkingLevel;
  private run: ActiveRun | undefined;
  private readonly work: BusyState;
  private compactionController: AbortController | undefined;
  private readonly turns: TurnLoop;
  private readonly compactionSettings: CompactionSettings;

  /** Creates the agent and recovers a reply that a dead process left half-streamed. */
  static async create(options: AgentSessionOptions): Promise<AgentSession> {
    const agent = new AgentSession(options);
    await agent.recoverInterruptedReply();
    return agent;
  }

  constructor(options: AgentSessionOptions) {
    this.options = options;
    this.session = options.session;
    this.provider = options.provider;
    const gate = new ApprovalGate({ ask: options.approve ?? denyAll, allowed: options.allowedTools ?? [] });
    this.tools = gate.wrap(options.tools ?? []);
    this.logger = options.logger ?? silentLogger;
    this.estimator = options.estimator ?? piEstimator;
    this.modelId = options.settings.model;
    this.summaryModelId = options.settings.compactionModel || undefined;
    this.thinking = options.settings.thinkingLevel ?? 'off';
    this.compactionSettings = { ...DEFAULT_COMPACTION_SETTINGS, ...options.settings.compaction };
    this.tracker = new ContextTracker(this.session, (entry) => this.emit({ type: 'entry_appended', entry }));
    this.queue = new InputQueue((queued) => this.emit({ type: 'queue', queued }));
    this.work = new BusyState(this.queue, (text) => this.startRun(text));
    const file = this.session.file;
    this.checkpoints = options.checkpoints ?? (file ? new FileCheckpointStore(checkpointPathFor(file)) : noCheckpoints);
    this.compaction = new CompactionControl({
      session: this.session,
      tracker: this.tracker,
      summarizer: this.compactionSummarizer(),
      settings: this.compactionSettings,
      estimator: this.estimator,
      calibration: options.calibration,
      now: () => this.now(),
      emit: (event) => this.emit(event),
    });
    this.turns = new TurnLoop(this.turnHost());
  }

  private turnHost(): TurnHost {
    const { options } = this;
    return {
      session: this.session,
      provider: this.provider,
      tools: this.tools,
      tracker: this.tracker,
      compaction: this.compaction,
      checkpoints: this.checkpoints,
      estimator: this.estimator,
      calibration: options.calibration,
      logger: this.logger,
      root: options.root,
      systemPrompt: (input) => this.systemPrompt(input),
      maxTokens: options.settings.maxTokens,
      checkpointEveryMs: options.checkpointEveryMs,
      model: () => this.modelId,
      thinking: () => this.thinking,
      modelInfo: () => this.modelInfo(),
      compactionModel: () => this.compactionModel(),
      compactNow: (reason, willRetry, instructions, signal) => this.compactNow(reason, willRetry, instructions, signal),
      emit: (event) => this.emit(event),
      emitTokens: () => this.emitTokens(),
      now: () => this.now(),
      delay: (ms) => this.delay(ms),
    };
  }

  get onEvent(): Event<AgentEvent> {
    return this.events.event;
  }

  get isRunning(): boolean {
    return this.run !== undefined;
  }

  get model(): string {
    return this.modelId;
  }

  get thinkingLevel(): ThinkingLevel {
    return this.thinking;
  }

  /**
   * Sends a prompt and resolves when the run that answers it is over. While the agent is busy the
   * text is queued (pi's follow-up) and sent when the running work is done.
   */
  prompt(text: string): Promise<void> {
    return this.work.submit(text);
  }

  /** Stops the running reply, tool or compaction. */
  abort(): void {
    this.run?.controller.abort();
    this.compactionController?.abort();
  }

  /** Resolves when nothing runs and nothing is queued. */
  whenIdle(): Promise<void> {
    return this.work.whenIdle();
  }

  async setModel(modelId: string): Promise<void> {
    this.modelId = modelId;
    await this.turns.recordSettings();
    this.emitTokens(); // another window, another threshold
  }

  /** The model for compaction and branch summaries from the next one on (empty: the chat's model). */
  setCompactionModel(modelId: string | undefined): void {
    this.summaryModelId = modelId || undefined;
  }

  /** The model that writes summaries. */
  get compactionModelId(): string {
    return this.summaryModelId ?? this.modelId;
  }

  async setThinkingLevel(level: ThinkingLevel): Promise<void> {
    this.thinking = level;
    await this.turns.recordSettings();
  }

  /** The context size as the meter shows it and the trigger reads it. */
  status(): ContextStatus {
    const info = this.modelInfo();
    return contextStatus(this.tracker.current().messages, {
      estimator: this.estimator,
      ...(this.options.calibration ? { calibration: this.options.calibration } : {}),
      modelKey: `${this.provider.provider}/${this.modelId}`,
      contextWindow: info?.contextWindow,
      settings: this.compactionSettings,
    });
  }

  /**
   * Manual compaction (`/compact [focus]`): stops the run first; rejects when it fails or there is
   * nothing to do. `upToEntryId`: summarize up to and including that entry ("Compact up to here").
   */
  async compact(customInstructions?: string, options: { upToEntryId?: string } = {}): Promise<void> {
    // Busy at once, so input sent from now on is queued and sent after the compaction.
    await this.work.hold(
      (async () => {
        await this.stopRun();
        await this.compactNow('manual', false, customInstructions, undefined, options.upToEntryId);
      })(),
    );
  }

  /** Moves to another entry (as pi's /tree), optionally summarizing the branch left behind. */
  async navigate(targetId: string, options: { summarize?: boolean; customInstructions?: string; label?: string; atTarget?: boolean } = {}): Promise<NavigateResult> {
    return this.work.hold(
      (async () => {
        await this.stopRun();
        try {
          return await this.withStopper(undefined, (signal) =>
            navigateTree(this.session, targetId, {
              ...options,
              summarizer: options.summarize ? this.compactionSummarizer() : undefined,
              signal,
              reserveTokens: this.options.settings.branchSummaryReserveTokens,
              contextWindow: this.modelInfo(this.compactionModelId)?.contextWindow,
              estimator: this.estimator,
            }),
          );
        } finally {
          this.emitTokens();
        }
      })(),
    );
  }

  /** Appends the reply a dead process was streaming, as a stopped reply (see `checkpoint.ts`). */
  recoverInterruptedReply(): Promise<boolean> {
    return recoverReply(this.session, this.checkpoints, this.logger);
  }

  dispose(): void {
    this.abort();
    this.tracker.dispose();
    this.events.dispose();
  }

  // ---- the run ---------------------------------------------------------------------------------

  private startRun(text: string): Promise<void> {
    const controller = new AbortController();
    const done = this.execute(text, controller.signal);
    this.run = { controller, done };
    return this.work.hold(done.finally(() => (this.run = undefined)));
  }

  private async execute(first: string, signal: AbortSignal): Promise<void> {
    this.emit({ type: 'run_start' });
    try {
      for (let input: string | undefined = first; input !== undefined && !signal.aborted; input = this.queue.shift()) {
        await this.turns.startPrompt(input, signal);
        if (!signal.aborted) await this.turns.runTurns(signal);
      }
    } catch (error) {
      this.fail('internal', error);
    } finally {
      await this.session.sync().catch((error: unknown) => this.fail('write-failed', error));
      this.emit({ type: 'run_end', unsent: signal.aborted ? this.queue.drain() : [] });
    }
  }

  private async compactNow(
    reason: 'manual' | 'threshold' | 'overflow',
    willRetry: boolean,
    customInstructions?: string,
    runSignal?: AbortSignal,
    upToEntryId?: string,
  ): Promise<{ continueAfterMs: number | undefined } | undefined> {
    const summarizer = this.modelInfo(this.compactionModelId);
    const request = {
      reason,
      willRetry,
      model: this.compactionModel(),
      thinkingLevel: this.thinking,
      modelReasoning: summarizer?.supportsThinking ?? false,
      summarizerContextWindow: summarizer?.contextWindow,
      maxOutputTokens: summarizer?.maxOutputTokens,
      customInstructions,
      upToEntryId,
    };
    const result = await this.withStopper(runSignal, (signal) => this.compaction.run({ ...request, signal }, this.queue.size > 0));
    this.emitTokens();
    return result;
  }

  /** Runs `work` with a signal that `abort()` fires, and so does `runSignal` (a run being stopped). */
  private async withStopper<T>(runSignal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    runSignal?.addEventListener('abort', stop, { once: true });
    this.compactionController = controller;
    try {
      return await work(controller.signal);
    } finally {
      runSignal?.removeEventListener('abort', stop);
      this.compactionController = undefined;
    }
  }


  // ---- helpers ---------------------------------------------------------------------------------

  private async stopRun(): Promise<void> {
    const run = this.run;
    if (!run) return;
    run.controller.abort();
    await run.done;
  }

  private async systemPrompt(input: SystemPromptInput): Promise<string> {
    const given = this.options.systemPrompt;
    if (typeof given === 'string') return given;
    return given ? given.systemPrompt(input) : composeSystemPrompt(input, NO_PROMPT_PARTS);
  }

  private compactionModel(): CompactionModel {
    return { provider: this.provider.provider, id: this.modelId, contextWindow: this.modelInfo()?.contextWindow };
  }

  /** The given summarizer, else the compaction model (whichever is current when it is asked). */
  private compactionSummarizer(): Summarizer {
    return this.options.summarizer ?? { summarize: (request) => providerSummarizer(this.provider, { model: this.compactionModelId }).summarize(request) };
  }

  private modelInfo(modelId = this.modelId): ModelInfo | undefined {
    try {
      return this.provider.modelInfo(modelId);
    } catch {
      return undefined;
    }
  }

  private emitTokens(): void {
    this.emit({ type: 'tokens', status: this.status() });
  }

  private emit(event: AgentEvent): void {
    this.events.fire(event);
  }

  private fail(reason: string, error: unknown): void {
    this.logger.error(`Agent run failed (${reason}): ${errorMessage(error)}`);
    this.emit({ type: 'error', reason, message: errorMessage(error) });
  }

  private delay(ms: number): Promise<void> {
    return this.options.delay ? this.options.delay(ms) : new Promise((resolve) => setTimeout(resolve, ms));
  }

  private now(): number {
    return this.options.clock().getTime();
  }
}
