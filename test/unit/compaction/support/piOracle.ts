/**
 * The reference implementation (pi 1.6.0, installed as a dev dependency; see test/support/pi.ts)
 * run side by side with ours: parity where we match it, and a demonstration of each weak point we
 * fix. Loaded once, from pi's compaction and message files (they load on Node 20).
 */
import { importPiFile, loadPiAi } from '../../../support/pi';

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

export function loadPi(): Promise<PiOracle> {
  oracle ??= (async () => {
    const compaction: any = await importPiFile('core/compaction/index.js');
    const messages: any = await importPiFile('core/messages.js');
    const ai: any = await loadPiAi();
    return {
      estimateTokens: compaction.estimateTokens,
      findCutPoint: compaction.findCutPoint,
      prepareCompaction: compaction.prepareCompaction,
      estimateContextTokens: compaction.estimateContextTokens,
      serializeConversation: compaction.serializeConversation,
      convertToLlm: messages.convertToLlm,
      compact: compaction.compact,
      shouldCompact: compaction.shouldCompact,
      prepareBranchEntries: compaction.prepareBranchEntries,
      fakeModel(reply) {
        const prompts: string[] = [];
        const faux = ai.registerFauxProvider({ models: [{ id: 'faux-model', contextWindow: 200000, reasoning: true }] });
        const step = (context: any) => {
          const prompt = context.messages.find((message: any) => message.role === 'user').content[0].text as string;
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
