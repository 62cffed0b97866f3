/** A fresh fake Anthropic server per test: started before each, closed after each. */
import { startFakeAnthropic, type FakeAnthropic, type FakeAnthropicOptions } from './server';

export function useFakeAnthropic(options: FakeAnthropicOptions = {}): () => FakeAnthropic {
  let server: FakeAnthropic | undefined;
  beforeEach(async () => {
    server = await startFakeAnthropic(options);
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return () => {
    if (!server) throw new Error('fake Anthropic server used outside a test');
    return server;
  };
}
