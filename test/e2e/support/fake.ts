// The fake Anthropic server for the e2e run: one per run, in this (the driver's) process, on a
// fixed port of 127.0.0.1 that Arbor is pointed at through `arbor.baseUrl`. Tests that need the
// server down (a stopped server) or demanding another key (a refused key) restart it on that port.
import { startFakeAnthropic, type FakeAnthropic, type Handler, type RecordedRequest, type Reply } from '../../support/fakeAnthropic';

/** The key Arbor gets through ANTHROPIC_API_KEY in code-server's environment. */
export const E2E_KEY = 'sk-ant-e2e-good-key';

export class E2eFakeAnthropic {
  private current: FakeAnthropic | undefined;

  private constructor(
    readonly port: number,
    server: FakeAnthropic,
  ) {
    this.current = server;
  }

  static async start(): Promise<E2eFakeAnthropic> {
    const server = await startFakeAnthropic({ apiKey: E2E_KEY });
    return new E2eFakeAnthropic(server.port, server);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running server; throws while it is stopped. */
  get server(): FakeAnthropic {
    if (!this.current) throw new Error('The fake Anthropic server is stopped');
    return this.current;
  }

  script(...replies: (Reply | Handler)[]): void {
    this.server.script(...replies);
  }

  /** Drops the replies a failed test scripted and did not use, so that the next test gets its own. */
  dropPending(): number {
    return this.current?.dropPending() ?? 0;
  }

  /** The `/v1/messages` requests of the running server (a restart starts a new record). */
  messageRequests(): RecordedRequest[] {
    return this.server.messageRequests();
  }

  /** Stops answering: the port refuses connections until `restart`. */
  async stop(): Promise<void> {
    const server = this.current;
    this.current = undefined;
    await server?.close();
  }

  /** Starts again on the same port, accepting only `apiKey` (default: the key Arbor was given). */
  async restart(apiKey = E2E_KEY): Promise<void> {
    await this.stop();
    this.current = await startFakeAnthropic({ port: this.port, apiKey });
  }
}

/** Everything a request sent, as one string (to look for a text anywhere in it). */
export function requestText(request: RecordedRequest): string {
  return JSON.stringify(request.body);
}
