/**
 * pi → Arbor: sessions written by pi 0.73.1's own `SessionManager` (seeded random trees with
 * every entry kind) read by the `arbor` CLI. For each file, Arbor's output must equal pi's own
 * functions on the same file: tree rows and leaf, context (the CLI's roles and text, and the
 * engine's whole messages and model input field by field, see `wholeContext.ts`), cut points with
 * the pi estimator for several budgets, branch-summary entries and their file lists for random
 * pairs, token counts (pi's own `estimateContextTokens`).
 *
 * File lists differ from pi on purpose: a read, write or edit whose result is an error (denied by
 * the user, or failed) touched nothing, and Arbor does not list it; pi lists every call made
 * (docs/compaction.md). The test asks pi about the same entries without those calls, and counts
 * the sessions where that changed pi's lists.
 *
 * Cut points differ from pi where Arbor's compaction engine fixes pi on purpose (the weight of
 * custom messages and branch summaries, split turns, trailing tool results: docs/compaction.md).
 * There the test names the case (see `cutPointModel.ts`) and checks Arbor's documented
 * behaviour instead; every other difference fails.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { arborJson } from '../cli/runArbor';
import { FIXES, keptWeight, modelCutPoint, namedCases, type Fix, type ModelCut } from './cutPointModel';
import { piBranchEntries, piContext, piCutPoint, piTree, type ContextView, type CutView, type PiEntry, type PiModule } from './piOracle';
import { Dice, seededRandom, writeRandomSession } from './randomSession';
import { piWriter } from './writers';
import { arborWholeContext, assertCovered, assertSameContext, describeCoverage, newCoverage, piWholeContext } from './wholeContext';
import { loadPi } from '../../support/pi';
import { loadPi as loadPiCompaction, type PiOracle } from '../compaction/support/piOracle';
import { computeFileLists, failedToolCalls, prepareBranchEntries } from '../../../src/core/compaction';
import type { SessionEntry } from '../../../src/core/session';

const SESSIONS = 220;
const ALL_FIXES = new Set(FIXES);
const NO_FIXES = new Set<Fix>();

interface Tally {
  sessions: number;
  /** Entry kinds, plus `multiple-roots` and `branch-point`, over all generated files. */
  kinds: Record<string, number>;
  comparisons: number;
  cutPoints: number;
  cutPointsEqualToPi: number;
  differences: Record<string, number>;
  tokens: { compared: number; afterCompaction: number; staleUsageWithheld: number };
}

describe('interop: sessions written by pi 0.73.1, read by arbor', function () {
  this.timeout(120_000);
  let pi: PiModule;
  let piCompaction: PiOracle;
  let dir: string;
  const tally: Tally = { sessions: 0, kinds: {}, comparisons: 0, cutPoints: 0, cutPointsEqualToPi: 0, differences: {}, tokens: { compared: 0, afterCompaction: 0, staleUsageWithheld: 0 } };
  const coverage = newCoverage();

  before(async () => {
    pi = await loadPi();
    piCompaction = await loadPiCompaction();
    dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-interop-pi-'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    const differences = Object.entries(tally.differences).map(([name, count]) => `${name} ${count}`).join(', ');
    console.log(`      ${tally.sessions} pi sessions, ${tally.comparisons} comparisons; cut points: ${tally.cutPoints}, equal to pi ${tally.cutPointsEqualToPi}; documented differences: ${differences || 'none'}`);
    console.log(`      ${describeCoverage(coverage)}`);
    const { compared, afterCompaction, staleUsageWithheld } = tally.tokens;
    console.log(`      token counts: ${compared} compared with pi's estimateContextTokens, skipped 0; ${afterCompaction} after a compaction, ${staleUsageWithheld} of them where withholding the stale usage changed pi's number`);
  });

  it(`gives pi's tree, leaf, contexts, cut points, branch entries and token counts for ${SESSIONS} random sessions`, async () => {
    for (let seed = 1; seed <= SESSIONS; seed++) {
      try {
        await compareSession(seed);
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
      }
      tally.sessions++;
    }
    assert.equal(tally.sessions, SESSIONS);
    // The generator must reach the cases Arbor fixes, or this test proves less than it says.
    for (const fix of FIXES) assert.ok((tally.differences[fix] ?? 0) > 0, `no session exercised the "${fix}" case`);
    assert.ok((tally.differences[FAILED_FILE_CALLS] ?? 0) > 0, 'no branch summary exercised a failed file call');
    const kinds = ['message:user', 'message:assistant', 'message:toolResult', 'message:bashExecution', 'message:custom', 'custom_message', 'custom', 'label', 'session_info', 'compaction', 'branch_summary', 'model_change', 'thinking_level_change', 'multiple-roots', 'branch-point'];
    for (const kind of kinds) assert.ok((tally.kinds[kind] ?? 0) >= 20, `only ${tally.kinds[kind] ?? 0} generated sessions hold ${kind}`);
    assertCovered(coverage, 20);
    // Two token counts per session, none skipped; the stale-usage difference is exercised.
    assert.equal(tally.tokens.compared, 2 * SESSIONS);
    assert.ok(tally.tokens.staleUsageWithheld > 0, 'no context exercised a stale usage');
  });

  async function compareSession(seed: number): Promise<void> {
    const dice = new Dice(seededRandom(seed * 7919));
    const writer = pi.SessionManager.create('/home/dev/project', dir);
    await writeRandomSession(piWriter(writer), seed, dice.int(5, 70));
    const file = writer.getSessionFile()!;
    const sm = pi.SessionManager.open(file, dir);
    const entries = sm.getEntries();
    const ids = entries.map((entry) => entry.id);

    const expectedTree = piTree(sm);
    assert.deepEqual(strip(await arborJson('tree', file)), expectedTree);
    tally.comparisons++;
    const kinds = new Set(expectedTree.nodes.map((node) => node.type));
    if (expectedTree.roots.length > 1) kinds.add('multiple-roots');
    if (expectedTree.nodes.some((node) => node.children > 1)) kinds.add('branch-point');
    for (const kind of kinds) tally.kinds[kind] = (tally.kinds[kind] ?? 0) + 1;

    await compareContext(file, entries, sm.getLeafId(), undefined);
    for (let i = 0; i < 3; i++) {
      const leaf = dice.pick(ids);
      await compareContext(file, entries, leaf, leaf);
    }

    for (const leaf of [sm.getLeafId()!, dice.pick(ids)]) {
      const branch = sm.getBranch(leaf);
      const total = keptWeight(pi, branch as never, 0);
      for (const budget of new Set([1, 50, Math.ceil(total * 0.2), Math.ceil(total * 0.6), total + 1, 20_000])) {
        await compareCutPoint(file, branch, leaf, budget);
      }
      await compareTokens(file, entries, leaf);
    }

    for (let i = 0; i < 3; i++) {
      const from = dice.pick(ids);
      const to = dice.pick(ids);
      const expected = piBranchEntries(pi, sm, from, to);
      assert.deepEqual(strip(await arborJson('branch-entries', file, '--from', from, '--to', to)), expected, `branch entries ${from} → ${to}`);
      tally.comparisons++;
      compareFileLists(pi.collectEntriesForBranchSummary(sm, from, to).entries as unknown as SessionEntry[], `${from} → ${to}`);
    }
  }

  async function compareContext(file: string, entries: PiEntry[], leafId: string | null, flag: string | undefined): Promise<void> {
    const expected: ContextView & { leafId: string | null } = { leafId, ...piContext(pi, entries, leafId) };
    const actual = strip(await arborJson('context', file, ...(flag ? ['--leaf', flag] : [])));
    assert.deepEqual(actual, expected, `context at ${leafId}`);
    assertSameContext(await arborWholeContext(file, leafId), piWholeContext(pi, entries, leafId), `whole context at ${leafId}`, coverage);
    tally.comparisons++;
  }

  async function compareCutPoint(file: string, branch: PiEntry[], leaf: string, budget: number): Promise<void> {
    const theirs = piCutPoint(pi, branch, budget);
    const ours = strip(await arborJson<CutView & { keptTokens: number }>('cut-point', file, '--keep-recent', String(budget), '--leaf', leaf, '--estimator', 'pi'));
    const asView = (cut: ModelCut): CutView => ({
      firstKeptEntryId: branch[cut.firstKeptEntryIndex]?.id ?? null,
      turnStartEntryId: cut.turnStartIndex >= 0 ? branch[cut.turnStartIndex]!.id : null,
      isSplitTurn: cut.isSplitTurn,
    });
    // The model reproduces pi with no fix, and Arbor with all of them.
    assert.deepEqual(asView(modelCutPoint(pi, branch as never, budget, NO_FIXES)), theirs, `model vs pi, budget ${budget} at ${leaf}`);
    const documented = modelCutPoint(pi, branch as never, budget, ALL_FIXES);
    const { keptTokens, ...cut } = ours;
    assert.deepEqual(cut, asView(documented), `cut point, budget ${budget} at ${leaf}`);
    assert.equal(keptTokens, keptWeight(pi, branch as never, documented.firstKeptEntryIndex), `kept tokens, budget ${budget} at ${leaf}`);
    tally.cutPoints++;
    tally.comparisons++;
    if (JSON.stringify(cut) === JSON.stringify(theirs)) {
      tally.cutPointsEqualToPi++;
      return;
    }
    const cases = namedCases(pi, branch as never, budget);
    assert.ok(cases.length > 0, `cut point differs from pi for no documented reason, budget ${budget} at ${leaf}`);
    for (const name of cases) tally.differences[name] = (tally.differences[name] ?? 0) + 1;
  }

  /**
   * A branch summary's file lists: Arbor's equal pi's for the same entries once the calls whose
   * result is an error are taken out (the documented difference, counted when it changes pi's lists).
   */
  function compareFileLists(entries: SessionEntry[], what: string): void {
    const ours = computeFileLists(prepareBranchEntries(entries).fileOps);
    assert.deepEqual(ours, computeFileLists(piCompaction.prepareBranchEntries(withoutFailedCalls(entries)).fileOps), `file lists ${what}`);
    tally.comparisons++;
    if (JSON.stringify(ours) !== JSON.stringify(computeFileLists(piCompaction.prepareBranchEntries(entries).fileOps))) {
      tally.differences[FAILED_FILE_CALLS] = (tally.differences[FAILED_FILE_CALLS] ?? 0) + 1;
    }
  }

  /**
   * pi's own `estimateContextTokens` over pi's context. One documented difference (a stale usage:
   * `arbor tokens`, and the contextTokens unit test "ignores a usage recorded before the
   * latest compaction"): a usage recorded at or before the latest compaction's time measured the
   * context before the compaction, and Arbor does not use it. For such a context pi is asked with
   * those usages withheld (the messages stay, so pi still estimates their text).
   */
  async function compareTokens(file: string, entries: PiEntry[], leaf: string): Promise<void> {
    const messages = pi.buildSessionContext(entries, leaf).messages as unknown as { role: string; timestamp: number }[];
    const compactedAt = messages.find((message) => message.role === 'compactionSummary')?.timestamp;
    const stale = (message: { role: string; timestamp: number }): boolean => compactedAt !== undefined && message.role === 'assistant' && message.timestamp <= compactedAt;
    const asked = messages.map((message) => (stale(message) ? { ...message, usage: undefined } : message));
    const theirs = piCompaction.estimateContextTokens(asked);
    const ours = strip(await arborJson('tokens', file, '--leaf', leaf));
    assert.deepEqual(ours, { estimator: 'pi', contextTokens: theirs.tokens, reportedTokens: theirs.usageTokens, estimatedTokens: theirs.trailingTokens }, `tokens at ${leaf}`);
    tally.comparisons++;
    tally.tokens.compared++;
    if (compactedAt === undefined) return;
    tally.tokens.afterCompaction++;
    if (piCompaction.estimateContextTokens(messages).tokens !== theirs.tokens) tally.tokens.staleUsageWithheld++;
  }
});

/** The documented difference in file lists: calls with an error result are not listed. */
const FAILED_FILE_CALLS = 'failed file calls not listed';

/** The entries with every tool call whose result is an error taken out of its reply: what pi is asked about. */
function withoutFailedCalls(entries: readonly SessionEntry[]): SessionEntry[] {
  const failed = failedToolCalls(entries);
  return entries.map((entry) => {
    const message = entry.type === 'message' ? (entry.message as { role: string; content?: unknown }) : undefined;
    if (message?.role !== 'assistant' || !Array.isArray(message.content)) return entry;
    const content = (message.content as { type?: string; id?: string }[]).filter((block) => !(block?.type === 'toolCall' && failed.has(String(block.id))));
    return { ...entry, message: { ...message, content } } as SessionEntry;
  });
}

function strip<T extends { exitCode: number }>(value: T): Omit<T, 'exitCode'> {
  const { exitCode, ...rest } = value;
  assert.equal(exitCode, 0);
  return rest;
}
