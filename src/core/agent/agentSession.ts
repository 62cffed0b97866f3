/**
 * The agent turn loop on a session. `prompt(text)` appends the user
 * message, then repeats: send the context, stream the reply, append it, run its tool calls in
 * order and append each result — until a reply asks for no tool. The file is synced at the end of
 * every turn. Compaction runs when a turn ends over the threshold (the task then goes on by
 * itself) and when the model says the prompt is too long (compact, retry once).
 *
 * The agent owns what it is doing (`state`: idle, running, compacting or navigating, with the
 * inputs waiting) and says so with one `state` event; it tells the meter the context's size itself
 * (`tokens`) whenever that may have changed. It lives as long as its session: new settings, a new
 * key or another workspace folder reconfigure it between runs (`configure`), so what it learned
 * (the compaction guard, "allow always" answers) stays. The token calibration is not learned: it
 * comes from the replies in the file on the path to the position, so a reading depends on the file
 * and the settings only.
 *
 * Input sent while a run is going is queued and sent when the run has nothing left to do.
 * `abort()` stops the stream or the running tool; what was received is kept as an `aborted`
 * reply and every tool call gets a result, so the next request is valid.
 */
import type { Summarizer } from '../compaction';
import type { ThinkingLevel } from '../llm/provider';
import { providerSummarizer } from '../compaction/providerSummarizer';
import { navigateTree, type NavigateResult } from '../navigation';
import { messageRole, SessionError, type ImageContent, type Session, type SessionEntry } from '../session';
import { contextBreakdown, type ContextBreakdown, type ContextStatus } from '../tokens';
import { toolsOfRequest } from './extraTools';
import { Emitter, type Disposable, type Event } from '../util/event';
import { errorMessage } from '../util/errors';
import { checkpointStoreFor, recoverReply, type CheckpointStore } from './checkpoint';
import type { AgentConfiguration, AgentSessionOptions } from './options';
import { CompactionControl, compactionRunOf, type CompactionRun, type CompactionRunReason, type ManualCompactionOptions } from './compactionControl';
import { contextShape, type CompactionShape } from './compactionShape';
import type { ContextReport } from './contextReport';
import { buildNextRequest } from './nextRequest';
import { quotedContextFile, type ComposedPrompt } from './systemPrompt';
import { ContextTracker, type ContextView } from './contextTracker';
import { LiveConfiguration } from './liveConfiguration';
import { silentLogger, type Logger } from '../util/logger';
import type { AgentErrorReason, AgentEvent } from './events';
import { RunState, type AgentPhase, type AgentState, type PromptInput } from './runState';
import { Stopper } from './stopper';
import { TurnLoop } from './turnLoop';
import type { PositionMoves, TreeMoveOptions } from './move';
import { ApprovalGate } from './tools/approval';
import type { ApprovalCallback } from './tools/tool';

const denyAll: ApprovalCallback = async () => 'deny';
const MANUAL: AgentPhase = { kind: 'compacting', reason: 'manual' };

export class AgentSession implements Disposable {
  readonly session: Session;
  private readonly options: AgentSessionOptions;
  private readonly logger: Logger;
  private readonly events = new Emitter<AgentEvent>((error) => this.logger.error(`An agent event listener failed: ${errorMessage(error)}`));
  private readonly tracker: ContextTracker;
  private readonly compaction: CompactionControl;
  private readonly work: RunState;
  private readonly checkpoints: CheckpointStore;
  private readonly config: LiveConfiguration;
  private readonly turns: TurnLoop;
  private readonly moves: Disposable;
  private readonly stopper = new Stopper();
  /** The moves being made, one after the other (see `move`). */
  private moving: Promise<void> = Promise.resolve();
  /** What a move's steps may do to the position (see `move`). */
  private readonly positionMoves: PositionMoves = {
    navigate: (targetId, options = {}) => this.navigateNow(targetId, options),
    branch: (entryId) => (entryId === null ? this.session.resetLeaf() : this.session.branch(entryId)),
  };
  /** The run going on, until it has ended. */
  private run: Promise<void> | undefined;
  /** The system prompt of the last request built (the breakdown counts its parts without reading files). */
  private lastPrompt: ComposedPrompt | undefined;
  private composing = false;
  /** What the latest compaction put in the context, worked out once per compaction. */
  private shape: { view: ContextView; edits: number; shape: CompactionShape & { editSavings: number } } | undefined;

  /** Creates the agent and recovers a reply that a dead process left half-streamed. */
  static async create(options: AgentSessionOptions): Promise<AgentSession> {
    const agent = new AgentSession(options);
    await agent.recoverInterruptedReply().catch((error: unknown) => {
      // A file that cannot take it now (a full disk): the reply waits in memory, its checkpoint stays.
      if (!(error instanceof SessionError && error.reason === 'write-failed')) throw error;
      agent.logger.warn(`A recovered reply waits to be written: ${errorMessage(error)}`);
    });
    return agent;
  }

  constructor(options: AgentSessionOptions) {
    this.options = options;
    this.session = options.session;
    this.logger = options.logger ?? silentLogger;
    const gate = new ApprovalGate({ ask: options.approve ?? denyAll, allowed: options.allowedTools ?? [], ...(options.onWritten ? { onWritten: options.onWritten } : {}) });
    this.config = new LiveConfiguration(options, gate, (id) => this.session.getEntry(id), () => this.session.leafId);
    this.tracker = new ContextTracker(this.session, (entry) => this.appended(entry));
    this.work = new RunState((text) => this.startRun(text), (state) => this.stateChanged(state));
    this.checkpoints = options.checkpoints ?? checkpointStoreFor(this.session, options.checkpointFolder);
    this.compaction = new CompactionControl({
      session: this.session,
      tracker: this.tracker,
      summarizer: this.compactionSummarizer(),
      config: this.config,
      now: () => this.now(),
      emit: (event) => this.emit(event),
      hooks: options.hooks,
      stopPoints: options.stopPoints,
    });
    this.turns = new TurnLoop({
      session: this.session,
      config: this.config,
      tracker: this.tracker,
      compaction: this.compaction,
      checkpoints: this.checkpoints,
      logger: this.logger,
      checkpointEveryMs: options.checkpointEveryMs,
      ...(options.workspaceRecorder ? { files: options.workspaceRecorder } : {}),
      compactNow: (reason, willRetry, instructions, signal) => this.compactNow(reason, willRetry, instructions, signal),
      emit: (event) => this.emit(event),
      emitTokens: () => this.emitTokens(),
      requestBuilt: (next) => (this.lastPrompt = next.prompt),
      now: () => this.now(),
      delay: (ms) => this.delay(ms),
    });
    // A move (the tree, Undo Compaction, another writer followed) changes the context: a new reading.
    this.moves = this.session.onDidChange((change) => {
      if (change.kind === 'move') this.emitTokens();
    });
  }

  get onEvent(): Event<AgentEvent> {
    return this.events.event;
  }

  /** What the agent is doing, with the inputs waiting; every change comes as a `state` event. */
  get state(): AgentState {
    return this.work.state;
  }

  /** A prompt's run is going (it may be compacting by itself). */
  get isRunning(): boolean {
    return this.run !== undefined;
  }

  get model(): string {
    return this.config.model;
  }

  get thinkingLevel(): ThinkingLevel {
    return this.config.thinking;
  }

  /** Sends a prompt; resolves when the run answering it is over. While busy it is queued (pi's follow-up). */
  prompt(text: string, images?: readonly ImageContent[]): Promise<void> {
    return this.work.submit(images && images.length > 0 ? { text, images } : { text });
  }

  /** Takes a queued prompt back before it is sent (see RunState.remove); its text, or undefined. */
  unqueue(index: number, text: string): string | undefined {
    return this.work.remove(index, text);
  }

  /** Stops the running reply, tool or compaction. */
  abort(): void {
    this.stopper.stop();
  }

  /** Resolves when nothing runs and nothing is queued. */
  whenIdle(): Promise<void> {
    return this.work.whenIdle();
  }

  /**
   * New settings, key or workspace: applied at once when the agent is idle, else when its current
   * work ends (a run never changes model or tools halfway). The agent, and what it learned, stays.
   */
  configure(next: AgentConfiguration): void {
    this.config.request(next);
    if (!this.work.isBusy) this.applyPending();
  }

  /** Says again what the agent is doing and the context's size (for a view that starts listening). */
  announce(): void {
    this.emit({ type: 'state', state: this.state });
    this.emitTokens();
  }

  async setModel(modelId: string): Promise<void> {
    this.config.model = modelId;
    await this.turns.recordSettings();
    this.emitTokens(); // another window, another threshold
  }

  /** The model that writes compactions and branch summaries (`settings.compactionModel`, else the chat's model). */
  get compactionModelId(): string {
    return this.config.summaryModel();
  }

  async setThinkingLevel(level: ThinkingLevel): Promise<void> {
    this.config.thinking = level;
    await this.turns.recordSettings();
  }

  /**
   * The context size as the meter shows it and the trigger reads it: a function of the file, the
   * position and the settings (the calibration too comes from the file, at the position).
   */
  status(): ContextStatus {
    const view = this.tracker.current();
    return this.config.status(view, view.trust, (estimator) => view.wholeEstimate(estimator));
  }

  /**
   * The meter's number (`status`, plus the reply streaming now) taken apart, for the tooltip. The
   * system prompt's parts are those of the last request built; before one, they are composed once
   * in the background and a new reading follows.
   */
  breakdown(status: ContextStatus = this.status(), streamingTokens = 0): ContextBreakdown {
    if (!this.lastPrompt) this.composeInBackground();
    return this.breakdownOf(status, this.lastPrompt, streamingTokens);
  }

  /** Show Context: the next request as the provider would receive it now, and its parts, built once. */
  async showContext(): Promise<ContextReport> {
    const next = await buildNextRequest(this.config, this.session, this.tracker);
    this.lastPrompt = next.prompt;
    const status = this.status();
    const body = this.config.provider.requestBody?.({ ...next.request });
    return { request: next.request, ...(body ? { body } : {}), status, breakdown: this.breakdownOf(status, next.prompt, 0) };
  }

  /**
   * Manual compaction (`/compact [focus]`): stops the run first; rejects when it fails or there is
   * nothing to do. `upToEntryId`: summarize up to and including that entry ("Compact up to here").
   */
  async compact(customInstructions?: string, options: ManualCompactionOptions = {}): Promise<void> {
    const { upToEntryId, review } = options;
    if (!review) return void (await this.instead(MANUAL, () => this.compactNow('manual', false, customInstructions, undefined, upToEntryId)));
    // Reviewed (the preview): the agent's turn is taken only to propose and to write, never while the user decides.
    const hold = <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> => this.instead(MANUAL, () => this.compacting('manual', undefined, work));
    await this.compaction.reviewed({ ...review, focus: customInstructions, hold, run: (focus, signal) => this.compactionRun('manual', false, focus, signal, upToEntryId) });
  }

  /** Moves to another entry (as pi's /tree), optionally summarizing the branch left behind (stops a run first). */
  navigate(targetId: string, options: TreeMoveOptions = {}): Promise<NavigateResult> {
    return this.move((moves) => moves.navigate(targetId, options));
  }

  /**
   * A move and the work that goes with it (the files' restore and its record, telling the user) as
   * one piece of work: `navigating` until `steps` end (a run is stopped first), so input sent
   * meanwhile (`afterMove`) and another writer's continuation wait. Moves run one after the other.
   */
  move<T>(steps: (moves: PositionMoves) => Promise<T>): Promise<T> {
    const done = this.moving.then(() => this.instead({ kind: 'navigating' }, () => steps(this.positionMoves)));
    this.moving = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  /** Resolves when no move is being made (at once when none is). */
  afterMove(): Promise<void> {
    return this.moving;
  }

  /** Appends the reply a dead process was streaming, as a stopped reply (see `checkpoint.ts`). */
  recoverInterruptedReply(): Promise<boolean> {
    return recoverReply(this.session, this.checkpoints, this.logger);
  }

  dispose(): void {
    this.abort();
    this.moves.dispose();
    this.tracker.dispose();
    this.events.dispose();
  }

  // ---- the run ---------------------------------------------------------------------------------

  /** Inside a move: to `targetId` as the tree goes there, the summary (stoppable: `abort`) written at the new position. */
  private async navigateNow(targetId: string, options: TreeMoveOptions): Promise<NavigateResult> {
    const summaryModel = this.config.modelInfo(this.config.summaryModel());
    try {
      return await this.stopper.run(undefined, (signal) =>
        navigateTree(this.session, targetId, {
          ...options,
          summarizer: options.summarize ? this.compactionSummarizer() : undefined,
          signal,
          reserveTokens: this.config.branchSummaryReserveTokens,
          contextWindow: summaryModel?.contextWindow,
          maxOutputTokens: summaryModel?.maxOutputTokens,
          thinkingLevel: this.config.thinking,
          modelReasoning: summaryModel?.supportsThinking ?? false,
          estimator: this.config.estimator,
          hooks: this.options.hooks,
          stopPoints: this.options.stopPoints,
        }),
      );
    } finally {
      this.emitTokens();
    }
  }

  /** Work that takes the agent's turn at once (input sent from now on waits for it): the run stops first. */
  private instead<T>(phase: AgentPhase, work: () => Promise<T>): Promise<T> {
    return this.work.hold(phase, async () => {
      await this.stopRun();
      this.applyPending();
      return work();
    });
  }

  private startRun(input: PromptInput): Promise<void> {
    return this.work.hold({ kind: 'running' }, () => {
      this.applyPending();
      const done = this.stopper.run(undefined, (signal) => this.execute(input, signal)).finally(() => (this.run = undefined));
      this.run = done;
      return done;
    });
  }

  private async execute(first: PromptInput, signal: AbortSignal): Promise<void> {
    this.emit({ type: 'run_start' });
    let failed = false;
    try {
      // A stopped run takes nothing more from the queue: what waits there goes back to the user.
      for (let input: PromptInput | undefined = first; input !== undefined; input = signal.aborted ? undefined : this.work.shift()) {
        await this.turns.startPrompt(input, signal);
        if (!signal.aborted) await this.turns.runTurns(signal);
      }
    } catch (error) {
      failed = true;
      this.fail(error instanceof SessionError && error.reason === 'write-failed' ? 'write-failed' : 'internal', error);
    } finally {
      // A write that failed the run was told already; its entries wait in the session.
      await this.session.sync().catch((error: unknown) => failed || this.fail('write-failed', error));
      this.emit({ type: 'run_end', unsent: signal.aborted ? this.work.drain() : [] });
    }
  }

  private compactNow(
    reason: CompactionRunReason,
    willRetry: boolean,
    customInstructions?: string,
    runSignal?: AbortSignal,
    upToEntryId?: string,
  ): Promise<{ continueAfterMs: number | undefined } | undefined> {
    return this.compacting(reason, runSignal, (signal) => this.compaction.run(this.compactionRun(reason, willRetry, customInstructions, signal, upToEntryId)));
  }

  /** Compaction work: the phase says so, `abort` (or the run's `runSignal`) stops it, the meter reads after it. */
  private async compacting<T>(reason: CompactionRunReason, runSignal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const done = this.work.during({ kind: 'compacting', reason });
    try {
      return await this.stopper.run(runSignal, work);
    } finally {
      done();
      this.emitTokens();
    }
  }

  private compactionRun(reason: CompactionRunReason, willRetry: boolean, customInstructions: string | undefined, signal: AbortSignal, upToEntryId?: string): CompactionRun {
    return compactionRunOf(this.config, { reason, willRetry, customInstructions, upToEntryId, hasQueuedInput: this.work.queuedCount > 0, signal });
  }

  // ---- configuration, state, readings ------------------------------------------------------------

  /** A configuration that waited is taken on: the meter gets the reading it gives. */
  private applyPending(): void {
    if (this.config.applyPending()) this.emitTokens();
  }

  private stateChanged(state: AgentState): void {
    this.emit({ type: 'state', state });
    if (state.phase.kind === 'idle') this.applyPending();
  }

  /** Every entry added is announced; one that is not a reply changes the context's size (a reply's reading comes once the turn has recorded it). */
  private appended(entry: SessionEntry): void {
    this.emit({ type: 'entry_appended', entry });
    if (messageRole(entry) !== 'assistant') this.emitTokens();
  }

  private breakdownOf(status: ContextStatus, prompt: ComposedPrompt | undefined, streamingTokens: number): ContextBreakdown {
    const view = this.tracker.current();
    const compacted = view.latestCompaction !== undefined;
    // A compaction rebuilds the view and an edit is counted in it: either can change what was kept; appends cannot.
    if (this.shape?.view !== view || this.shape.edits !== view.editsApplied) this.shape = { view, edits: view.editsApplied, shape: contextShape(this.session.getBranch(), view.latestCompaction, view.edited, this.config.estimator) };
    const { shape } = this.shape;
    return contextBreakdown({
      status,
      messages: view.messages,
      estimator: this.config.estimator,
      prompt: prompt && { text: prompt.text, contextFiles: prompt.parts.contextFiles.map((file) => ({ path: file.path, quoted: quotedContextFile(file) })) },
      ...toolsOfRequest(this.config.declaredTools(this.session.getBranch(), compacted)),
      ...shape,
      streamingTokens,
    });
  }

  private composeInBackground(): void {
    if (this.composing) return;
    this.composing = true;
    buildNextRequest(this.config, this.session, this.tracker)
      .then((next) => {
        this.lastPrompt ??= next.prompt;
        this.emitTokens();
      })
      .catch((error: unknown) => this.logger.warn(`Could not compose the system prompt for the meter: ${errorMessage(error)}`));
  }

  private emitTokens(): void {
    this.emit({ type: 'tokens', status: this.status() });
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private async stopRun(): Promise<void> {
    const run = this.run;
    if (!run) return;
    this.stopper.stop();
    await run;
  }

  /** The given summarizer, else the compaction model (whichever is current when it is asked). */
  private compactionSummarizer(): Summarizer {
    return this.options.summarizer ?? { summarize: (request) => providerSummarizer(this.config.provider, { model: this.config.summaryModel() }).summarize(request) };
  }

  private emit(event: AgentEvent): void {
    this.events.fire(event);
  }

  private fail(reason: AgentErrorReason, error: unknown): void {
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
