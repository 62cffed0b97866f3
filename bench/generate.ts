/**
 * Generates large, realistic session files for benchmarks: turns of user prompts, assistant
 * replies with thinking and tool calls (read, edit, bash), tool results with code, occasional
 * branches back to an earlier user message, labels and compactions. Deterministic for a seed.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export interface GenerateOptions {
  entries: number;
  seed?: number;
  cwd?: string;
  /** Every this many entries, branch back to an earlier user message (0: never). */
  branchEvery?: number;
  /** Every this many entries, append a compaction (0: never). */
  compactEvery?: number;
}

export interface GeneratedSession {
  file: string;
  entries: number;
  bytes: number;
  leafId: string;
}

/** A small seeded PRNG (mulberry32), so every run writes the same file. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'the a function refactor test module import export const return value error file path config build type interface async await promise session tree branch compaction summary token context model'.split(' ');
const CODE = [
  'export function handle(request: Request): Response {',
  '  const { path, query } = parse(request.url);',
  '  if (!path) throw new Error(`missing path in ${request.url}`);',
  '  return cache.get(path) ?? render(path, query);',
  '}',
  'for (const item of items) { total += item.price * item.quantity; }',
  'const config = JSON.parse(await readFile("config.json", "utf8"));',
];

export async function generateSession(file: string, options: GenerateOptions): Promise<GeneratedSession> {
  const random = rng(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const code = (lines: number): string => Array.from({ length: lines }, () => pick(CODE)).join('\n');
  const hex = (): string => Math.floor(random() * 0xffffffff).toString(16).padStart(8, '0');

  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (value: unknown): Promise<void> => {
    const line = `${JSON.stringify(value)}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  };
  let time = Date.parse('2026-01-01T00:00:00.000Z');
  const stamp = (): string => new Date((time += 1000)).toISOString();
  const userIds: string[] = [];
  const taken = new Set<string>();
  let parent: string | null = null;
  let count = 0;
  let tokens = 2000;
  const add = async (fields: Record<string, unknown>): Promise<string> => {
    let id = hex();
    while (taken.has(id)) id = hex();
    taken.add(id);
    await write({ type: fields.type, id, parentId: parent, timestamp: stamp(), ...fields });
    parent = id;
    count++;
    return id;
  };
  const usage = (input: number): Record<string, unknown> => ({
    input,
    output: 300,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: input + 300,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  });

  await write({ type: 'session', version: 3, id: '01900000-0000-7000-8000-000000000000', timestamp: stamp(), cwd: options.cwd ?? '/home/dev/project' });
  await add({ type: 'model_change', provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
  await add({ type: 'thinking_level_change', thinkingLevel: 'medium' });
  while (count < options.entries) {
    if (options.branchEvery && count > 0 && count % options.branchEvery < 6 && userIds.length > 4 && random() < 0.2) {
      // Branch: continue from the parent of an earlier user message.
      const target = userIds[Math.floor(userIds.length * (0.5 + random() / 2))]!;
      parent = target;
    }
    if (options.compactEvery && count > 0 && count % options.compactEvery < 6 && userIds.length > 2 && random() < 0.3) {
      await add({ type: 'compaction', summary: `## Goal\n${words(80)}`, firstKeptEntryId: userIds[userIds.length - 1], tokensBefore: tokens, details: { readFiles: ['src/a.ts'], modifiedFiles: [] }, fromHook: false });
      tokens = 8000;
    }
    userIds.push(await add({ type: 'message', message: { role: 'user', content: [{ type: 'text', text: words(20 + Math.floor(random() * 80)) }], timestamp: time } }));
    const steps = 1 + Math.floor(random() * 3);
    for (let step = 0; step < steps && count < options.entries; step++) {
      const callId = `toolu_${hex()}${hex()}`;
      const tool = pick(['read', 'edit', 'bash'] as const);
      const args = tool === 'read' ? { path: `src/${pick(WORDS)}.ts` } : tool === 'edit' ? { path: `src/${pick(WORDS)}.ts`, oldText: code(2), newText: code(3) } : { command: `npm test -- ${pick(WORDS)}` };
      tokens += 400;
      await add({
        type: 'message',
        message: {
          role: 'assistant',
          content: [{ type: 'thinking', thinking: words(30) }, { type: 'text', text: words(25) }, { type: 'toolCall', id: callId, name: tool, arguments: args }],
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage: usage(tokens),
          stopReason: 'toolUse',
          timestamp: time,
        },
      });
      await add({ type: 'message', message: { role: 'toolResult', toolCallId: callId, toolName: tool, content: [{ type: 'text', text: code(5 + Math.floor(random() * 20)) }], isError: false, timestamp: time } });
    }
    tokens += 300;
    await add({
      type: 'message',
      message: { role: 'assistant', content: [{ type: 'text', text: words(60 + Math.floor(random() * 120)) }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage: usage(tokens), stopReason: 'stop', timestamp: time },
    });
    if (random() < 0.02) await add({ type: 'label', targetId: userIds[userIds.length - 1], label: words(2) });
  }
  out.end();
  await once(out, 'finish');
  return { file, entries: count, bytes, leafId: parent! };
}
