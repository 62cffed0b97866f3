/**
 * A realistic session whose "API-reported" usage is SIMULATED, for `tokenPrediction`. There is
 * no real usage data in this repository: a hypothetical provider tokenizer is modelled as
 * o200k_base counts times a factor that depends on the kind of text (prose, code, JSON, CJK, logs
 * — where chars/4 is poorest), plus per-message and per-tool-block framing and a fixed
 * system-prompt/tool overhead. No single ratio reproduces it exactly.
 *
 * The simulated usage is made from the same o200k tokenizer that Arbor's tokenizer estimator
 * uses, so predicting it well is a self-consistency check of the calibration (it recovers a
 * per-model factor), NOT a measure of accuracy against a real provider.
 */
import { writeFileSync } from 'node:fs';
import { loadTextTokenizer } from '../src/core/tokens';
import { rng } from './generate';

type Kind = 'prose' | 'code' | 'json' | 'cjk' | 'log';

/** Simulated provider tokens per o200k token, by kind of text. */
const SIMULATED_FACTOR: Record<Kind, number> = { prose: 1.1, code: 1.22, json: 1.3, cjk: 1.45, log: 1.16 };
const SIMULATED_MESSAGE_FRAMING = 7;
const SIMULATED_TOOL_FRAMING = 14;
const SIMULATED_SYSTEM_AND_TOOLS = 6200;
export const SIMULATED_MODEL = { provider: 'anthropic', model: 'simulated-model' };

const PROSE = 'We should keep the public interface small and move the parsing into its own module so the tests can cover it without the network. The error only shows up when the cache is cold, which suggests an ordering problem in the startup path.'.split(' ');
const CODE = [
  'export async function loadConfig(path: string): Promise<Config> {',
  '  const raw = JSON.parse(await fs.readFile(path, "utf8")) as Partial<Config>;',
  '  if (!raw.entries?.length) throw new ConfigError(`no entries in ${path}`);',
  '  return { ...DEFAULTS, ...raw, entries: raw.entries.map(normalizeEntry) };',
  '}',
  'for (const [key, value] of Object.entries(map)) result[key.trim()] = value ?? null;',
  'const total = items.reduce((sum, { price, qty }) => sum + price * qty, 0);',
];
const CJK = ['配置文件的加载顺序需要调整，否则缓存为空时会出错。', 'テストはネットワークなしで実行できるようにしてください。', '这个函数的返回值在错误情况下没有被检查。', 'セッションの木構造を保ったまま要約します。'];
const LOG = ['2026-03-01T10:22:31.118Z INFO  request id=4f2a9c path=/api/v2/items status=200 took=41ms', '2026-03-01T10:22:31.532Z WARN  retry attempt=2 backoff=800ms host=10.0.4.17:8443', 'FAIL src/config.test.ts > loadConfig > rejects empty files (12 ms)'];

interface Piece {
  text: string;
  kind: Kind;
}

export interface SimulatedUsageOptions {
  turns?: number;
  seed?: number;
}

/** Writes the session and returns its file path. Deterministic for a seed. */
export async function writeSimulatedUsageSession(file: string, options: SimulatedUsageOptions = {}): Promise<string> {
  const count = await loadTextTokenizer();
  const random = rng(options.seed ?? 11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const repeat = (n: number, make: () => string, sep: string): string => Array.from({ length: n }, make).join(sep);
  const piece = (kind: Kind, size: number): Piece => {
    switch (kind) {
      case 'prose': return { kind, text: repeat(size, () => pick(PROSE), ' ') };
      case 'code': return { kind, text: repeat(size, () => pick(CODE), '\n') };
      case 'json': return { kind, text: JSON.stringify(Array.from({ length: size }, (_, i) => ({ id: i, name: pick(PROSE), size: Math.floor(random() * 1e5), tags: [pick(PROSE), pick(PROSE)] })), null, 2) };
      case 'cjk': return { kind, text: repeat(size, () => pick(CJK), '') };
      case 'log': return { kind, text: repeat(size, () => pick(LOG), '\n') };
    }
  };
  const simulated = (pieces: Piece[], toolBlocks = 0): number =>
    SIMULATED_MESSAGE_FRAMING + toolBlocks * SIMULATED_TOOL_FRAMING + pieces.reduce((sum, p) => sum + Math.round(count(p.text) * SIMULATED_FACTOR[p.kind]), 0);

  const lines: unknown[] = [{ type: 'session', version: 3, id: '01900000-0000-7000-8000-00000000a11c', timestamp: '2026-03-01T10:00:00.000Z', cwd: '/home/dev/project' }];
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  let parent: string | null = null;
  let context = SIMULATED_SYSTEM_AND_TOOLS;
  const add = (message: Record<string, unknown>, tokens: number): void => {
    const id = `g${lines.length.toString(16).padStart(7, '0')}`;
    clock += 1000;
    lines.push({ type: 'message', id, parentId: parent, timestamp: new Date(clock).toISOString(), message: { ...message, timestamp: clock } });
    parent = id;
    context += tokens;
  };
  /** An assistant reply: the provider read `context` tokens and wrote the reply's. */
  const reply = (pieces: Piece[], calls: { id: string; name: string; args: Record<string, unknown> }[]): void => {
    const argPieces = calls.map((c) => ({ text: c.name + JSON.stringify(c.args), kind: 'json' as Kind }));
    const output = simulated([...pieces, ...argPieces], calls.length);
    const cacheRead = Math.floor(context * 0.8);
    const usage = { input: context - cacheRead, output, cacheRead, cacheWrite: 0, totalTokens: context + output, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
    const content = [
      { type: 'thinking', thinking: pieces[0]!.text },
      ...pieces.slice(1).map((p) => ({ type: 'text', text: p.text })),
      ...calls.map((c) => ({ type: 'toolCall', id: c.id, name: c.name, arguments: c.args })),
    ];
    add({ role: 'assistant', content, api: 'anthropic-messages', ...SIMULATED_MODEL, usage, stopReason: calls.length ? 'toolUse' : 'stop' }, output);
  };

  for (let turn = 0; turn < (options.turns ?? 150); turn++) {
    const prompt = [piece(random() < 0.3 ? 'cjk' : 'prose', 5 + Math.floor(random() * 20))];
    add({ role: 'user', content: prompt.map((p) => ({ type: 'text', text: p.text })) }, simulated(prompt));
    for (let step = 0, steps = Math.floor(random() * 4); step < steps; step++) {
      const call = { id: `toolu_${turn}_${step}`, name: pick(['read', 'bash', 'grep']), args: { path: `src/${pick(['config', 'cache', 'server', 'docs/readme'])}.ts` } };
      reply([piece('prose', 10 + Math.floor(random() * 20)), piece('prose', 8)], [call]);
      const kind = pick<Kind>(['code', 'code', 'json', 'cjk', 'log']);
      const result = [piece(kind, 3 + Math.floor(random() * 25))];
      add({ role: 'toolResult', toolCallId: call.id, toolName: call.name, content: result.map((p) => ({ type: 'text', text: p.text })), isError: false }, simulated(result, 1));
    }
    reply([piece('prose', 10), random() < 0.3 ? piece('cjk', 4) : piece('prose', 30 + Math.floor(random() * 60))], []);
  }
  writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  return file;
}
