/**
 * How far each estimator's prediction of a request's size is from the usage recorded in a session
 * file. For every assistant message with usage that follows another one of the same model,
 * predict the request's input tokens as "previous usage + estimate of the messages in between"
 * (what the meter and the trigger show) and compare with the recorded usage. The calibrated
 * tokenizer learns online: each prediction uses only the samples before it.
 *
 *   npx tsx bench/tokenPrediction.ts <session.jsonl>
 *
 * Prints the median absolute error of the whole prediction and of its estimated part, for pi's
 * chars/4 and for the calibrated gpt-tokenizer estimator. On a session with usage a real
 * provider reported, that is the estimators' accuracy; on the simulated session of
 * `simulatedUsage.ts` (usage made from the same o200k tokenizer) it is only a self-consistency
 * check of the calibration.
 */
import * as path from 'node:path';
import { compactionMessageOf } from '../src/core/compaction';
import { loadSessionFile, positionOnOpen, type AgentMessage, type AssistantMessage } from '../src/core/session';
import {
  calculateContextTokens,
  loadTokenizerEstimator,
  modelKeyOf,
  piEstimator,
  promptTokens,
  TokenCalibration,
  usableUsage,
  type TokenEstimator,
} from '../src/core/tokens';

export interface PredictionReport {
  /** Requests that could be predicted (a previous usage of the same model, no compaction between). */
  requests: number;
  pi: ErrorMedians;
  calibrated: ErrorMedians;
  /** The calibration factor learned by the end. */
  finalRatio: number;
}

export interface ErrorMedians {
  /** Median |predicted − recorded| / recorded of the request size, in percent. */
  requestPct: number;
  /** The same for the part after the previous usage (what the estimate alone has to get right). */
  estimatedPartPct: number;
}

interface Prediction {
  reported: number;
  base: number;
  pi: number;
  tokenizer: number;
  ratio: number;
}

export async function measurePrediction(messages: readonly AgentMessage[]): Promise<PredictionReport> {
  const tokenizer = await loadTokenizerEstimator();
  const calibration = new TokenCalibration();
  const predictions: Prediction[] = [];
  let previous: AssistantMessage | undefined;
  let between: AgentMessage[] = [];
  for (const message of messages) {
    if (message.role === 'compactionSummary') {
      previous = undefined; // the context was rebuilt: no usage before this point describes it
      between = [];
      continue;
    }
    const usage = usableUsage(message);
    if (!usage || message.role !== 'assistant') {
      between.push(message);
      continue;
    }
    if (previous && modelKeyOf(previous) === modelKeyOf(message)) {
      const key = modelKeyOf(message);
      const prediction = predict(previous, between, promptTokens(usage), tokenizer, calibration.ratio(key));
      predictions.push(prediction);
      calibration.observe({ modelKey: key, reported: prediction.reported - prediction.base, estimated: prediction.tokenizer });
    }
    previous = message;
    between = [];
  }
  const lastKey = previous ? modelKeyOf(previous) : undefined;
  return {
    requests: predictions.length,
    pi: medians(predictions, (p) => p.pi),
    calibrated: medians(predictions, (p) => Math.ceil(p.tokenizer * p.ratio)),
    finalRatio: calibration.ratio(lastKey),
  };
}

function predict(previous: AssistantMessage, between: readonly AgentMessage[], reported: number, tokenizer: TokenEstimator, ratio: number): Prediction {
  const sum = (estimator: TokenEstimator): number => between.reduce((total, m) => total + estimator.estimate(m), 0);
  return { reported, base: calculateContextTokens(previous.usage), pi: sum(piEstimator), tokenizer: sum(tokenizer), ratio };
}

function medians(predictions: readonly Prediction[], estimatedPart: (p: Prediction) => number): ErrorMedians {
  const request = predictions.map((p) => Math.abs(p.base + estimatedPart(p) - p.reported) / p.reported);
  const part = predictions.filter((p) => p.reported > p.base).map((p) => Math.abs(estimatedPart(p) - (p.reported - p.base)) / (p.reported - p.base));
  return { requestPct: 100 * median(request), estimatedPartPct: 100 * median(part) };
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The messages of a session file's current branch, compactions as summary markers. */
export async function pathMessages(file: string): Promise<AgentMessage[]> {
  const { tree } = await loadSessionFile(file);
  const messages: AgentMessage[] = [];
  for (const entry of tree.pathTo(positionOnOpen(tree))) {
    if (entry.type === 'compaction') messages.push({ role: 'compactionSummary', summary: String(entry.summary), tokensBefore: 0, timestamp: Date.parse(entry.timestamp) });
    else {
      const message = compactionMessageOf(entry);
      if (message) messages.push(message);
    }
  }
  return messages;
}

export function formatReport(report: PredictionReport): string[] {
  const row = (label: string, m: ErrorMedians): string =>
    `${label.padEnd(34)} request ${m.requestPct.toFixed(2).padStart(6)} %   estimated part ${m.estimatedPartPct.toFixed(1).padStart(6)} %`;
  return [
    `requests predicted: ${report.requests} (median absolute error)`,
    row('pi chars/4', report.pi),
    row(`gpt-tokenizer, calibrated (×${report.finalRatio.toFixed(2)})`, report.calibrated),
  ];
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx bench/tokenPrediction.ts <session.jsonl>');
    process.exit(2);
  }
  const report = await measurePrediction(await pathMessages(file));
  console.log(`session: ${path.basename(file)}`);
  for (const line of formatReport(report)) console.log(line);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
