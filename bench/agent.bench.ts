/**
 * Agent benchmarks (issue 9, "must hold"), through the real adapter, SDK and HTTP to the fake
 * Anthropic server:
 *
 * 1. On a 10 000-message branch, Arbor's own time per request — from `prompt()` to the request
 *    leaving (the SDK's `fetch` call, which comes after the SDK serialized the body), and from the
 *    last stream event to the reply's entry on disk — next to `JSON.stringify` of that same body.
 *    Both must stay below 2×: the context is kept incrementally, never rebuilt per request.
 * 2. A compaction whose span needs two summaries (a split turn), with the server delaying each
 *    reply by the same time: the wall time is closer to one delay than to two (the two requests
 *    run concurrently).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AgentSession } from '../src/core/agent';
import { createAnthropicProvider, type LlmProvider, type ProviderEvent } from '../src/core/llm';
import { createSessionFile, openSessionFile, type Session } from '../src/core/session';
import { reply, slow, startFakeAnthropic, text, usage, type FakeAnthropic } from '../test/support/fakeAnthropic';
import { generateSession } from './generate';
import { medianMs, msLine, ratioLine, watchFetch } from './measure';

const DATA_DIR = path.join(__dirname, '.data');
const MODEL = 'claude-sonnet-4-6';
const clock = (): Date => new Date();

export async function run(): Promise<void> {
  const server = await startFakeAnthropic();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'arbor-agent-bench-'));
  try {
    await requestOverhead(server, tmp);
    await concurrentSummaries(server, tmp);
  } finally {
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Times taken inside the provider boundary, recorded by a thin wrapper. */
interface Marks {
  streamCalled: number;
  lastEvent: number;
}

function timedProvider(inner: LlmProvider, marks: Marks): LlmProvider {
  return {
    provider: inner.provider,
    api: inner.api,
    modelInfo: (id) => inner.modelInfo(id),
    async *stream(request): AsyncIterable<ProviderEvent> {
      marks.streamCalled = performance.now();
      for await (const event of inner.stream(request)) {
        if (event.type === 'end') marks.lastEvent = performance.now();
        yield event;
      }
    },
  };
}

async function requestOverhead(server: FakeAnthropic, tmp: string): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  const source = path.join(DATA_DIR, 'agent-linear-10500.jsonl');
  if (!existsSync(source)) await generateSession(source, { entries: 10_500, seed: 17 });
  const file = path.join(tmp, 'long.jsonl');
  copyFileSync(source, file);
  server.setHandler(() => reply(text('ok'), usage({ input_tokens: 1000, output_tokens: 2 })));

  const fetchWatch = watchFetch();
  try {
    const { session } = await openSessionFile(file, { clock });
    const marks: Marks = { streamCalled: 0, lastEvent: 0 };
    const provider = timedProvider(createAnthropicProvider({ apiKey: 'bench-key', baseUrl: server.url, now: () => Date.now() }), marks);
    const agent = await AgentSession.create({ session, provider, settings: { model: MODEL, compaction: { enabled: false } }, clock, root: tmp, systemPrompt: 'bench' });
    let onDisk = 0;
    agent.onEvent((event) => {
      if (event.type === 'reply_end') onDisk = performance.now();
    });

    const first = await timedPrompt(agent, 'first prompt after opening', marks, fetchWatch.last, () => onDisk);
    console.log(`branch: ${session.buildContext().messages.length} context messages, request body ${(server.lastRequest().rawBody.length / 1e6).toFixed(1)} MB`);
    console.log(msLine('first prompt after opening: prompt() → provider.stream() (builds the context once)', first.toProvider));
    console.log(msLine('first prompt after opening: prompt() → request leaves (+ loading the SDK)', first.toFetch));

    const samples: { toProvider: number; toFetch: number; toDisk: number }[] = [];
    for (let i = 0; i < 9; i++) samples.push(await timedPrompt(agent, `prompt ${i}`, marks, fetchWatch.last, () => onDisk));
    const body = JSON.parse(server.lastRequest().rawBody) as unknown;
    const stringify = await medianMs(9, () => JSON.stringify(body));
    const toProvider = median(samples.map((s) => s.toProvider));
    const toFetch = median(samples.map((s) => s.toFetch));
    const toDisk = median(samples.map((s) => s.toDisk));
    console.log(msLine('JSON.stringify of the same request body', stringify));
    console.log(msLine('prompt() → provider.stream() (user entry, context, request messages)', toProvider));
    console.log(msLine('prompt() → request leaves (adds the adapter and the SDK serializing)', toFetch));
    console.log(msLine('  of which the adapter and the SDK (provider.stream() → fetch)', median(samples.map((s) => s.toFetch - s.toProvider))));
    console.log(msLine('last stream event → reply entry on disk', toDisk));
    console.log(ratioLine('prompt() → request leaves / JSON.stringify', toFetch / stringify, { max: 2 }));
    console.log(ratioLine('last stream event → entry on disk / JSON.stringify', toDisk / stringify, { max: 2 }));
    agent.dispose();
  } finally {
    fetchWatch.restore();
    server.setHandler(undefined);
  }
}

async function timedPrompt(agent: AgentSession, prompt: string, marks: Marks, fetchedAt: () => number, onDiskAt: () => number) {
  const start = performance.now();
  await agent.prompt(prompt);
  return { toProvider: marks.streamCalled - start, toFetch: fetchedAt() - start, toDisk: onDiskAt() - marks.lastEvent };
}

async function concurrentSummaries(server: FakeAnthropic, tmp: string): Promise<void> {
  const delayMs = 400;
  const session = await splitTurnSession(tmp);
  const provider = createAnthropicProvider({ apiKey: 'bench-key', baseUrl: server.url, now: () => Date.now() });
  const agent = new AgentSession({ session, provider, settings: { model: MODEL, compaction: { keepRecentTokens: 400 } }, clock, root: tmp });
  const before = server.messageRequests().length;
  server.setHandler(() => reply(text('summary'), slow({ headerDelayMs: delayMs })));
  const start = performance.now();
  await agent.compact();
  const wall = performance.now() - start;
  server.setHandler(undefined);
  const requests = server.messageRequests().length - before;
  console.log(`split-turn compaction: ${requests} summary requests, server delay ${delayMs} ms each`);
  console.log(msLine('compaction wall time', wall));
  console.log(ratioLine('compaction wall time / one delay (1 = fully concurrent, 2 = one after the other)', wall / delayMs, { max: 1.5 }));
}

/** Earlier turns, then one long tool-using turn whose end alone exceeds keep-recent: the cut splits it. */
async function splitTurnSession(tmp: string): Promise<Session> {
  const session = await createSessionFile({ dir: tmp, cwd: tmp, clock });
  const long = (label: string): string => `${label} ${'lorem ipsum dolor sit amet '.repeat(20)}`;
  const reply = (content: never[], stopReason: 'stop' | 'toolUse') => ({
    role: 'assistant' as const,
    content,
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: MODEL,
    usage: { input: 1000, output: 100, cacheRead: 0, cacheWrite: 0, totalTokens: 1100 },
    stopReason,
    timestamp: Date.now(),
  });
  for (let i = 0; i < 4; i++) {
    await session.appendMessage({ role: 'user', content: [{ type: 'text', text: long(`question ${i}`) }], timestamp: Date.now() });
    await session.appendMessage(reply([{ type: 'text', text: long(`answer ${i}`) }] as never[], 'stop'));
  }
  await session.appendMessage({ role: 'user', content: [{ type: 'text', text: 'one long task' }], timestamp: Date.now() });
  for (let i = 0; i < 12; i++) {
    const id = `toolu_step_${i}`;
    await session.appendMessage(reply([{ type: 'toolCall', id, name: 'read', arguments: { path: `src/f${i}.ts` } }] as never[], 'toolUse'));
    await session.appendMessage({ role: 'toolResult', toolCallId: id, toolName: 'read', content: [{ type: 'text', text: long(`file ${i}`) }], isError: false, timestamp: Date.now() });
  }
  await session.sync();
  return session;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
