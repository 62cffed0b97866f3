/**
 * Whole contexts, Arbor's and pi 1.6's, compared message by message and field by field: the
 * agent messages (`buildSessionContext`) and what the model receives (`convertToLlm`). Every
 * field counts — role, text, tool calls (id, name, arguments), `toolCallId`, thinking, images,
 * `stopReason`, usage, timestamps, system messages and checkpoints — not only the role and the
 * joined text that `arbor context` prints. Nothing is normalized: where Arbor reads the same
 * entries, it must build the same objects. One documented difference: pi's model input keeps the
 * session's system messages (its provider turns them into its system prompt); Arbor sends its own
 * system prompt and leaves them out (docs/session-format.md, "System messages"). The tally records
 * what the comparisons covered, so a generator that stops producing tool calls or images makes the
 * test fail instead of proving less.
 */
import { strict as assert } from 'node:assert';
import { buildSessionContext, convertToLlm, loadSessionFile, type AgentMessage } from '../../../src/core/session';
import type { PiEntry, PiModule } from './piOracle';

export interface WholeContext {
  thinkingLevel: string;
  model: { provider: string; modelId: string } | null;
  messages: readonly unknown[];
  /** What the model receives. */
  llm: readonly unknown[];
}

/** What the compared messages held, over a whole test. */
export interface CoverageTally {
  contexts: number;
  messages: number;
  llmMessages: number;
  byRole: Record<string, number>;
  toolCalls: number;
  toolResults: number;
  thinking: number;
  images: number;
  stopReasons: Record<string, number>;
}

export function newCoverage(): CoverageTally {
  return { contexts: 0, messages: 0, llmMessages: 0, byRole: {}, toolCalls: 0, toolResults: 0, thinking: 0, images: 0, stopReasons: {} };
}

export function piWholeContext(pi: PiModule, entries: PiEntry[], leafId: string | null | undefined): WholeContext {
  const context = pi.buildSessionContext(entries, leafId);
  const llm = pi.convertToLlm(context.messages).filter((message) => message.role !== 'system');
  return { thinkingLevel: context.thinkingLevel, model: context.model, messages: context.messages, llm };
}

/** Arbor's session engine reading the file (no CLI in between), at `leafId`. */
export async function arborWholeContext(file: string, leafId: string | null | undefined): Promise<WholeContext> {
  const { tree } = await loadSessionFile(file);
  const context = buildSessionContext(tree, leafId);
  return { thinkingLevel: context.thinkingLevel, model: context.model, messages: context.messages, llm: convertToLlm(context.messages) };
}

/** Equal in every field; a failure names the message and its role. */
export function assertSameContext(ours: WholeContext, theirs: WholeContext, where: string, tally: CoverageTally): void {
  assert.deepEqual({ thinkingLevel: ours.thinkingLevel, model: ours.model }, { thinkingLevel: theirs.thinkingLevel, model: theirs.model }, `${where}: settings`);
  for (const [name, list] of [['messages', 'messages'], ['llm', 'model input']] as const) {
    assert.equal(ours[name].length, theirs[name].length, `${where}: number of ${list}`);
    ours[name].forEach((message, i) => {
      assert.deepEqual(message, theirs[name][i], `${where}: ${list} [${i}] (${(theirs[name][i] as { role?: string }).role})`);
    });
  }
  count(theirs, tally);
}

function count(context: WholeContext, tally: CoverageTally): void {
  tally.contexts++;
  tally.messages += context.messages.length;
  tally.llmMessages += context.llm.length;
  for (const message of context.messages as AgentMessage[]) {
    tally.byRole[message.role] = (tally.byRole[message.role] ?? 0) + 1;
    if (message.role === 'assistant') tally.stopReasons[message.stopReason] = (tally.stopReasons[message.stopReason] ?? 0) + 1;
    if (message.role === 'toolResult') tally.toolResults++;
    const content = 'content' in message && Array.isArray(message.content) ? (message.content as { type: string }[]) : [];
    for (const block of content) {
      if (block.type === 'toolCall') tally.toolCalls++;
      else if (block.type === 'thinking') tally.thinking++;
      else if (block.type === 'image') tally.images++;
    }
  }
}

/** The comparisons reached every kind of field at least `min` times. */
export function assertCovered(tally: CoverageTally, min: number): void {
  const reached: Record<string, number> = {
    'tool calls': tally.toolCalls,
    'tool results': tally.toolResults,
    'thinking blocks': tally.thinking,
    images: tally.images,
    'stopReason stop': tally.stopReasons.stop ?? 0,
    'stopReason toolUse': tally.stopReasons.toolUse ?? 0,
    'stopReason error': tally.stopReasons.error ?? 0,
    'stopReason aborted': tally.stopReasons.aborted ?? 0,
  };
  for (const role of ['user', 'assistant', 'toolResult', 'bashExecution', 'custom', 'branchSummary', 'compactionSummary']) reached[`role ${role}`] = tally.byRole[role] ?? 0;
  const short = Object.entries(reached).filter(([, n]) => n < min).map(([name, n]) => `${name}: ${n}`);
  assert.deepEqual(short, [], `the whole-context comparisons reached these fields fewer than ${min} times`);
}

export function describeCoverage(tally: CoverageTally): string {
  return `${tally.contexts} whole contexts (${tally.messages} messages, ${tally.llmMessages} model-input messages; ${tally.toolCalls} tool calls, ${tally.toolResults} tool results, ${tally.thinking} thinking blocks, ${tally.images} images)`;
}
