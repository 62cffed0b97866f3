/**
 * Seeded "ordinary" sessions for parity runs against pi: model and thinking settings at the
 * start, then turns of user → (assistant with tool calls → results)* → assistant text, with sizes
 * spread over two orders of magnitude. None of the cases where Arbor cuts differently on purpose
 * (no custom messages, branch summaries, bash executions, settings inside the conversation), so pi
 * and we must cut identically.
 */
import { rng } from '../../../../bench/generate';
import type { SessionEntry, StoredMessage } from '../../../../src/core/session';
import { assistant, toolCall, toolResult, usage, user } from '../../../support/builders';
import { modelChange, pathOf, thinkingChange, type EntrySpec } from './path';

export function ordinaryPath(seed: number, turns = 12): SessionEntry[] {
  const random = rng(seed);
  const size = (): number => Math.floor(20 * Math.pow(100, random()));
  const text = (n: number): string => 'lorem ipsum dolor '.repeat(Math.ceil(n / 18)).slice(0, n);
  const specs: EntrySpec[] = [modelChange(), thinkingChange('medium')];
  for (let t = 0; t < turns; t++) {
    specs.push(user(text(size())));
    const steps = Math.floor(random() * 4);
    for (let s = 0; s < steps; s++) {
      const calls = Array.from({ length: 1 + Math.floor(random() * 2) }, (_, c) => toolCall(c === 0 ? 'read' : 'edit', { path: `src/f${t}_${s}_${c}.ts` }, `tc${t}_${s}_${c}`));
      specs.push(assistant([{ type: 'text', text: text(size() / 4) }, ...calls], { usage: usage(1000 * (t + 1), 50), stopReason: 'toolUse' }));
      for (const call of calls) specs.push(toolResult(call, text(size() * 3)) as StoredMessage);
    }
    specs.push(assistant(text(size()), { usage: usage(1000 * (t + 1) + 500, 80) }));
  }
  return pathOf(...specs);
}
