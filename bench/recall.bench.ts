/**
 * The recall tool (issue 20, "Must hold": recall over a 100 000-entry session answers within 2× the
 * time of the core's session search over the same file). A generated 100 000-entry session with
 * a compaction every ~5 000 entries and no branches (so that nearly all of it is on the branch and
 * summarized: recall's worst case); recall searches the summarized part of the branch the file
 * reopens at, on the session as the agent holds it in memory, and the session search scans the
 * file's text (already read: both sides are pure work). Queries: a common word, a word found
 * nowhere, and one entry id (recall only: the session search has no id lookup).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { compileQuery, searchSessionText } from '../src/core/search';
import { recall, summarizedEnd } from '../src/core/recall';
import { loadSessionFile, positionOnOpen } from '../src/core/session';
import { medianMs, msLine, ratioLine } from './measure';
import { generateSession } from './generate';
import { DATA_DIR } from './session.bench';

const ENTRIES = 100_000;
const RUNS = 7;

export async function run(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = nodePath.join(DATA_DIR, `compacted-${ENTRIES}.jsonl`);
  if (!existsSync(file)) await generateSession(file, { entries: ENTRIES, seed: 20, compactEvery: 5_000 });
  const text = readFileSync(file, 'utf8');
  const { tree } = await loadSessionFile(file);
  const leaf = positionOnOpen(tree);
  const path = tree.pathTo(leaf);
  console.log(`${tree.size} entries, ${(text.length / 1e6).toFixed(1)} MB; branch of ${path.length} entries, ${summarizedEnd(path)} of them summarized`);
  for (const word of ['refactor', 'burbuja']) {
    const search = await medianMs(RUNS, () => searchSessionText(file, text, compileQuery({ text: word })));
    const recalled = await medianMs(RUNS, () => recall(tree.pathTo(leaf), word));
    const result = recall(tree.pathTo(leaf), word);
    console.log(`"${word}": recall returned ${result.entries.length} (+${result.omitted} over budget)`);
    console.log(msLine('  session search over the file', search));
    console.log(msLine('  recall over the branch (path included)', recalled));
    console.log(ratioLine('  recall / session search (must hold: ≤ 2)', recalled / search, { max: 2 }));
  }
  const id = path[Math.floor(summarizedEnd(path) / 2)]!.id;
  console.log(msLine(`  recall by entry id (${id})`, await medianMs(RUNS, () => recall(tree.pathTo(leaf), id))));
}
