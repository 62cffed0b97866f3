/**
 * Compaction benchmarks (issue 3): `prepareCompaction` and `findCutPoint` on a 100 000-entry
 * path, ours against pi 1.6.0's on the same entries, with pi's estimator (parity mode) and with
 * the warm tokenizer estimator the agent uses.
 */
import { DEFAULT_COMPACTION_SETTINGS, findCutPoint, prepareCompaction } from '../src/core/compaction';
import { loadSessionFile, positionOnOpen, projectPath } from '../src/core/session';
import { loadTokenizerEstimator } from '../src/core/tokens';
import { importPiFile } from '../test/support/pi';
import { medianMs, msLine, ratioLine } from './measure';
import { linearSession } from './tokens.bench';

interface PiCompaction {
  prepareCompaction(entries: unknown[], settings: unknown): { messagesToSummarize: unknown[] } | undefined;
  findCutPoint(entries: unknown[], start: number, end: number, keep: number): unknown;
}

export async function run(): Promise<void> {
  const { tree } = await loadSessionFile(await linearSession());
  const entries = tree.pathTo(positionOnOpen(tree));
  const pi = await importPiFile<PiCompaction>('core/compaction/index.js');
  const settings = DEFAULT_COMPACTION_SETTINGS;
  console.log(`path: ${entries.length} entries`);

  const prepared = prepareCompaction(entries, settings)!;
  console.log(`span: ${prepared.messagesToSummarize.length} messages to summarize, kept ${prepared.keptTokens} tokens`);

  const oursMs = await medianMs(7, () => prepareCompaction(entries, settings));
  const piMs = await medianMs(7, () => pi.prepareCompaction(entries, settings));
  const tokenizer = await loadTokenizerEstimator();
  prepareCompaction(entries, settings, { estimator: tokenizer }); // warm the per-message cache, as the meter has
  const warmTokenizerMs = await medianMs(7, () => prepareCompaction(entries, settings, { estimator: tokenizer, contextWindow: 200000 }));
  const projected = projectPath(entries).entries;
  const cutMs = await medianMs(15, () => findCutPoint(projected, 0, projected.length, settings.keepRecentTokens));
  const piCutMs = await medianMs(15, () => pi.findCutPoint(entries, 0, entries.length, settings.keepRecentTokens));

  console.log(msLine('prepareCompaction, pi estimator (parity mode)', oursMs));
  console.log(msLine('pi 1.6.0 prepareCompaction', piMs));
  console.log(msLine('prepareCompaction, warm tokenizer estimator + fit check', warmTokenizerMs));
  console.log(msLine('findCutPoint, pi estimator', cutMs));
  console.log(msLine('pi 1.6.0 findCutPoint', piCutMs));
  console.log(ratioLine('prepareCompaction ours / pi', oursMs / piMs, { max: 1.5 }));
  console.log(ratioLine('findCutPoint ours / pi', cutMs / piCutMs, { max: 1.5 }));
}
