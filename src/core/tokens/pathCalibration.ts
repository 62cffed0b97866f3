/**
 * The calibration at a position, from the session file alone: the usages the provider reported
 * for the latest replies on the path root→position, each against our estimate of the messages
 * sent since the reply before it (see `calibration.ts`). Nothing is learned in memory, so a
 * position reads the same after a reload, a branch switch and back, or another window's replies:
 * the meter is a function of the file and the settings.
 *
 * The path is walked back from the position, only as far as the latest replies, so the work does
 * not grow with the session; `PositionCalibrations` keeps the answers for recent positions.
 */
import { entryToContextMessage, type AgentMessage, type AssistantMessage, type SessionEntry } from '../session';
import { TokenCalibration, type CalibrationSample } from './calibration';
import type { TokenEstimator } from './estimator';
import { invalidates } from './projected';
import { calculateContextTokens, modelKeyOf, promptTokens, usableUsage } from './usage';

/**
 * How many of the latest replies on the path calibrate the estimate. The ratio is an EMA (weight
 * 0.3) of their samples, oldest first, so a sample 40 replies back weighs 0.7^40 ≈ 6e-7: more
 * would change nothing visible but cost more tokenizing.
 */
export const CALIBRATION_REPLIES = 40;

/** An entry by id: how the walk climbs from the position to the root. */
export type EntryLookup = (id: string) => SessionEntry | undefined;

/**
 * The samples of the latest `replies` usable replies on the path to `leafId`, oldest first. A
 * sample pairs two consecutive usable replies of the same model with no compaction between them
 * (a compaction rewrote what was sent); failed and stopped replies have no trustworthy usage and
 * count as messages between.
 */
export function pathCalibrationSamples(leafId: string | null, entryOf: EntryLookup, estimator: TokenEstimator, replies = CALIBRATION_REPLIES): CalibrationSample[] {
  const samples: CalibrationSample[] = [];
  let later: AssistantMessage | undefined;
  // The messages after the reply being paired, estimated only if a sample is made of them.
  let between: AgentMessage[] = [];
  let compacted = false;
  let seen = 0;
  // At most one step per entry: a hand-made parent cycle cannot keep the walk going.
  let steps = 0;
  for (let entry = leafId === null ? undefined : entryOf(leafId); entry && seen <= replies; entry = entry.parentId === null ? undefined : entryOf(entry.parentId)) {
    if (++steps > MAX_WALK) break;
    if (invalidates(entry)) {
      compacted = true;
      continue;
    }
    const message = entryToContextMessage(entry);
    if (!message) continue;
    if (message.role !== 'assistant' || !usableUsage(message)) {
      between.push(message);
      continue;
    }
    seen++;
    if (later && !compacted && modelKeyOf(later) === modelKeyOf(message)) {
      const estimated = between.reduce((sum, each) => sum + estimator.estimate(each), 0);
      samples.push({ modelKey: modelKeyOf(later), reported: promptTokens(later.usage) - calculateContextTokens(message.usage), estimated });
    }
    later = message;
    between = [];
    compacted = false;
  }
  return samples.reverse();
}

/** A path longer than this is not walked further (sessions of 100 000 entries exist; this is far beyond). */
const MAX_WALK = 1_000_000;

/** The calibration at `leafId`: the samples of its latest replies fed oldest first. */
export function calibrationAt(leafId: string | null, entryOf: EntryLookup, estimator: TokenEstimator, replies = CALIBRATION_REPLIES): TokenCalibration {
  const calibration = new TokenCalibration();
  for (const sample of pathCalibrationSamples(leafId, entryOf, estimator, replies)) calibration.observe(sample);
  return calibration;
}

/** Positions whose calibration is kept: a branch switch and back, or a few moves, find theirs again. */
const KEPT_POSITIONS = 16;

/**
 * The calibration at each position a session is measured at, computed once per position. Entries
 * never change once written (the file is append-only), so a position's answer stays right.
 */
export class PositionCalibrations {
  private readonly kept = new Map<string | null, TokenCalibration>();

  constructor(
    private readonly entryOf: EntryLookup,
    private readonly estimator: TokenEstimator,
    private readonly replies = CALIBRATION_REPLIES,
  ) {}

  at(leafId: string | null): TokenCalibration {
    const known = this.kept.get(leafId);
    if (known) {
      // Most recently used last: the first key is the one to drop.
      this.kept.delete(leafId);
      this.kept.set(leafId, known);
      return known;
    }
    const calibration = calibrationAt(leafId, this.entryOf, this.estimator, this.replies);
    this.kept.set(leafId, calibration);
    if (this.kept.size > KEPT_POSITIONS) this.kept.delete(this.kept.keys().next().value as string | null);
    return calibration;
  }
}
