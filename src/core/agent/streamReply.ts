/**
 * One model reply: sends the request, forwards the stream to the UI as deltas, checkpoints what
 * arrived at intervals, and returns the reply to append. A stop (abort) keeps what was received
 * with `stopReason: 'aborted'`; a provider that throws instead of ending its stream is treated as
 * an error reply with what was received.
 */
import { LlmError, type LlmProvider, type LlmRequest } from '../llm/provider';
import type { AssistantMessage } from '../session';
import { errorMessage } from '../util/errors';
import type { AgentEvent } from './events';
import { PartialReply, type ReplyIdentity } from './partialReply';

export interface StreamReplyOptions {
  provider: LlmProvider;
  request: LlmRequest & { signal: AbortSignal };
  emit: (event: AgentEvent) => void;
  now: () => number;
  /** Called every `checkpointEveryMs` while something new arrived. */
  checkpoint?: ((partial: AssistantMessage) => void) | undefined;
  checkpointEveryMs?: number;
  /**
   * The request leaves at once, its reply is read once this resolves (a prompt's user message being
   * saved): the events wait in the stream, nothing is held and replayed.
   */
  readAfter?: Promise<void> | undefined;
}

export interface StreamedReply {
  message: AssistantMessage;
  error?: LlmError;
}

export const ABORTED_REPLY_TEXT = 'Stopped by the user';

export async function streamReply(options: StreamReplyOptions): Promise<StreamedReply> {
  const { provider, request, emit, now } = options;
  const identity: ReplyIdentity = { api: provider.api, provider: provider.provider, model: request.model };
  const partial = new PartialReply(identity);
  const timer = startCheckpoints(partial, options);
  try {
    for await (const event of readAfter(provider.stream(request), options.readAfter)) {
      partial.apply(event);
      switch (event.type) {
        case 'start':
          emit({ type: 'reply_start', model: event.model });
          break;
        case 'text_delta':
        case 'thinking_delta':
        case 'tool_call_start':
        case 'tool_call_delta':
          emit(event);
          break;
        case 'retry':
          emit({ type: 'reply_reset', attempt: event.attempt, delayMs: event.delayMs, reason: event.error.reason, message: event.error.message });
          break;
        case 'end':
          return event.error ? { message: event.message, error: event.error } : { message: event.message };
        default:
          break;
      }
    }
    // A stream that ended without its `end` event: keep what arrived.
    if (request.signal.aborted) return aborted(partial, now);
    const error = new LlmError('network', 'The reply stream ended unexpectedly');
    return { message: partial.toMessage('error', now(), error.message), error };
  } catch (thrown) {
    if (request.signal.aborted) return aborted(partial, now);
    const error = thrown instanceof LlmError ? thrown : new LlmError('network', errorMessage(thrown), {}, { cause: thrown });
    return { message: partial.toMessage('error', now(), error.message), error };
  } finally {
    if (timer) clearInterval(timer);
  }
}

function aborted(partial: PartialReply, now: () => number): StreamedReply {
  return { message: partial.toMessage('aborted', now(), ABORTED_REPLY_TEXT) };
}

function startCheckpoints(partial: PartialReply, options: StreamReplyOptions): ReturnType<typeof setInterval> | undefined {
  const save = options.checkpoint;
  if (!save) return undefined;
  let saved = 0;
  const timer = setInterval(() => {
    if (partial.version === saved || partial.isEmpty) return;
    saved = partial.version;
    save(partial.toMessage('aborted', options.now(), ABORTED_REPLY_TEXT));
  }, options.checkpointEveryMs ?? 1000);
  timer.unref?.();
  return timer;
}

/**
 * The stream read ahead at once (a provider sends its request only when read past its start), its
 * events kept in order, unprocessed, until `after` resolves; then they are handed on once each.
 */
async function* readAfter<T>(stream: AsyncIterable<T>, after: Promise<void> | undefined): AsyncGenerator<T> {
  if (!after) return yield* stream;
  const events = stream[Symbol.asyncIterator]();
  const early: Promise<IteratorResult<T>>[] = [];
  let waiting = true;
  const readAhead = async (): Promise<void> => {
    while (waiting) {
      const next = events.next();
      early.push(next);
      // A failure of the request is read in turn, below.
      const result = await next.catch(() => ({ done: true }) as const);
      if (result.done) return;
    }
  };
  void readAhead();
  await after;
  waiting = false;
  for (const next of early) {
    const result = await next;
    if (result.done) return;
    yield result.value;
  }
  yield* { [Symbol.asyncIterator]: () => events };
}
