/**
 * Writing responses: errors in Anthropic's JSON shape, whole messages, and SSE streams with the
 * scripted faults (slow events, an `error` event mid-stream, a connection reset). A client that
 * disconnects mid-stream simply ends the writing: nothing throws, the request is recorded as aborted.
 */
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { assembleMessage, streamEvents, type MessageIds } from './events';
import type { RecordedRequest } from './recording';
import type { ErrorReply, MessageReply } from './script';
import { encodeEvent } from './sse';
import type { ErrorBody, ErrorType } from './wire';

export function sendError(res: ServerResponse, record: RecordedRequest, requestId: string, reply: ErrorReply): void {
  const body: ErrorBody = { type: 'error', error: { type: reply.type, message: reply.message }, request_id: requestId };
  const headers: Record<string, string> = { 'content-type': 'application/json', ...reply.headers };
  if (reply.retryAfter !== undefined) headers['retry-after'] = String(reply.retryAfter);
  record.status = reply.status;
  record.outcome = 'error';
  res.writeHead(reply.status, headers);
  res.end(JSON.stringify(body));
}

export async function sendMessage(res: ServerResponse, record: RecordedRequest, reply: MessageReply, ids: MessageIds): Promise<void> {
  if (reply.headerDelayMs && !(await pause(res, reply.headerDelayMs))) return;
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  const message = assembleMessage(reply, record.body, ids);
  if (record.body?.stream === true) return streamMessage(res, record, reply, streamEvents(message, reply.chunkSize));
  // Without a stream, the faults become what a client would see instead of the message.
  if (reply.resetAfterEvents !== undefined) return reset(res, record);
  if (reply.midStreamError) {
    const { type, message: text } = reply.midStreamError;
    return sendError(res, record, String(res.getHeader('request-id')), { kind: 'error', status: statusOf(type), type, message: text });
  }
  record.status = 200;
  record.outcome = 'complete';
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(message));
}

async function streamMessage(
  res: ServerResponse,
  record: RecordedRequest,
  reply: MessageReply,
  events: ReturnType<typeof streamEvents>,
): Promise<void> {
  record.status = 200;
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  for (let sent = 0; sent < events.length; sent++) {
    if (sent === reply.resetAfterEvents) return reset(res, record);
    if (sent === reply.midStreamError?.afterEvents) {
      const { type, message } = reply.midStreamError;
      record.outcome = 'error';
      await write(res, encodeEvent({ type: 'error', error: { type, message } }));
      res.end();
      return;
    }
    if (sent === reply.hold?.afterEvents && !(await held(res, reply.hold.until))) return;
    if (reply.chunkDelayMs && sent > 0 && !(await pause(res, reply.chunkDelayMs))) return;
    if (!(await write(res, encodeEvent(events[sent]!)))) return;
  }
  record.outcome = 'complete';
  res.end();
}

/** Waits `ms`, cut short when the connection closes (so no timer outlives a closed server); false once closed. */
async function pause(res: ServerResponse, ms: number): Promise<boolean> {
  if (res.destroyed) return false;
  const closed = new AbortController();
  const onClose = (): void => closed.abort();
  res.once('close', onClose);
  try {
    await sleep(ms, undefined, { signal: closed.signal });
  } catch {
    // Aborted: the client or the server closed the connection.
  } finally {
    res.off('close', onClose);
  }
  return !res.destroyed;
}

/** Waits for `until` to settle, cut short when the connection closes; false once closed. */
async function held(res: ServerResponse, until: Promise<void>): Promise<boolean> {
  if (res.destroyed) return false;
  await new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('close', done);
      resolve();
    };
    res.once('close', done);
    until.then(done, done);
  });
  return !res.destroyed;
}

/** Writes one chunk, waiting for the socket to drain; false once the client is gone. */
async function write(res: ServerResponse, chunk: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (!res.write(chunk)) await drainedOrClosed(res);
  return !res.destroyed;
}

/** Resolves on the first of `drain` and `close`, leaving no listener behind (a long stream waits many times). */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Cuts the connection mid-response. The socket is closed after the bytes already written (not with
 * a TCP RST, which may discard them unread), so the client deterministically sees the events sent
 * so far and then a body that ends before its terminating chunk.
 */
function reset(res: ServerResponse, record: RecordedRequest): void {
  record.outcome = 'reset';
  if (res.socket) res.socket.destroySoon();
  else res.destroy();
}

function statusOf(type: ErrorType): number {
  const statuses: Record<ErrorType, number> = {
    invalid_request_error: 400,
    authentication_error: 401,
    permission_error: 403,
    not_found_error: 404,
    request_too_large: 413,
    rate_limit_error: 429,
    api_error: 500,
    overloaded_error: 529,
  };
  return statuses[type];
}
