/**
 * A session that spent something: replies on two branches, a compaction on the first, a branch
 * summary where the second starts, written to a real file; and the sums of its usages computed
 * straight from the file's JSON lines, for tests to compare totals with.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { compactSession, DEFAULT_COMPACTION_SETTINGS } from '../../../../src/core/compaction';
import { navigateTree } from '../../../../src/core/navigation';
import { createSessionFile, type Session } from '../../../../src/core/session';
import type { TokenSpend } from '../../../../src/core/tokens';
import { assistant, steppingClock, user } from '../../../support/builders';
import type { PiModule } from '../../../support/pi';
import { ScriptedSummarizer } from '../../compaction/support/scriptedSummarizer';

const LONG = 'y'.repeat(2000);

function cost(input: number, output: number, cacheRead = 0, cacheWrite = 0) {
  return { input, output, cacheRead, cacheWrite, total: input + output + cacheRead + cacheWrite };
}

async function reply(session: Session, question: string, usage: { input: number; output: number; cacheRead: number; cacheWrite: number; dollars: number }): Promise<string> {
  await session.appendMessage(user(`${question} ${LONG}`));
  return session.appendMessage(
    assistant(`answer to ${question} ${LONG}`, {
      usage: { ...usage, totalTokens: usage.input + usage.output + usage.cacheRead + usage.cacheWrite, cost: cost(usage.dollars / 2, usage.dollars / 2) },
    }),
  );
}

/** A session with two branches: replies, a compaction on the first and a branch summary where the second starts. */
export async function writeSession(dir: string): Promise<{ file: string; firstLeaf: string }> {
  const session = await createSessionFile({ dir, cwd: dir, clock: steppingClock() });
  const first = await reply(session, 'q1', { input: 1000, output: 200, cacheRead: 0, cacheWrite: 900, dollars: 0.25 });
  await reply(session, 'q2', { input: 50, output: 300, cacheRead: 900, cacheWrite: 100, dollars: 0.125 });
  await reply(session, 'q3', { input: 60, output: 100, cacheRead: 1000, cacheWrite: 80, dollars: 0.0625 });
  const summarizer = new ScriptedSummarizer(() => ({ text: 'Summary.', usage: { input: 3000, output: 400, cacheRead: 0, cacheWrite: 0, cost: cost(0.5, 0.25) } }));
  const compacted = await compactSession(session, { settings: { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 600 }, summarizer });
  assert.equal(compacted.kind, 'compacted');
  await reply(session, 'q4', { input: 70, output: 10, cacheRead: 1200, cacheWrite: 0, dollars: 0.03125 });
  const firstLeaf = session.leafId!;
  const branchSummarizer = new ScriptedSummarizer(() => ({ text: 'Left behind.', usage: { input: 800, output: 90, cacheRead: 0, cacheWrite: 0, cost: cost(0.0625, 0.0625) } }));
  await navigateTree(session, first, { summarize: true, summarizer: branchSummarizer });
  await reply(session, 'q5 on the other branch', { input: 40, output: 20, cacheRead: 0, cacheWrite: 1100, dollars: 1 });
  await session.sync();
  return { file: session.file!, firstLeaf };
}

/** The sums, straight from the JSON lines: usages of assistant messages and of summaries (`writeSession` records no other). */
export function sumsFromLines(lines: Record<string, unknown>[], ids: ReadonlySet<string> | undefined) {
  const blank = (): TokenSpend => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0, count: 0, unpriced: 0 });
  const all = { ...blank(), replies: blank(), summaries: blank(), tools: blank(), other: blank() };
  for (const line of lines) {
    if (ids && !ids.has(line.id as string)) continue;
    const message = line.message as { role?: string; usage?: Record<string, number> & { cost: { total: number } } } | undefined;
    const kind = line.type === 'compaction' || line.type === 'branch_summary' ? 'summaries' : line.type === 'message' && message?.role === 'assistant' ? 'replies' : undefined;
    if (!kind) continue;
    const usage = (kind === 'summaries' ? line.usage : message!.usage) as Record<string, number> & { cost: { total: number } };
    for (const part of [all, all[kind]]) {
      part.input += usage.input!;
      part.output += usage.output!;
      part.cacheRead += usage.cacheRead!;
      part.cacheWrite += usage.cacheWrite!;
      part.totalTokens += usage.input! + usage.output! + usage.cacheRead! + usage.cacheWrite!;
      part.cost += usage.cost.total;
      part.count++;
    }
  }
  return all;
}

export function pathIds(lines: Record<string, unknown>[], leaf: string): Set<string> {
  const byId = new Map(lines.map((line) => [line.id as string, line]));
  const ids = new Set<string>();
  for (let id: string | null = leaf; id !== null; id = (byId.get(id)!.parentId as string | null) ?? null) ids.add(id);
  return ids;
}

/** The file's entries as parsed JSON, header left out. */
export function fileLines(file: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>).slice(1);
}

/**
 * A session written by pi 1.6.0's own SessionManager that spent in every way pi counts: replies
 * (one failed), a tool result recording its own model work, `usage` entries of pi's kind and
 * another, a compaction with usage, on two branches. `leaf` is the position, `otherLeaf` the end of
 * the branch left.
 */
export function writePiSpending(pi: PiModule, dir: string): { file: string; leaf: string; otherLeaf: string } {
  const sm = pi.SessionManager.create('/p', dir);
  const spent = (input: number, output: number, total: number) => ({ input, output, cacheRead: 7, cacheWrite: 3, totalTokens: input + output + 10, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total } });
  sm.appendMessage(user('q1') as never);
  const call = { type: 'toolCall' as const, id: 'call-1', name: 'codemode', arguments: { code: 'run()' } };
  const first = sm.appendMessage(assistant([call], { usage: spent(1000, 100, 0.25), stopReason: 'toolUse' }) as never);
  sm.appendMessage({ role: 'toolResult', toolCallId: 'call-1', toolName: 'codemode', content: [{ type: 'text', text: 'done' }], isError: false, usage: spent(300, 30, 0.0625), timestamp: 3 } as never);
  sm.appendUsage('cache_warm', 'anthropic', 'claude-sonnet-4-5', spent(2000, 1, 0.125));
  sm.appendMessage(assistant('failed', { usage: spent(50, 5, 0.03125), stopReason: 'error', errorMessage: 'overloaded' }) as never);
  sm.appendUsage('image_generation', 'openai', 'gpt-image-1', spent(10, 400, 0.5), 'extension override');
  const otherLeaf = sm.appendCompaction('summary', first, 1200, undefined, false, spent(800, 90, 0.015625));
  sm.branch(first);
  sm.appendMessage(user('q2') as never);
  const leaf = sm.appendMessage(assistant('a2', { usage: spent(400, 40, 0.0078125) }) as never);
  return { file: sm.getSessionFile()!, leaf, otherLeaf };
}

/** pi 1.6's totals over `entries`: its getSessionStats loop, with its own createUsageTotals / addUsageToTotals. */
export function piTotals(pi: PiModule, entries: readonly object[]): { input: number; output: number; cacheRead: number; cacheWrite: number; totalTokens: number; cost: number } {
  const totals = pi.createUsageTotals();
  for (const entry of entries as Record<string, any>[]) {
    const counted = entry.type === 'usage' || entry.type === 'compaction' || entry.type === 'branch_summary' ? entry.usage : entry.type === 'message' && ['assistant', 'toolResult'].includes(entry.message.role) ? entry.message.usage : undefined;
    if (counted) pi.addUsageToTotals(totals, counted);
  }
  return { input: totals.input, output: totals.output, cacheRead: totals.cacheRead, cacheWrite: totals.cacheWrite, totalTokens: totals.input + totals.output + totals.cacheRead + totals.cacheWrite, cost: totals.cost };
}
