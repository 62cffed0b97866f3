/**
 * pi → Arbor: sessions written by pi 1.6.0's own `SessionManager` (seeded random trees with
 * every entry kind) read by the `arbor` CLI. For each file, Arbor's output must equal pi's own
 * functions on the same file: tree rows and leaf, context (the CLI's roles and text, and the
 * engine's whole messages and model input field by field, see `wholeContext.ts`), cut points with
 * the pi estimator for several budgets, branch-summary entries and their file lists for random
 * pairs, token counts (pi's own `estimateProjectedContextTokens`), session totals (pi's own usage
 * totals).
 *
 * Two generators: the shapes pi 0.73.1 already wrote (220 sessions), and those pi 1.6 writes too
 * (`randomSession16.ts`: system messages and checkpoints, context edits, usage entries,
 * retain-none compactions, `max`, null content, nested tool calls). The second compares the
 * tree, the leaf, the contexts at the leaf and elsewhere, the cut points, the branch entries, the
 * token counts and the totals; branch-summary file lists of those shapes follow pi 1.6's edited
 * branch summaries, compared where those are built (the compaction tests).
 *
 * File lists differ from pi on purpose: a read, write or edit whose result is an error (denied by
 * the user, or failed) touched nothing, and Arbor does not list it; pi lists every call made
 * (docs/compaction.md). The test asks pi about the same entries without those calls, and counts
 * the sessions where that changed pi's lists.
 *
 * Cut points differ from pi where Arbor's cut on a raw path differs from pi 1.6's `findCutPoint`
 * (docs/compaction.md). There the test names the case (see `cutPointModel.ts`) and checks Arbor's
 * documented behaviour instead; every other difference fails.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { arborJson } from '../cli/runArbor';
import { FIXES, isSplitCase, keptWeight, piProjection, projectedKeptWeight } from './cutPointModel';
import { piBranchEntries, piContext, piTree, type ContextView, type CutView, type PiEntry, type PiModule } from './piOracle';
import { Dice, seededRandom, writeRandomSession, type Shapes } from '../../support/randomSession';
import { PI16_SHAPES } from '../../support/randomSession16';
import { piWriter } from '../../support/sessionWriters';
import { arborWholeContext, assertCovered, assertSameContext, describeCoverage, newCoverage, piWholeContext } from './wholeContext';
import { loadPi } from '../../support/pi';
import { loadPi as loadPiCompaction, type PiOracle } from '../compaction/support/piOracle';
import { computeFileLists, DEFAULT_COMPACTION_SETTINGS, failedToolCalls, prepareBranchEntries, prepareCompaction } from '../../../src/core/compaction';
import { loadSessionFile, type SessionEntry } from '../../../src/core/session';
import { piTotals } from '../tokens/support/spentSession';

const SESSIONS = 220;
/** Sessions with the shapes pi 1.6 writes. */
const PI16_SESSIONS = 150;

interface Tally {
  sessions: number;
  /** Entry kinds, plus `multiple-roots` and `branch-point`, over all generated files. */
  kinds: Record<string, number>;
  comparisons: number;
  cutPoints: number;
  cutPointsEqualToPi: number;
  differences: Record<string, number>;
  /** Token counts compared; of them, those where a reported usage was there but not trusted, by what came after it. */
  tokens: { compared: number; untrusted: Record<'compaction' | 'context_edit', number> };
  totals: number;
}

describe('interop: sessions written by pi 1.6.0, read by arbor', function () {
  this.timeout(120_000);
  let pi: PiModule;
  let piCompaction: PiOracle;
  let dir: string;
  const tally: Tally = { sessions: 0, kinds: {}, comparisons: 0, cutPoints: 0, cutPointsEqualToPi: 0, differences: {}, tokens: { compared: 0, untrusted: { compaction: 0, context_edit: 0 } }, totals: 0 };
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
    const { compared, untrusted } = tally.tokens;
    console.log(`      token counts: ${compared} compared with pi's estimateProjectedContextTokens, skipped 0; a usage not trusted after a compaction in ${untrusted.compaction}, after a context edit in ${untrusted.context_edit}; session totals: ${tally.totals} compared with pi's`);
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
    for (const fix of FIXES) assert.ok(Object.keys(tally.differences).some((name) => name.split('+').includes(fix)), `no session exercised the "${fix}" case`);
    assert.ok((tally.differences[FAILED_FILE_CALLS] ?? 0) > 0, 'no branch summary exercised a failed file call');
    const kinds = ['message:user', 'message:assistant', 'message:toolResult', 'message:bashExecution', 'message:custom', 'custom_message', 'custom', 'label', 'session_info', 'compaction', 'branch_summary', 'model_change', 'thinking_level_change', 'multiple-roots', 'branch-point'];
    for (const kind of kinds) assert.ok((tally.kinds[kind] ?? 0) >= 20, `only ${tally.kinds[kind] ?? 0} generated sessions hold ${kind}`);
    assertCovered(coverage, 20);
    // Two token counts per session, none skipped; a usage from before a compaction is exercised.
    assert.equal(tally.tokens.compared, 2 * SESSIONS);
    assert.ok(tally.tokens.untrusted.compaction > 0, 'no context exercised a usage from before a compaction');
    assert.equal(tally.totals, SESSIONS);
  });

  it(`gives pi's tree, leaf, contexts, cut points, branch entries, token counts and totals for ${PI16_SESSIONS} random sessions with pi 1.6's shapes`, async () => {
    const before = { ...tally.kinds };
    const tokensBefore = { compared: tally.tokens.compared, ...tally.tokens.untrusted, totals: tally.totals };
    for (let seed = 5001; seed < 5001 + PI16_SESSIONS; seed++) {
      try {
        await compareSession(seed, PI16_SHAPES);
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`, { cause: error });
      }
    }
    const reached = (kind: string): number => (tally.kinds[kind] ?? 0) - (before[kind] ?? 0);
    const kinds = ['message:system', 'context_edit', 'edit:hide', 'edit:replace', 'edit:several on one target', 'edit:applied in a context', 'usage', 'compaction:checkpoint', 'compaction:retain-none', 'null content', 'thinking:max', 'nested calls', 'multiple-roots', 'custom_message', 'label', 'branch_summary'];
    console.log(`      pi 1.6 shapes, sessions holding each: ${kinds.map((kind) => `${kind} ${reached(kind)}`).join(', ')}`);
    const short = kinds.filter((kind) => reached(kind) < 15).map((kind) => `${kind}: ${reached(kind)}`);
    assert.deepEqual(short, [], 'the pi 1.6 generator reached these shapes in fewer than 15 sessions');
    assert.equal(tally.tokens.compared - tokensBefore.compared, 2 * PI16_SESSIONS);
    assert.ok(tally.tokens.untrusted.context_edit - tokensBefore.context_edit >= 15, 'fewer than 15 contexts exercised a usage from before a context edit');
    assert.ok(tally.tokens.untrusted.compaction - tokensBefore.compaction >= 15, 'fewer than 15 contexts exercised a usage from before a compaction');
    assert.equal(tally.totals - tokensBefore.totals, PI16_SESSIONS);
  });

  /** `shapes`: the pi 1.6 generator, whose branch-summary file lists are compared elsewhere. */
  async function compareSession(seed: number, shapes?: Shapes): Promise<void> {
    const dice = new Dice(seededRandom(seed * 7919));
    const writer = pi.SessionManager.create('/home/dev/project', dir);
    await writeRandomSession(piWriter(writer), seed, dice.int(5, 70), shapes);
    const file = writer.getSessionFile()!;
    const sm = pi.SessionManager.open(file, dir);
    const entries = sm.getEntries();
    const ids = entries.map((entry) => entry.id);

    const expectedTree = piTree(sm);
    assert.deepEqual(strip(await arborJson('tree', file)), expectedTree);
    tally.comparisons++;
    const kinds = new Set([...expectedTree.nodes.map((node) => node.type), ...shapesOf(entries)]);
    if (expectedTree.roots.length > 1) kinds.add('multiple-roots');
    if (expectedTree.nodes.some((node) => node.children > 1)) kinds.add('branch-point');

    const positions = [sm.getLeafId(), ...Array.from({ length: 3 }, () => dice.pick(ids))];
    for (const [i, leaf] of positions.entries()) {
      await compareContext(file, entries, leaf, i === 0 ? undefined : leaf!);
      if (editApplied(entries, leaf)) kinds.add('edit:applied in a context');
    }
    for (const kind of kinds) tally.kinds[kind] = (tally.kinds[kind] ?? 0) + 1;

    for (const leaf of [sm.getLeafId()!, dice.pick(ids)]) {
      const branch = sm.getBranch(leaf);
      const total = keptWeight(pi, branch as never, 0);
      for (const budget of new Set([1, 50, Math.ceil(total * 0.2), Math.ceil(total * 0.6), total + 1, 20_000])) {
        await compareCutPoint(file, branch, leaf, budget);
      }
      await compareTokens(file, entries, sm.getBranch(leaf), leaf);
    }
    await compareTotals(file, entries);

    for (let i = 0; i < 3; i++) {
      const from = dice.pick(ids);
      const to = dice.pick(ids);
      const expected = piBranchEntries(pi, sm, from, to);
      assert.deepEqual(strip(await arborJson('branch-entries', file, '--from', from, '--to', to)), expected, `branch entries ${from} → ${to}`);
      tally.comparisons++;
      if (!shapes) compareFileLists(pi.collectEntriesForBranchSummary(sm, from, to).entries as unknown as SessionEntry[], `${from} → ${to}`);
    }
  }

  /** Whether pi's context at `leaf` holds an entry an edit changed (so the comparison proved the edits). */
  function editApplied(entries: PiEntry[], leaf: string | null): boolean {
    return pi.buildSessionProjection(entries, leaf).entries.some(({ sourceEntry, messages }) => JSON.stringify(messages) !== JSON.stringify(pi.sessionEntryToContextMessages(sourceEntry)));
  }

  async function compareContext(file: string, entries: PiEntry[], leafId: string | null, flag: string | undefined): Promise<void> {
    const expected: ContextView & { leafId: string | null } = { leafId, ...piContext(pi, entries, leafId) };
    const actual = strip(await arborJson('context', file, ...(flag ? ['--at', flag] : [])));
    assert.deepEqual(actual, expected, `context at ${leafId}`);
    assertSameContext(await arborWholeContext(file, leafId), piWholeContext(pi, entries, leafId), `whole context at ${leafId}`, coverage);
    tally.comparisons++;
  }

  /**
   * `arbor cut-point` against pi 1.6's `prepareCompaction` on the branch: the same first kept entry
   * and split, but for the documented `split` case; where pi has nothing to compact, Arbor's
   * preparation summarizes nothing either.
   */
  async function compareCutPoint(file: string, branch: PiEntry[], leaf: string, budget: number): Promise<void> {
    const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: budget };
    const theirs = branch.at(-1)?.type === 'compaction' ? undefined : piCompaction.prepareCompaction(branch, settings);
    const ours = strip(await arborJson<CutView & { keptTokens: number }>('cut-point', file, '--keep-recent', String(budget), '--leaf', leaf, '--estimator', 'pi'));
    tally.cutPoints++;
    tally.comparisons++;
    if (theirs === undefined) {
      const { tree } = await loadSessionFile(file);
      const preparation = prepareCompaction(tree.pathTo(leaf), settings);
      assert.deepEqual([preparation?.messagesToSummarize ?? [], preparation?.turnPrefixMessages ?? []], [[], []], `nothing to compact, budget ${budget} at ${leaf}`);
      tally.cutPointsEqualToPi++;
      return;
    }
    const projection = piProjection(pi, branch);
    assert.equal(ours.firstKeptEntryId, theirs.firstKeptEntryId, `cut point, budget ${budget} at ${leaf}`);
    assert.equal(ours.keptTokens, projectedKeptWeight(pi, projection, theirs.firstKeptEntryId), `kept tokens, budget ${budget} at ${leaf}`);
    if (ours.isSplitTurn === theirs.isSplitTurn) {
      tally.cutPointsEqualToPi++;
      return;
    }
    assert.ok(theirs.isSplitTurn && isSplitCase(projection, theirs.firstKeptEntryId), `cut point differs from pi for no documented reason, budget ${budget} at ${leaf}`);
    tally.differences.split = (tally.differences.split ?? 0) + 1;
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
   * pi's own projected estimate at `leaf` (`branch` is pi's path to it): `arbor tokens --estimator
   * pi` must give the same three numbers. Counted: where a usage was there but not trusted (pi's
   * plain estimate of the same messages, which trusts any usage, differs), by the kind of the
   * latest invalidating entry on the path.
   */
  async function compareTokens(file: string, entries: PiEntry[], branch: PiEntry[], leaf: string): Promise<void> {
    const projection = pi.buildSessionProjection(entries, leaf);
    const theirs = pi.estimateProjectedContextTokens(projection, branch);
    const ours = strip(await arborJson('tokens', file, '--leaf', leaf, '--estimator', 'pi'));
    assert.deepEqual(ours, { estimator: 'pi', contextTokens: theirs.tokens, reportedTokens: theirs.usageTokens, estimatedTokens: theirs.trailingTokens }, `tokens at ${leaf}`);
    tally.comparisons++;
    tally.tokens.compared++;
    if (pi.estimateContextTokens(projection.messages).lastUsageIndex === null || theirs.lastUsageIndex !== null) return;
    const latest = [...branch].reverse().find((entry) => entry.type === 'context_edit' || entry.type === 'compaction')!;
    tally.tokens.untrusted[latest.type as 'compaction' | 'context_edit']++;
  }

  /**
   * `arbor usage --json`'s session totals against pi's: its `getSessionStats` loop over every entry
   * of the file with pi's own `createUsageTotals` / `addUsageToTotals` (replies, failed ones too,
   * usage entries, tool results, summaries), and the sum of `getUsageCostBreakdown`.
   */
  async function compareTotals(file: string, entries: PiEntry[]): Promise<void> {
    const breakdown = pi.getUsageCostBreakdown(entries);
    const { session } = strip(await arborJson<{ session: { input: number; output: number; cacheRead: number; cacheWrite: number; totalTokens: number; cost: number } }>('usage', file));
    const { input, output, cacheRead, cacheWrite, totalTokens, cost } = session;
    assert.deepEqual({ input, output, cacheRead, cacheWrite, totalTokens, cost }, piTotals(pi, entries), 'session totals');
    assert.equal(totalTokens, breakdown.reduce((sum, group) => sum + group.tokens, 0), 'tokens of pi\'s cost breakdown');
    assert.ok(Math.abs(cost - breakdown.reduce((sum, group) => sum + group.cost, 0)) < 1e-9, 'cost of pi\'s cost breakdown');
    tally.comparisons++;
    tally.totals++;
  }
});

/** The pi 1.6 shapes a file holds, for the coverage tally. */
function shapesOf(entries: readonly PiEntry[]): Set<string> {
  const shapes = new Set<string>();
  const editsPerTarget = new Map<string, number>();
  for (const entry of entries as unknown as Record<string, any>[]) {
    if (entry.type === 'context_edit') {
      shapes.add(entry.replacement === null ? 'edit:hide' : 'edit:replace');
      editsPerTarget.set(entry.targetId, (editsPerTarget.get(entry.targetId) ?? 0) + 1);
    } else if (entry.type === 'compaction') {
      if (entry.systemMessage) shapes.add('compaction:checkpoint');
      if (entry.firstKeptEntryId === entry.id) shapes.add('compaction:retain-none');
    } else if (entry.type === 'thinking_level_change' && entry.thinkingLevel === 'max') shapes.add('thinking:max');
    else if (entry.type === 'message' && entry.message.content == null) shapes.add('null content');
    else if (entry.type === 'message' && entry.message.nestedCalls) shapes.add('nested calls');
  }
  if ([...editsPerTarget.values()].some((count) => count > 1)) shapes.add('edit:several on one target');
  return shapes;
}

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
