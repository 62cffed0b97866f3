/** The fake Anthropic server for tests and `npm run fake-anthropic`; see server.ts and script.ts. */
export { startFakeAnthropic, type FakeAnthropic, type FakeAnthropicOptions } from './server';
export * from './script';
export type { RecordedRequest, Outcome } from './recording';
export { countInputTokens, countOutputTokens } from './tokens';
export type * from './wire';
export { useFakeAnthropic } from './mocha';
