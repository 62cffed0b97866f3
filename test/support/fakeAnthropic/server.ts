/**
 * A fake Anthropic Messages API on a real HTTP port, so the real `@anthropic-ai/sdk` talks to it
 * unchanged. Tests script replies in a queue (or give a handler), then inspect every recorded
 * request. Routes: `POST /v1/messages` (streaming and not) and `POST /v1/messages/count_tokens`.
 *
 * Authentication: with `apiKey` set, a request must carry it as `x-api-key: KEY` or
 * `authorization: Bearer KEY`; without, any non-empty key passes. Failures get Anthropic's 401.
 * A request with nothing scripted gets a 500 marked `x-should-retry: false`, so a test that forgot
 * to script fails at once and visibly.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Handler, Reply } from './script';
import { error } from './script';
import type { RecordedRequest } from './recording';
import { countInputTokens } from './tokens';
import type { MessagesRequestBody } from './wire';
import { sendError, sendMessage } from './respond';
import { requestProblem } from './validate';
import { errorMessage } from '../../../src/core/util/errors';

export interface FakeAnthropicOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The only key accepted; unset accepts any non-empty key. */
  apiKey?: string;
  /** Answers requests when the queue is empty. */
  handler?: Handler;
  /**
   * Refuse requests the real API would refuse (see validate.ts) with its 400, before any scripted
   * reply is used. On by default; turn off only to script replies to deliberately odd requests.
   */
  validate?: boolean;
}

export interface FakeAnthropic {
  /** Base URL for the SDK's `baseURL`, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** Every request received, in arrival order (all paths). */
  readonly requests: readonly RecordedRequest[];
  /** Number of `POST /v1/messages` requests received, failed ones included. */
  readonly attempts: number;
  /** Queues replies (or handlers) for the next `/v1/messages` requests, one each. */
  script(...replies: (Reply | Handler)[]): void;
  /** Replaces the handler used when the queue is empty (undefined: none). */
  setHandler(handler: Handler | undefined): void;
  /**
   * The most `/v1/messages` requests being answered at the same moment so far: 2 or more proves a
   * client sent requests concurrently, without timing anything.
   */
  readonly peakConcurrency: number;
  /** Scripted replies not used yet. */
  pending(): number;
  /** Drops the scripted replies not used yet and says how many there were. */
  dropPending(): number;
  /** The last `/v1/messages` request; throws when there was none. */
  lastRequest(): RecordedRequest;
  /** The `/v1/messages` requests only. */
  messageRequests(): RecordedRequest[];
  /** Resolves once every response begun so far has ended (sent, failed, reset or dropped). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const state = new FakeState(options);
  const server = createServer((req, res) => state.track(state.handle(req, res)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  return state.facade(server, `http://${address}:${port}`, port);
}

class FakeState {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: (Reply | Handler)[] = [];
  private handler: Handler | undefined;
  private counter = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private answering = 0;
  peakConcurrency = 0;

  constructor(private readonly options: FakeAnthropicOptions) {
    this.handler = options.handler;
  }

  facade(server: Server, url: string, port: number): FakeAnthropic {
    // The facade's getters read live state, and `this` inside them is the facade.
    const state = this;
    const messageRequests = (): RecordedRequest[] => this.requests.filter((r) => r.path === '/v1/messages');
    return {
      url,
      port,
      requests: this.requests,
      get attempts() {
        return messageRequests().length;
      },
      get peakConcurrency() {
        return state.peakConcurrency;
      },
      script: (...replies) => void this.queue.push(...replies),
      setHandler: (handler) => void (this.handler = handler),
      pending: () => this.queue.length,
      dropPending: () => this.queue.splice(0).length,
      lastRequest: () => {
        const last = messageRequests().at(-1);
        if (!last) throw new Error('fake Anthropic server: no /v1/messages request received');
        return last;
      },
      messageRequests,
      settled: async () => {
        while (this.inFlight.size > 0) await Promise.all(this.inFlight);
      },
      close: () => closeServer(server),
    };
  }

  track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  nextId(prefix: string): string {
    return `${prefix}_fake_${String(++this.counter).padStart(4, '0')}`;
  }

  /** Never rejects: a failing handler becomes a 500, a client gone mid-body just ends the exchange. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = this.nextId('req');
    res.setHeader('request-id', requestId);
    let record: RecordedRequest | undefined;
    try {
      record = await this.record(req);
      const recorded = record;
      res.on('close', () => {
        if (!res.writableFinished && recorded.outcome === 'pending') recorded.outcome = 'aborted';
      });
      await this.answer(record, res, requestId);
    } catch (thrown) {
      const message = errorMessage(thrown);
      if (record && !res.headersSent && !res.destroyed) {
        sendError(res, record, requestId, error(500, 'api_error', `fake server: handler failed: ${message}`));
      } else res.destroy();
    }
  }

  private async answer(record: RecordedRequest, res: ServerResponse, requestId: string): Promise<void> {
    if (record.path !== '/v1/messages') return this.route(record, res, requestId);
    this.peakConcurrency = Math.max(this.peakConcurrency, ++this.answering);
    try {
      await this.route(record, res, requestId);
    } finally {
      this.answering--;
    }
  }

  private async record(req: IncomingMessage): Promise<RecordedRequest> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const [path = '', query = ''] = (req.url ?? '').split('?', 2);
    const body = parseBody(rawBody);
    const record: RecordedRequest = {
      index: this.requests.length,
      method: req.method ?? '',
      path,
      query,
      headers: lowercaseHeaders(req),
      body,
      rawBody,
      time: Date.now(),
      inputTokens: body ? countInputTokens(body) : 0,
      outcome: 'pending',
    };
    this.requests.push(record);
    return record;
  }

  private async route(record: RecordedRequest, res: ServerResponse, requestId: string): Promise<void> {
    if (record.method !== 'POST' || (record.path !== '/v1/messages' && record.path !== '/v1/messages/count_tokens')) {
      return sendError(res, record, requestId, error(404, 'not_found_error', `Not found: ${record.method} ${record.path}`));
    }
    if (!this.authorized(record)) {
      return sendError(res, record, requestId, error(401, 'authentication_error', 'invalid x-api-key'));
    }
    if (!record.body) {
      return sendError(res, record, requestId, error(400, 'invalid_request_error', 'The request body is not valid JSON.'));
    }
    const problem = this.options.validate === false ? undefined : requestProblem(record.body, record.path);
    if (problem) return sendError(res, record, requestId, error(400, 'invalid_request_error', problem));
    if (record.path === '/v1/messages/count_tokens') {
      record.status = 200;
      record.outcome = 'complete';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ input_tokens: record.inputTokens }));
      return;
    }
    const reply = await this.nextReply(record);
    if (reply.kind === 'error') return sendError(res, record, requestId, reply);
    const ids = { messageId: this.nextId('msg'), toolUseId: () => this.nextId('toolu') };
    await sendMessage(res, record, reply, ids);
  }

  private async nextReply(record: RecordedRequest): Promise<Reply> {
    const next = this.queue.shift() ?? this.handler;
    if (next === undefined) {
      return error(500, 'api_error', `fake server: no scripted reply for request #${record.index}`, {
        headers: { 'x-should-retry': 'false' },
      });
    }
    return typeof next === 'function' ? next(record) : next;
  }

  private authorized(record: RecordedRequest): boolean {
    const apiKey = record.headers['x-api-key'];
    const bearer = /^Bearer (.+)$/.exec(record.headers['authorization'] ?? '')?.[1];
    const expected = this.options.apiKey;
    if (expected === undefined) return Boolean(apiKey || bearer);
    return apiKey === expected || bearer === expected;
  }
}

function parseBody(raw: string): MessagesRequestBody | undefined {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as MessagesRequestBody) : undefined;
  } catch {
    return undefined;
  }
}

function lowercaseHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Drop keep-alive and still-streaming connections so close() does not wait on them.
    server.closeAllConnections();
  });
}
