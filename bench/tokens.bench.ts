/**
 * Token benchmarks (issue 3):
 * - recounting the context after one new message on a 100 000-entry session, against a cold count
 *   (the per-message cache must make it at least 100× cheaper);
 * - the calibration at a position (issue 16: derived from the latest replies on the path, not
 *   learned in memory), against that cold count: it walks back only as far as those replies;
 * - a self-consistency check of request-size prediction, pi's chars/4 against the calibrated
 *   tokenizer, on a generated session whose provider usage is simulated from the same o200k
 *   tokenizer (see simulatedUsage.ts): not an accuracy figure.
 */
import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { contextOfPath, loadSessionFile, positionOnOpen, type AgentMessage } from '../src/core/session';
import { calibrationAt, createTokenizerEstimator, loadTextTokenizer, measureContext, piEstimator, PositionCalibrations } from '../src/core/tokens';
import { generateSession } from './generate';
import { medianMs, msLine, ratioLine } from './measure';
import { writeSimulatedUsageSession } from './simulatedUsage';
import { formatReport, measurePrediction, pathMessages } from './tokenPrediction';

const DATA_DIR = path.join(__dirname, '.data');

/** A 100 000-entry session without branches or compactions: its path holds every entry. */
export async function linearSession(entries = 100_000): Promise<string> {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, `linear-${entries}.jsonl`);
  if (!existsSync(file)) await generateSession(file, { entries, seed: 9 });
  return file;
}

export async function run(): Promise<void> {
  await recount();
  await selfConsistency();
}

async function recount(): Promise<void> {
  const { tree } = await loadSessionFile(await linearSession());
  const messages: AgentMessage[] = contextOfPath(tree.pathTo(positionOnOpen(tree))).messages;
  const loadStart = performance.now();
  const countText = await loadTextTokenizer();
  console.log(msLine('gpt-tokenizer load (paid by the first use in a process)', performance.now() - loadStart));
  console.log(`context: ${messages.length} messages`);

  const estimator = createTokenizerEstimator(countText);
  const options = { estimator, useReportedUsage: false } as const;
  const coldStart = performance.now();
  const cold = measureContext(messages, options);
  const coldMs = performance.now() - coldStart;
  // The meter after each new message: one more message, everything else cached.
  const warmMs = await medianMs(9, () => {
    messages.push({ role: 'user', content: [{ type: 'text', text: 'and one more thing: rename the helper' }], timestamp: Date.now() });
    measureContext(messages, options);
  });
  const withUsageMs = await medianMs(9, () => measureContext(messages, { estimator }));
  const piColdMs = await medianMs(3, () => measureContext(messages, { estimator: piEstimator, useReportedUsage: false }));
  console.log(msLine(`cold tokenizer count of every message (${cold.contextTokens} tokens)`, coldMs));
  console.log(msLine('recount after appending one message (cached)', warmMs));
  console.log(msLine('meter reading: last usage + estimate of what follows', withUsageMs));
  console.log(msLine('pi chars/4 count of every message, for comparison', piColdMs));
  console.log(ratioLine('cold count / recount after one message', coldMs / warmMs, { min: 100 }));

  // A fresh estimator each time: nothing cached from the counts above.
  const leaf = positionOnOpen(tree);
  const calibrationMs = await medianMs(5, () => calibrationAt(leaf, (id) => tree.get(id), createTokenizerEstimator(countText)));
  const positions = new PositionCalibrations((id) => tree.get(id), createTokenizerEstimator(countText));
  positions.at(leaf);
  const keptMs = await medianMs(9, () => positions.at(leaf));
  console.log(msLine('calibration at the position (latest 40 replies, cold estimator)', calibrationMs));
  console.log(msLine('the same position again (kept)', keptMs));
  console.log(ratioLine('calibration at the position / cold count (must hold: ≤ 0.05)', calibrationMs / coldMs, { max: 0.05 }));
}

async function selfConsistency(): Promise<void> {
  const file = path.join(DATA_DIR, 'simulated-usage-150.jsonl');
  mkdirSync(DATA_DIR, { recursive: true });
  if (!existsSync(file)) await writeSimulatedUsageSession(file, { turns: 150, seed: 11 });
  console.log('self-consistency, not accuracy: prediction error on a generated session whose usage is SIMULATED from the same o200k tokenizer:');
  console.log('  provider tokens = o200k count × a per-kind factor (prose 1.10, code 1.22, JSON 1.30, CJK 1.45, logs 1.16) + framing');
  const report = await measurePrediction(await pathMessages(file));
  for (const line of formatReport(report)) console.log(`  ${line}`);
  console.log(ratioLine('estimated-part error: pi / calibrated tokenizer', report.pi.estimatedPartPct / report.calibrated.estimatedPartPct, { min: 2 }));
}
