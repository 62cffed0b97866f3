/**
 * Seeded random sessions for the interoperability tests, built through a session API (pi's
 * `SessionManager` or Arbor's `Session`, behind `SessionWriter`): random trees (branch, reset to
 * the root level), every message role with text, thinking, tool calls, images, bash runs, custom
 * entries and messages, labels set and cleared, names, model and thinking changes, compactions
 * with random kept boundaries, branch summaries (some empty, some at the root level).
 *
 * `shapes: 'pi16'` adds what pi 1.6 writes and 0.73.1 never did (randomSession16.ts): system
 * messages and their patches, context edits (hiding, replacing with a string or blocks, several
 * on one target, restoring the original), usage entries, retain-none compactions (which carry the
 * system checkpoint like every compaction), the `max` thinking level, null content, tool results
 * with usage and nested calls, and failed attempts hidden before a compaction as pi hides them.
 */
import type { AgentMessage, AssistantMessage, ContextReplacement, ImageContent, SessionEntry, TextContent, ToolCall, Usage } from '../../src/core/session';

/** The append API both implementations share (pi's SessionManager appends; every append moves the leaf). */
export interface SessionWriter {
  /** Ids of every entry so far, file order. */
  ids(): string[];
  /** Ids on the path root → current position. */
  pathIds(): string[];
  /** An entry as written. */
  entry(id: string): SessionEntry | undefined;
  appendMessage(message: AgentMessage): Promise<string>;
  appendThinkingLevelChange(level: string): Promise<string>;
  appendModelChange(provider: string, modelId: string): Promise<string>;
  /** `firstKeptEntryId` null: keep nothing (the compaction names itself). */
  appendCompaction(summary: string, firstKeptEntryId: string | null, tokensBefore: number, details: unknown): Promise<string>;
  appendCustomEntry(customType: string, data: unknown): Promise<string>;
  appendCustomMessage(customType: string, content: string | (TextContent | ImageContent)[], display: boolean, details: unknown): Promise<string>;
  appendLabel(targetId: string, label: string | undefined): Promise<string>;
  appendSessionInfo(name: string): Promise<string>;
  appendContextEdit(targetId: string, replacement: ContextReplacement): Promise<string>;
  appendUsage(kind: string, provider: string, model: string, usage: Usage, note?: string): Promise<string>;
  branch(id: string): Promise<void>;
  resetLeaf(): Promise<void>;
  branchWithSummary(id: string | null, summary: string, details: unknown): Promise<string>;
}

/** sfc32: small, seeded, good enough to shape test data. */
export function seededRandom(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

export const WORDS = 'the a session tree branch token model cut summary file read edit test build error 😀 日本語 `code` <tag> & "quote"'.split(' ');
const THINKING = ['off', 'minimal', 'low', 'medium', 'high', 'xhigh'];
export const MODELS: [string, string][] = [
  ['anthropic', 'claude-sonnet-4-5'],
  ['anthropic', 'claude-opus-4-1'],
  ['openai', 'gpt-5'],
];

export class Dice {
  private clock = Date.parse('2026-02-01T00:00:00.000Z');
  constructor(readonly random: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }
  /** Mostly short texts, sometimes long ones, so cut points land everywhere. */
  text(): string {
    const n = this.chance(0.1) ? this.int(200, 1500) : this.int(1, 40);
    return Array.from({ length: n }, () => this.pick(WORDS)).join(' ');
  }
  time(): number {
    return (this.clock += this.int(1, 5000));
  }
}

export function image(dice: Dice): ImageContent {
  return { type: 'image', data: 'iVBORw0KGgo='.repeat(dice.int(1, 3)), mimeType: 'image/png' };
}

export function blocks(dice: Dice): (TextContent | ImageContent)[] {
  const list: (TextContent | ImageContent)[] = Array.from({ length: dice.int(1, 2) }, () => ({ type: 'text' as const, text: dice.text() }));
  if (dice.chance(0.15)) list.push(image(dice));
  return list;
}

export function userMessage(dice: Dice): AgentMessage {
  return { role: 'user', content: dice.chance(0.3) ? dice.text() : blocks(dice), timestamp: dice.time() };
}

export function assistantMessage(dice: Dice, calls: ToolCall[]): AssistantMessage {
  const content: AssistantMessage['content'] = [];
  if (dice.chance(0.4)) content.push({ type: 'thinking', thinking: dice.text() });
  for (let i = dice.int(0, 2); i > 0; i--) content.push({ type: 'text', text: dice.text() });
  content.push(...calls);
  const [provider, model] = dice.pick(MODELS);
  const input = dice.int(0, 50_000);
  const output = dice.int(0, 2000);
  const stopReason = dice.chance(0.08) ? dice.pick(['error', 'aborted'] as const) : calls.length > 0 ? 'toolUse' : 'stop';
  return {
    role: 'assistant',
    content,
    api: 'anthropic-messages',
    provider,
    model,
    usage: { input, output, cacheRead: dice.int(0, 1000), cacheWrite: 0, ...(dice.chance(0.8) ? { totalTokens: input + output } : {}), cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    stopReason,
    ...(stopReason === 'error' ? { errorMessage: 'overloaded' } : {}),
    timestamp: dice.time(),
  };
}

export async function appendTurn(writer: SessionWriter, dice: Dice): Promise<void> {
  if (dice.chance(0.8)) await writer.appendMessage(userMessage(dice));
  const calls: ToolCall[] = Array.from({ length: dice.chance(0.5) ? dice.int(1, 3) : 0 }, (_, i) => ({
    type: 'toolCall',
    id: `call_${dice.int(0, 1e9)}_${i}`,
    name: dice.pick(['read', 'edit', 'bash', 'write']),
    arguments: { path: `src/${dice.pick(WORDS)}.ts`, ...(dice.chance(0.3) ? { content: dice.text() } : {}) },
  }));
  await writer.appendMessage(assistantMessage(dice, calls));
  for (const call of calls) {
    if (dice.chance(0.1)) continue; // a missing result happens (aborted runs)
    const content: (TextContent | ImageContent)[] = [{ type: 'text', text: dice.text() }];
    if (dice.chance(0.1)) content.push(image(dice));
    await writer.appendMessage({ role: 'toolResult', toolCallId: call.id, toolName: call.name, content, isError: dice.chance(0.1), timestamp: dice.time() });
  }
}

export type Step = (writer: SessionWriter, dice: Dice) => Promise<unknown> | undefined;

const STEPS: [number, Step][] = [
  [30, appendTurn],
  [4, (w, d) => w.appendMessage({ role: 'bashExecution', command: d.text(), output: d.chance(0.2) ? '' : d.text(), exitCode: d.pick([0, 0, 1, 2, undefined]), cancelled: d.chance(0.1), truncated: d.chance(0.2), ...(d.chance(0.5) ? { fullOutputPath: '/tmp/out.txt' } : {}), ...(d.chance(0.2) ? { excludeFromContext: true } : {}), timestamp: d.time() })],
  [2, (w, d) => w.appendMessage({ role: 'custom', customType: 'legacy', content: d.chance(0.5) ? d.text() : blocks(d), display: d.chance(0.5), timestamp: d.time() })],
  [3, (w, d) => w.appendCustomMessage(d.pick(['note', 'reminder']), d.chance(0.5) ? d.text() : blocks(d), d.chance(0.5), d.chance(0.5) ? { n: d.int(0, 9) } : undefined)],
  [3, (w, d) => w.appendCustomEntry(d.pick(['state', 'arbor.other']), { n: d.int(0, 99) })],
  [3, (w, d) => w.appendThinkingLevelChange(d.pick(THINKING))],
  [3, (w, d) => w.appendModelChange(...d.pick(MODELS))],
  [4, (w, d) => (w.ids().length > 0 ? w.appendLabel(d.pick(w.ids()), d.chance(0.25) ? d.pick([undefined, '']) : d.pick(WORDS)) : undefined)],
  [2, (w, d) => w.appendSessionInfo(d.chance(0.2) ? '' : `  ${d.text().slice(0, 30)} `)],
  [4, (w, d) => compact(w, d)],
  [7, (w, d) => (w.ids().length > 0 ? w.branch(d.pick(w.ids())) : undefined)],
  [1, (w) => w.resetLeaf()],
  [3, (w, d) => w.branchWithSummary(w.ids().length > 0 && d.chance(0.9) ? d.pick(w.ids()) : null, d.chance(0.15) ? '' : d.text(), d.chance(0.5) ? { readFiles: ['a.ts'], modifiedFiles: [] } : undefined)],
];

function compact(writer: SessionWriter, dice: Dice): Promise<unknown> {
  const path = writer.pathIds();
  if (path.length === 0) return Promise.resolve();
  // Kept boundaries: mostly on the path, sometimes an entry elsewhere (pi does not validate it).
  const firstKept = dice.chance(0.85) ? dice.pick(path) : dice.pick(writer.ids());
  return writer.appendCompaction(`## Goal\n${dice.text()}`, firstKept, dice.int(100, 200_000), { readFiles: [], modifiedFiles: ['src/x.ts'] });
}

/** Extra steps and a first step for other shapes (randomSession16.ts). */
export interface Shapes {
  steps: readonly [number, Step][];
  /** Written after the model and thinking entries, before the first turn. */
  start?: Step;
}

/** Appends `steps` random steps; starts like a real session (model, thinking, one turn). */
export async function writeRandomSession(writer: SessionWriter, seed: number, steps: number, shapes?: Shapes): Promise<void> {
  const dice = new Dice(seededRandom(seed));
  const all = shapes ? [...STEPS, ...shapes.steps] : STEPS;
  const totalWeight = all.reduce((sum, [weight]) => sum + weight, 0);
  if (dice.chance(0.7)) {
    await writer.appendModelChange(...dice.pick(MODELS));
    await writer.appendThinkingLevelChange(dice.pick(THINKING));
  }
  await shapes?.start?.(writer, dice);
  await appendTurn(writer, dice);
  for (let i = 0; i < steps; i++) {
    let roll = dice.random() * totalWeight;
    const step = all.find(([weight]) => (roll -= weight) < 0)?.[1] ?? appendTurn;
    await step(writer, dice);
  }
}
