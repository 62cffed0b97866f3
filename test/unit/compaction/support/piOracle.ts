/**
 * The reference implementation (pi 0.73.1, installed as a dev dependency) run side by side with
 * ours: parity where we match it, and a demonstration of each weak point we fix. Loaded once.
 */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

// The reference is untyped JavaScript: its results are typed loosely here.
export interface PiOracle {
  estimateTokens(message: unknown): number;
  findCutPoint(entries: unknown[], start: number, end: number, keep: number): { firstKeptEntryIndex: number; turnStartIndex: number; isSplitTurn: boolean };
  prepareCompaction(entries: unknown[], settings: unknown): any;
  estimateContextTokens(messages: unknown[]): { tokens: number; usageTokens: number; trailingTokens: number; lastUsageIndex: number | null };
  serializeConversation(messages: unknown[]): string;
  convertToLlm(messages: unknown[]): unknown[];
  compact(preparation: unknown, model: unknown, apiKey: string, headers?: unknown, customInstructions?: string, signal?: AbortSignal, thinkingLevel?: string): Promise<any>;
  shouldCompact(tokens: number, window: number, settings: unknown): boolean;
  prepareBranchEntries(entries: unknown[], budget?: number): any;
  /** pi's compact() against a fake model answering `text`; returns the prompts it sent. */
  fakeModel(reply: (prompt: string) => string): { model: unknown; prompts: string[]; dispose(): void };
}

let oracle: Promise<PiOracle> | undefined;

const PI_ROOT = path.resolve(__dirname, '../../../../node_modules/@mariozechner/pi-coding-agent');

export function loadPi(): Promise<PiOracle> {
  oracle ??= (async () => {
    const root: any = await import('@mariozechner/pi-coding-agent');
    const compaction: any = await import(pathToFileURL(path.join(PI_ROOT, 'dist/core/compaction/compaction.js')).href);
    const ai: any = await import('@mariozechner/pi-ai');
    return {
      estimateTokens: root.estimateTokens,
      findCutPoint: root.findCutPoint,
      prepareCompaction: compaction.prepareCompaction,
      estimateContextTokens: compaction.estimateContextTokens,
      serializeConversation: root.serializeConversation,
      convertToLlm: root.convertToLlm,
      compact: root.compact,
      shouldCompact: root.shouldCompact,
      prepareBranchEntries: root.prepareBranchEntries,
      fakeModel(reply) {
        const prompts: string[] = [];
        const faux = ai.registerFauxProvider({ models: [{ id: 'faux-model', contextWindow: 200000, reasoning: true }] });
        const step = (context: any) => {
          const prompt = context.messages[0].content[0].text as string;
          prompts.push(prompt);
          return ai.fauxAssistantMessage(reply(prompt));
        };
        faux.setResponses(Array.from({ length: 20 }, () => step));
        return { model: faux.getModel(), prompts, dispose: () => faux.unregister() };
      },
    } satisfies PiOracle;
  })();
  return oracle;
}
