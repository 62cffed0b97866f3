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

/** The sums, straight from the JSON lines: usages of assistant messages and of summaries. */
export function sumsFromLines(lines: Record<string, unknown>[], ids: ReadonlySet<string> | undefined) {
  const blank = (): TokenSpend => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: 0, count: 0, unpriced: 0 });
  const all = { ...blank(), replies: blank(), summaries: blank() };
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
