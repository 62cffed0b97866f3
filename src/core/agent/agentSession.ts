/**
 * The agent turn loop on a session (DESIGN "AgentSession"). `prompt(text)` appends the user
 * message, then repeats: send the context, stream the reply, append it, run its tool calls in
 * order and append each result — until a reply asks for no tool. The file is synced at the end of
 * every turn. Compaction runs when a turn ends over the threshold (the task then goes on by
 * itself) and when the model says the prompt is too long (compact, retry once).
 *
 * Input sent while a run is going is queued and sent when the run has nothing left to do.
 * `abort()` stops the stream or the running tool; what was received is kept as an `aborted`
 * reply and every tool call gets a result, so the next request is valid.
 */
import { DEFAULT_COMPACTION_SETTINGS, findLastAssistant, navigateTree, type CompactionModel, type CompactionSettings, type NavigateResult, type Summarizer } from '../compaction';
import type { LlmProvider, ModelInfo, ThinkingLevel } from '../llm/provider';
import { providerSummarizer } from '../llm/summarizer';
import type { AssistantMessage, Session, ToolCall } from '../session';
import { contextStatus, piEstimator, type ContextStatus, type TokenCalibration, type TokenEstimator } from '../tokens';
import { Emitter, type Event } from '../util/event';
import { errorMessage } from '../util/errors';
import { checkpointPathFor, FileCheckpointStore, noCheckpoints, type CheckpointStore } from './checkpoint';
import { CompactionControl } from './compactionControl';
import { ContextTracker } from './contextTracker';
import { silentLogger, type AgentEvent, type AgentLogger } from './events';
import { InputQueue } from './inputQueue';
import { missingResult } from './requestMessages';
import { streamReply, type StreamedReply } from './streamReply';
import { defaultSystemPrompt } from './systemPrompt';
import { runToolCall } from './toolRunner';
import { ApprovalGate } from './tools/approval';
import type { ApprovalCallback, Tool, ToolResult } from './tools/tool';

const denyAll: ApprovalCallback = async () => 'deny';

export interface AgentSettings {
  model: string;
  /** Default: the model's output limit. */
  maxTokens?: number;
  thinkingLevel?: ThinkingLevel;
  compaction?: Partial<CompactionSettings>;
  /** branchSummary.reserveTokens (default 16384). */
  branchSummaryReserveTokens?: number;
}

export interface AgentSessionOptions {
  session: Session;
  provider: LlmProvider;
  tools?: readonly Tool[];
  /** Asked before a tool that needs approval; without it such tools are denied unless allowed. */
  approve?: ApprovalCallback;
  /** Tools that run without asking (settings, `--yes`). */
  allowedTools?: readonly string[];
  settings: AgentSettings;
  /** Default pi's chars/4; the glue passes the tokenizer estimator. */
  estimator?: TokenEstimator;
  calibration?: TokenCalibration;
  clock: () => Date;
  /** The workspace root tools are confined to. */
  root: string;
  logger?: AgentLogger;
  /** Default: summaries by the same provider and model. */
  summarizer?: Summarizer;
  systemPrompt?: string;
  /** Default: a file beside the session file (none for in-memory sessions). */
  checkpoints?: CheckpointStore;
  checkpointEveryMs?: number;
  /** How the agent waits before continuing after a compaction (tests pass a fast one). */
  delay?: (ms: number) => Promise<void>;
}

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
  private thinking: ThinkingLevel;
  private run: ActiveRun | undefined;
  private busy: Promise<unknown> | undefined;
  private compactionController: AbortController | undefined;

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
    this.thinking = options.settings.thinkingLevel ?? 'off';
    this.tracker = new ContextTracker(this.session, (entry) => this.emit({ type: 'entry_appended', entry }));
    this.queue = new InputQueue((queued) => this.emit({ type: 'queue', queued }));
    const file = this.session.file;
    this.checkpoints = options.checkpoints ?? (file ? new FileCheckpointStore(checkpointPathFor(file)) : noCheckpoints);
    this.compaction = new CompactionControl({
      session: this.session,
      tracker: this.tracker,
      summarizer: this.compactionSummarizer(),
      settings: { ...DEFAULT_COMPACTION_SETTINGS, ...options.settings.compaction },
      estimator: this.estimator,
      calibration: options.calibration,
      now: () => this.now(),
      emit: (event) => this.emit(event),
    });
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
    if (this.busy) {
      this.queue.push(text);
      return this.whenIdle();
    }
    return this.startRun(text);
  }

  /** Stops the running reply, tool or compaction. */
  abort(): void {
    this.run?.controller.abort();
    this.compactionController?.abort();
  }

  /** Resolves when nothing runs and nothing is queued. */
  async whenIdle(): Promise<void> {
    while (this.busy) await this.busy.catch(() => undefined);
  }

  async setModel(modelId: string): Promise<void> {
    this.modelId = modelId;
    await this.recordSettings();
  }

  async setThinkingLevel(level: ThinkingLevel): Promise<void> {
    this.thinking = level;
    await this.recordSettings();
  }

  /** The context size as the meter shows it and the trigger reads it. */
  status(): ContextStatus {
    const info = this.modelInfo();
    return contextStatus(this.tracker.current().messages, {
      estimator: this.estimator,
      ...(this.options.calibration ? { calibration: this.options.calibration } : {}),
      modelKey: `${this.provider.provider}/${this.modelId}`,
      contextWindow: info?.contextWindow,
      settings: { ...DEFAULT_COMPACTION_SETTINGS, ...this.options.settings.compaction },
    });
  }

  /** Manual compaction (`/compact [focus]`): stops the run first; rejects when it fails or there is nothing to do. */
  async compact(customInstructions?: string): Promise<void> {
    // Busy at once, so input sent from now on is queued (J.99).
    await this.holdBusy(
      (async () => {
        await this.stopRun();
        await this.compactNow('manual', false, customInstructions);
      })(),
    );
  }

  /** Moves to another entry (BRANCHING §3), optionally summarizing the branch left behind. */
  async navigate(targetId: string, options: { summarize?: boolean; customInstructions?: string; label?: string } = {}): Promise<NavigateResult> {
    return this.holdBusy(
      (async () => {
        await this.stopRun();
        const controller = new AbortController();
        this.compactionController = controller;
        try {
          return await navigateTree(this.session, targetId, {
            ...options,
            summarizer: options.summarize ? this.compactionSummarizer() : undefined,
            signal: controller.signal,
            reserveTokens: this.options.settings.branchSummaryReserveTokens,
            contextWindow: this.modelInfo()?.contextWindow,
            estimator: this.estimator,
          });
        } finally {
          this.compactionController = undefined;
          this.emitTokens();
        }
      })(),
    );
  }

  /** Appends the reply a dead process was streaming, as a stopped reply (see `checkpoint.ts`). */
  async recoverInterruptedReply(): Promise<boolean> {
    const checkpoint = await this.checkpoints.load();
    if (!checkpoint) return false;
    const usable = checkpoint.sessionId === this.session.id && checkpoint.parentId === this.session.leafId && checkpoint.message.content.length > 0;
    if (usable) {
      await this.session.appendMessage({ ...checkpoint.message, stopReason: 'aborted' });
      await this.session.sync();
      this.logger.info('Recovered a reply that was interrupted when the previous process stopped.');
    } else {
      this.logger.info('Dropped an old reply checkpoint that does not continue the current position.');
    }
    await this.checkpoints.clear();
    return usable;
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
    return this.holdBusy(done.finally(() => (this.run = undefined)));
  }

  private async execute(first: string, signal: AbortSignal): Promise<void> {
    this.emit({ type: 'run_start' });
    try {
      for (let input: string | undefined = first; input !== undefined && !signal.aborted; input = this.queue.shift()) {
        await this.startPrompt(input, signal);
        await this.runTurns(signal);
      }
    } catch (error) {
      this.fail('internal', error);
    } finally {
      await this.session.sync().catch((error: unknown) => this.fail('write-failed', error));
      this.emit({ type: 'run_end', unsent: signal.aborted ? this.queue.drain() : [] });
    }
  }

  private async startPrompt(text: string, signal: AbortSignal): Promise<void> {
    this.compaction.guard.promptStarted();
    await this.recordSettings();
    await this.answerOpenToolCalls();
    const view = this.tracker.current();
    const decision = this.compaction.decide(
      { point: 'before-prompt', assistant: findLastAssistant(view.messages), pendingPromptTokens: this.estimator.estimateText(text) },
      this.compactionModel(),
    );
    if (decision.kind === 'compact') await this.compactNow(decision.reason, false, undefined, signal);
    await this.session.appendMessage({ role: 'user', content: [{ type: 'text', text }], timestamp: this.now() });
  }

  /** Turns until a reply asks for no tool, the run is stopped, or a reply fails. */
  private async runTurns(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { message, error } = await this.requestReply(signal);
      if (message.stopReason === 'aborted') return;
      if (message.stopReason === 'error') {
        if (await this.recoverFromError(message, error?.reason, signal)) continue;
        return;
      }
      const calls = message.content.filter((block): block is ToolCall => block.type === 'toolCall');
      for (const call of calls) await this.appendToolResult(call, await runToolCall(call, this.toolOptions(signal)));
      await this.session.sync();
      if (signal.aborted) return;
      const compacted = await this.autoCompact(message, signal);
      // The task goes on by itself when it had more to do (the compaction cut the run short).
      if (calls.length === 0) return;
      if (compacted && compacted.continueAfterMs !== undefined) await this.delay(compacted.continueAfterMs);
    }
  }

  private async requestReply(signal: AbortSignal): Promise<StreamedReply> {
    const info = this.modelInfo();
    const parentId = this.session.leafId;
    const specs = this.tools.map((tool) => tool.spec);
    let checkpointed = false;
    const streamed = await streamReply({
      provider: this.provider,
      request: {
        model: this.modelId,
        systemPrompt: this.options.systemPrompt ?? defaultSystemPrompt({ root: this.options.root, tools: specs }),
        messages: this.tracker.current().request.snapshot(),
        ...(specs.length > 0 ? { tools: specs } : {}),
        maxTokens: this.options.settings.maxTokens ?? info?.maxOutputTokens ?? 8192,
        ...(this.thinking !== 'off' && info?.supportsThinking !== false ? { thinking: this.thinking } : {}),
        signal,
      },
      emit: (event) => this.emit(event),
      now: () => this.now(),
      checkpoint: (message) => {
        checkpointed = true;
        this.checkpoints.save({ version: 1, sessionId: this.session.id, parentId, message }).catch((error: unknown) => this.logger.warn(`Could not save a reply checkpoint: ${errorMessage(error)}`));
      },
      ...(this.options.checkpointEveryMs !== undefined ? { checkpointEveryMs: this.options.checkpointEveryMs } : {}),
    });
    // Our clock stamps the reply, like every entry, so its order against compactions is sound.
    const message: AssistantMessage = { ...streamed.message, timestamp: this.now() };
    await this.session.appendMessage(message);
    if (checkpointed) await this.checkpoints.clear();
    this.emit({ type: 'reply_end', message });
    this.compaction.guard.assistantEnded(message, info?.contextWindow);
    if (message.stopReason !== 'aborted' && message.stopReason !== 'error') {
      this.options.calibration?.learnFromMessages(this.tracker.current().messages, this.estimator, this.tracker.current().messages.length - 1);
    }
    if (streamed.error) this.logger.warn(`The model request failed (${streamed.error.reason}).`);
    this.emitTokens();
    return streamed.error ? { message, error: streamed.error } : { message };
  }

  /** An error reply: overflow → compact and retry once (§4, §5.12); anything else ends the run. */
  private async recoverFromError(message: AssistantMessage, reason: string | undefined, signal: AbortSignal): Promise<boolean> {
    const decision = this.compaction.decide({ point: 'agent-end', assistant: message }, this.compactionModel());
    if (decision.kind === 'compact' && decision.reason === 'overflow') {
      const next = await this.compactNow('overflow', decision.willRetry, undefined, signal);
      if (next?.continueAfterMs !== undefined && !signal.aborted) {
        await this.delay(next.continueAfterMs);
        return true;
      }
      return false;
    }
    if (decision.kind === 'compact') await this.compactNow(decision.reason, false, undefined, signal);
    if (decision.kind === 'error') {
      this.emit({ type: 'compaction_end', reason: 'overflow', aborted: false, willRetry: false, errorMessage: decision.message });
      this.emit({ type: 'error', reason: 'context-overflow', message: decision.message });
      return false;
    }
    this.emit({ type: 'error', reason: reason ?? 'error', message: message.errorMessage ?? 'The model request failed' });
    return false;
  }

  private async autoCompact(reply: AssistantMessage, signal: AbortSignal): Promise<{ continueAfterMs: number | undefined } | undefined> {
    const decision = this.compaction.decide({ point: 'agent-end', assistant: reply }, this.compactionModel());
    if (decision.kind !== 'compact') return undefined;
    return this.compactNow(decision.reason, decision.willRetry, undefined, signal);
  }

  private async compactNow(
    reason: 'manual' | 'threshold' | 'overflow',
    willRetry: boolean,
    customInstructions?: string,
    runSignal?: AbortSignal,
  ): Promise<{ continueAfterMs: number | undefined } | undefined> {
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    runSignal?.addEventListener('abort', stop, { once: true });
    this.compactionController = controller;
    try {
      const info = this.modelInfo();
      const result = await this.compaction.run(
        {
          reason,
          willRetry,
          model: this.compactionModel(),
          thinkingLevel: this.thinking,
          modelReasoning: info?.supportsThinking ?? false,
          maxOutputTokens: info?.maxOutputTokens,
          customInstructions,
          signal: controller.signal,
        },
        this.queue.size > 0,
      );
      this.emitTokens();
      return result;
    } finally {
      runSignal?.removeEventListener('abort', stop);
      this.compactionController = undefined;
    }
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /** Model and thinking level are entries of the branch (pi writes them the same way). */
  private async recordSettings(): Promise<void> {
    const view = this.tracker.current();
    if (view.model?.modelId !== this.modelId || view.model.provider !== this.provider.provider) {
      await this.session.appendModelChange(this.provider.provider, this.modelId);
    }
    if (view.thinkingLevel !== this.thinking) await this.session.appendThinkingLevelChange(this.thinking);
  }

  /** Calls left without a result (a process that died mid-tool) are answered in the file before the next prompt. */
  private async answerOpenToolCalls(): Promise<void> {
    for (const call of this.tracker.current().request.unansweredCalls()) {
      await this.session.appendMessage(missingResult(call, this.now()));
    }
  }

  private async appendToolResult(call: ToolCall, result: ToolResult): Promise<void> {
    await this.session.appendMessage({
      role: 'toolResult',
      toolCallId: call.id,
      toolName: call.name,
      content: result.content,
      ...(result.details !== undefined ? { details: result.details } : {}),
      isError: result.isError,
      timestamp: this.now(),
    });
  }

  private toolOptions(signal: AbortSignal): Parameters<typeof runToolCall>[1] {
    return { tools: this.tools, root: this.options.root, signal, emit: (event) => this.emit(event) };
  }

  private async stopRun(): Promise<void> {
    const run = this.run;
    if (!run) return;
    run.controller.abort();
    await run.done;
  }

  /** Marks the agent busy until `work` settles; then sends what was queued meanwhile (J.99). */
  private holdBusy<T>(work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => {
      if (this.busy !== tracked) return;
      this.busy = undefined;
      const next = this.queue.shift();
      if (next !== undefined) void this.startRun(next);
    });
    this.busy = tracked;
    return tracked;
  }

  private compactionModel(): CompactionModel {
    return { provider: this.provider.provider, id: this.modelId, contextWindow: this.modelInfo()?.contextWindow };
  }

  /** The given summarizer, else the session's own model (whichever is current when it is asked). */
  private compactionSummarizer(): Summarizer {
    return this.options.summarizer ?? { summarize: (request) => providerSummarizer(this.provider, { model: this.modelId }).summarize(request) };
  }

  private modelInfo(): ModelInfo | undefined {
    try {
      return this.provider.modelInfo(this.modelId);
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
