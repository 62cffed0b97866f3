/**
 * The Anthropic provider pointed at a fake server, with what tests inspect: the waits it asked
 * for (the sleep is immediate, so retries cost no time), and every line it logged.
 */
import { createAnthropicProvider, type AnthropicProvider, type AnthropicProviderOptions, type LlmRequest, type ProviderEvent } from '../../../../src/core/llm';
import type { FakeAnthropic } from '../../../support/fakeAnthropic';
import { user } from '../../../support/builders';

export const TEST_KEY = 'sk-ant-api03-TEST-KEY-5f1e2d3c4b5a';
export const FIXED_NOW = Date.parse('2026-11-30T12:00:00Z');

export interface TestProvider {
  provider: AnthropicProvider;
  waits: number[];
  logs: string[];
}

export function testProvider(server: FakeAnthropic, options: Partial<AnthropicProviderOptions> = {}): TestProvider {
  const waits: number[] = [];
  const logs: string[] = [];
  const provider = createAnthropicProvider({
    apiKey: TEST_KEY,
    baseUrl: server.url,
    now: () => FIXED_NOW,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
    },
    log: { debug: (line) => logs.push(`debug ${line}`), info: (line) => logs.push(`info ${line}`), warn: (line) => logs.push(`warn ${line}`), error: (line) => logs.push(`error ${line}`) },
    ...options,
  });
  return { provider, waits, logs };
}

export function request(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return { model: 'claude-sonnet-4-5', systemPrompt: 'You are terse.', messages: [user('Say hello')], maxTokens: 1024, ...overrides };
}

export async function collect(stream: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export function endOf(events: ProviderEvent[]): Extract<ProviderEvent, { type: 'end' }> {
  const last = events[events.length - 1];
  if (last?.type !== 'end') throw new Error(`the stream did not end with 'end' but ${last?.type}`);
  if (events.filter((e) => e.type === 'end').length !== 1) throw new Error('more than one end event');
  return last;
}
