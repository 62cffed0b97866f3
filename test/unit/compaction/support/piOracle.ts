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
  generateBranchSummary(entries: unknown[], options: Record<string, unknown>): Promise<any>;
  /**
   * pi's compact() or generateBranchSummary() against a fake model answering `reply(prompt)` (a
   * text, or a reply that stops for another reason or calls a tool); records every request it sent.
   */
  fakeModel(reply: (prompt: string) => string | FauxReply, model?: { contextWindow?: number; maxTokens?: number; reasoning?: boolean }): FakeModel;
}

export interface FauxReply {
  text: string;
  stopReason?: 'stop' | 'length' | 'error';
  errorMessage?: string;
  /** The reply also calls a tool. */
  toolCall?: boolean;
}

/** One request pi sent to the fake model: its prompt, system prompt and stream options (maxTokens, reasoning…). */
export interface FauxRequest {
  prompt: string;
  systemPrompt: string;
  options: Record<string, unknown>;
}

export interface FakeModel {
  model: unknown;
  prompts: string[];
  requests: FauxRequest[];
  dispose(): void;
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
      generateBranchSummary: compaction.generateBranchSummary,
      fakeModel(reply, model = {}) {
        const prompts: string[] = [];
        const requests: FauxRequest[] = [];
        const faux = ai.registerFauxProvider({ models: [{ id: 'faux-model', contextWindow: 200000, reasoning: true, ...model }] });
        const step = (context: any, options: any) => {
          const prompt = context.messages.find((message: any) => message.role === 'user').content[0].text as string;
          prompts.push(prompt);
          const { signal: _signal, ...plain } = options ?? {};
          requests.push({ prompt, systemPrompt: context.systemPrompt, options: plain });
          const answer = reply(prompt);
          if (typeof answer === 'string') return ai.fauxAssistantMessage(answer);
          const blocks = [ai.fauxText(answer.text), ...(answer.toolCall ? [ai.fauxToolCall('read', { path: 'a.ts' })] : [])];
          return ai.fauxAssistantMessage(blocks, { stopReason: answer.stopReason ?? (answer.toolCall ? 'toolUse' : 'stop'), ...(answer.errorMessage ? { errorMessage: answer.errorMessage } : {}) });
        };
        faux.setResponses(Array.from({ length: 20 }, () => step));
        return { model: faux.getModel(), prompts, requests, dispose: () => faux.unregister() };
      },
    } satisfies PiOracle;
  })();
  return oracle;
}
