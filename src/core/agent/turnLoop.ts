/**
 * One prompt's turns (the inner loop of `AgentSession`): append the user message, then send the
 * context, stream the reply, append it, run its tool calls in order and append their results —
 * until a reply asks for no tool, fails, or is stopped. Compaction is decided at the end of every
 * turn and on an overflow error; the host runs it. The file is synced at the end of every turn.
 */
import { findLastAssistant } from '../compaction';
import type { LlmErrorReason } from '../llm/provider';
import { promptContent, type AssistantMessage, type Session, type ToolCall, type UserMessage } from '../session';
import { foreignToolLabel } from './tools/foreignTools';
import { errorMessage } from '../util/errors';
import type { WorkspaceRecorder } from '../checkpoints/recorder';
import type { CheckpointStore } from './checkpoint';
import type { CompactionControl } from './compactionControl';
import type { ContextTracker } from './contextTracker';
import type { PromptInput } from './runState';
import type { Logger } from '../util/logger';
import type { AgentEvent } from './events';
import type { LiveConfiguration } from './liveConfiguration';
import { missingResult } from './requestMessages';
import { streamReply, type StreamedReply } from './streamReply';
import { runToolCall } from './toolRunner';
import { hideFailedAttempt } from './failedAttempt';
import { buildNextRequest, type NextRequest } from './nextRequest';
import type { ToolResult } from './tools/tool';

/** A prompt's user message waiting for the record of the files before it. */
interface PendingPrompt {
  message: UserMessage;
  /** Lets the append go: the first request is built (without the message), or none will be. */
  release: () => void;
  /** The files before the prompt recorded, then the message appended. */
  appended: Promise<void>;
}

/** What the turns need from the agent that runs them. */
export interface TurnHost {
  readonly session: Session;
  /** The provider, model, tools and estimator, as configured now (read at each use). */
  readonly config: LiveConfiguration;
  readonly tracker: ContextTracker;
  readonly compaction: CompactionControl;
  readonly checkpoints: CheckpointStore;
  readonly logger: Logger;
  readonly checkpointEveryMs: number | undefined;
  /** Records the workspace's files (optional: without it nothing is recorded). */
  readonly files?: WorkspaceRecorder;
  /** Runs a compaction; says whether (and after how long) to continue by itself. */
  compactNow(reason: 'threshold' | 'overflow', willRetry: boolean, customInstructions: string | undefined, signal: AbortSignal): Promise<{ continueAfterMs: number | undefined } | undefined>;
  emit(event: AgentEvent): void;
  emitTokens(): void;
  /** The request about to be sent (its system prompt's parts are what the meter's breakdown counts). */
  requestBuilt(next: NextRequest): void;
  now(): number;
  delay(ms: number): Promise<void>;
}

/** The result of a tool call a reply cut at the output limit made: not run (its arguments may be cut off). */
const CUT_OFF_CALL: ToolResult = {
  content: [{ type: 'text', text: 'This tool call was not run: the reply reached the output token limit, so its arguments may be incomplete. Send the call again with complete arguments.' }],
  isError: true,
};

export class TurnLoop {
  /**
   * The recording of the files after the last tool call, left running beside the next model
   * request (the model's answer takes far longer than a snapshot). Awaited before anything can
   * change the files or the branch again: a tool run, an appended reply, a compaction, the turn's end.
   */
  private recording: Promise<void> | undefined;
  /**
   * The prompt's user message while the files before it are recorded (that record comes first on
   * the branch): the first request is built without it meanwhile and leaves with it; its reply is
   * read once the message is saved.
   */
  private prompt: PendingPrompt | undefined;
  /** The missing tools last told (so the same set is told once). */
  private missingNoted = '';
  /** The output limit the last request asked for (what tells a reply cut by the window from one that used it all). */
  private askedMaxTokens: number | undefined;

  constructor(private readonly host: TurnHost) {}

  async startPrompt(input: PromptInput, signal: AbortSignal): Promise<void> {
    await this.promptAppended();
    // Before anything is decided: the tools the first request declares (and which called tools are missing) may still be coming.
    await this.host.config.toolsReady(signal);
    const content = promptContent(input.text, input.images ?? []);
    this.host.compaction.guard.promptStarted();
    await this.recordSettings();
    await this.answerOpenToolCalls();
    const view = this.host.tracker.current();
    this.noteMissingTools([...view.calledTools]);
    const decision = this.host.compaction.decide(
      { point: 'before-prompt', assistant: findLastAssistant(view.messages), pendingPromptTokens: this.pendingTokens(input) },
      this.host.config.compactionModel(),
    );
    // A stop while waiting for the tools: the message is kept, nothing more is started.
    if (decision.kind === 'compact' && !signal.aborted) await this.host.compactNow(decision.reason, false, undefined, signal);
    const message: UserMessage = { role: 'user', content, timestamp: this.host.now() };
    const files = this.host.files;
    if (!files) {
      await this.host.session.appendMessage(message);
      return;
    }
    let release = (): void => undefined;
    const built = new Promise<void>((resolve) => (release = resolve));
    // A stop before the turns: no request will be built, the message is saved all the same.
    signal.addEventListener('abort', () => release(), { once: true });
    const appended = files
      .turnStarted()
      .catch((error: unknown) => this.host.logger.warn(`Could not record the workspace's files: ${errorMessage(error)}`))
      .then(() => built)
      .then(() => this.host.session.appendMessage(message))
      .then(() => undefined);
    // Awaited by the turns; a stop before them leaves it unawaited, and the session keeps any write failure.
    appended.catch(() => undefined);
    this.prompt = { message, release, appended };
  }

  /**
   * Appends the reply. If the session file cannot take it (a full disk), the whole reply is also
   * kept as a checkpoint in Arbor's own folder, usually on another disk: should the process end
   * before the file can be written, the next open of the session still finds the paid-for reply.
   */
  private async appendReply(message: AssistantMessage): Promise<void> {
    const parentId = this.host.session.leafId;
    try {
      await this.host.session.appendMessage(message);
    } catch (error) {
      await this.host.checkpoints
        .save({ version: 1, sessionId: this.host.session.id, parentId, message, complete: true })
        .catch((saved: unknown) => this.host.logger.warn(`Could not keep the unsaved reply as a checkpoint either: ${errorMessage(saved)}`));
      throw error;
    }
  }

  /** Waits until the prompt's user message is in the session (after the files before it are recorded). */
  private async promptAppended(): Promise<void> {
    const prompt = this.prompt;
    this.prompt = undefined;
    prompt?.release();
    await prompt?.appended;
  }

  /** The prompt's text as text, and its images as the estimator counts images in a user message. */
  private pendingTokens(input: PromptInput): number {
    const { estimator } = this.host.config;
    const images = input.images ?? [];
    return estimator.estimateText(input.text) + (images.length > 0 ? estimator.estimate({ role: 'user', content: [...images], timestamp: 0 }) : 0);
  }

  /** Turns until a reply asks for no tool, the run is stopped, or a reply fails; then the files are recorded. */
  async runTurns(signal: AbortSignal): Promise<void> {
    try {
      await this.turnsUntilDone(signal);
    } finally {
      await this.promptAppended();
      await this.filesRecorded();
      await this.host.files?.turnEnded();
    }
  }

  private async turnsUntilDone(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { message, error } = await this.requestReply(signal);
      if (message.stopReason === 'aborted') return;
      if (message.stopReason === 'error') {
        if (await this.recoverFromError(message, error?.reason, signal)) continue;
        return;
      }
      const calls = message.content.filter((block): block is ToolCall => block.type === 'toolCall');
      for (const call of calls) {
        await this.filesRecorded();
        // As pi 1.6.0: a reply cut at the output limit may hold cut-off arguments (half a file to
        // write): its calls are not run, and the model is told why, so it sends them again whole.
        await this.appendToolResult(call, message.stopReason === 'length' ? CUT_OFF_CALL : await runToolCall(call, this.toolOptions(signal)));
        if (message.stopReason !== 'length') this.recording = this.host.files?.toolFinished(call);
      }
      await this.host.session.sync();
      if (signal.aborted) return;
      const compacted = await this.autoCompact(message, calls.length === 0, signal);
      // A reply cut short by the window is asked again once, from the compacted context.
      if (compacted?.retry && compacted.continueAfterMs !== undefined) {
        await this.host.delay(compacted.continueAfterMs);
        continue;
      }
      // The task goes on by itself when it had more to do (the compaction cut the run short).
      if (calls.length === 0) return;
      if (compacted && compacted.continueAfterMs !== undefined) await this.host.delay(compacted.continueAfterMs);
    }
  }

  private async requestReply(signal: AbortSignal): Promise<StreamedReply> {
    const { config } = this.host;
    const info = config.modelInfo();
    let checkpointed = false;
    // A prompt whose user message waits for the files before it to be recorded: the request is built
    // without it (it is not in the session yet), goes out with it beside the recording (the model's
    // answer takes far longer than a snapshot), and its reply is read once the message is saved.
    const prompt = this.prompt;
    const next = await buildNextRequest(config, this.host.session, this.host.tracker);
    this.host.requestBuilt(next);
    this.askedMaxTokens = next.request.maxTokens;
    prompt?.release();
    const streamed = await streamReply({
      provider: config.provider,
      request: { ...next.request, ...(prompt ? { messages: [...next.request.messages, prompt.message] } : {}), signal },
      readAfter: prompt?.appended.catch(() => undefined),
      emit: (event) => this.host.emit(event),
      now: () => this.host.now(),
      checkpoint: (message) => {
        checkpointed = true;
        // The parent read now: the last tool call's files may have been recorded since the request went out.
        this.host.checkpoints.save({ version: 1, sessionId: this.host.session.id, parentId: this.host.session.leafId, message }).catch((error: unknown) => this.host.logger.warn(`Could not save a reply checkpoint: ${errorMessage(error)}`));
      },
      ...(this.host.checkpointEveryMs !== undefined ? { checkpointEveryMs: this.host.checkpointEveryMs } : {}),
    });
    // Our clock stamps the reply, like every entry, so its order against compactions is sound.
    const message: AssistantMessage = { ...streamed.message, timestamp: this.host.now() };
    // A reply stopped before anything arrived leaves nothing worth keeping.
    const nothing = message.stopReason === 'aborted' && message.content.length === 0;
    await this.promptAppended();
    await this.filesRecorded();
    if (!nothing) await this.appendReply(message);
    if (checkpointed) await this.host.checkpoints.clear();
    this.host.emit({ type: 'reply_end', message });
    this.host.compaction.guard.assistantEnded(message, info?.contextWindow);
    if (streamed.error) this.host.logger.warn(`The model request failed (${streamed.error.reason}).`);
    this.host.emitTokens();
    return streamed.error ? { message, error: streamed.error } : { message };
  }

  /** An error reply: overflow → compact and retry once per prompt; anything else ends the run. */
  private async recoverFromError(message: AssistantMessage, reason: LlmErrorReason | undefined, signal: AbortSignal): Promise<boolean> {
    const decision = this.host.compaction.decide({ point: 'agent-end', assistant: message }, this.host.config.compactionModel());
    if (decision.kind === 'compact' && decision.reason === 'overflow') {
      await hideFailedAttempt(this.host.session);
      const next = await this.host.compactNow('overflow', decision.willRetry, undefined, signal);
      if (next?.continueAfterMs !== undefined && !signal.aborted) {
        await this.host.delay(next.continueAfterMs);
        return true;
      }
      return false;
    }
    if (decision.kind === 'compact') await this.host.compactNow(decision.reason, false, undefined, signal);
    if (decision.kind === 'error') {
      this.host.compaction.overflowGaveUp(decision.message);
      this.host.emit({ type: 'error', reason: 'context-overflow', message: decision.message });
      return false;
    }
    this.host.emit({ type: 'error', reason: reason ?? 'model-error', message: message.errorMessage ?? 'The model request failed' });
    return false;
  }

  /**
   * The compaction a turn's end calls for. A reply cut at the output limit that ends the run
   * (`endsRun`: no tool call) and used less output than the request asked for was cut by the
   * window: as in pi 1.6.0 it is a failed attempt, hidden before the compaction and asked again
   * once (`retry`); a second cut gives up, as an overflow does. A complete reply stays.
   */
  private async autoCompact(reply: AssistantMessage, endsRun: boolean, signal: AbortSignal): Promise<{ continueAfterMs: number | undefined; retry: boolean } | undefined> {
    const desiredMaxOutput = endsRun && reply.stopReason === 'length' ? this.askedMaxTokens : undefined;
    const decision = this.host.compaction.decide({ point: 'agent-end', assistant: reply, desiredMaxOutput }, this.host.config.compactionModel());
    if (decision.kind === 'error' && reply.stopReason === 'length') this.host.compaction.overflowGaveUp(decision.message);
    if (decision.kind !== 'compact') return undefined;
    await this.filesRecorded();
    const failed = decision.reason === 'overflow' && reply.stopReason === 'length';
    if (failed) await hideFailedAttempt(this.host.session);
    const compacted = await this.host.compactNow(decision.reason, decision.willRetry, undefined, signal);
    return compacted && { ...compacted, retry: failed && decision.willRetry && endsRun && !signal.aborted };
  }

  /** Waits for the last tool call's files to be recorded (a recorder never throws). */
  private async filesRecorded(): Promise<void> {
    const recording = this.recording;
    this.recording = undefined;
    await recording;
  }

  /** Model and thinking level are entries of the branch (pi writes them the same way). */
  async recordSettings(): Promise<void> {
    const view = this.host.tracker.current();
    const { provider, model, thinking } = this.host.config;
    if (view.model?.modelId !== model || view.model.provider !== provider.provider) await this.host.session.appendModelChange(provider.provider, model);
    if (view.thinkingLevel !== thinking) await this.host.session.appendThinkingLevelChange(thinking);
  }

  /** Tells the user, once per set, which tools the branch called that Arbor does not have (nor its tool source, now). */
  private noteMissingTools(called: readonly string[]): void {
    const missing = called.filter((name) => foreignToolLabel(name) !== undefined && !this.host.config.providesTool(name)).sort();
    const key = missing.join('\n');
    if (key === this.missingNoted) return;
    this.missingNoted = key;
    if (missing.length > 0) this.host.emit({ type: 'tools_missing', names: missing });
  }

  /** Calls left without a result (a process that died mid-tool) are answered in the file before the next prompt. */
  private async answerOpenToolCalls(): Promise<void> {
    for (const call of this.host.tracker.current().request.unansweredCalls()) {
      await this.host.session.appendMessage(missingResult(call, this.host.now()));
    }
  }

  private async appendToolResult(call: ToolCall, result: ToolResult): Promise<void> {
    await this.host.session.appendMessage({
      role: 'toolResult',
      toolCallId: call.id,
      toolName: call.name,
      content: result.content,
      ...(result.details !== undefined ? { details: result.details } : {}),
      isError: result.isError,
      timestamp: this.host.now(),
    });
  }

  private toolOptions(signal: AbortSignal): Parameters<typeof runToolCall>[1] {
    return { toolNamed: (name) => this.host.config.toolNamed(name), root: this.host.config.root, signal, emit: (event) => this.host.emit(event), branch: () => this.host.session.getBranch() };
  }
}
