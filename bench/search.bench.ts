/**
 * Full-text search across sessions (issue 11, "Must hold": 200 sessions of 1 MB each return first
 * results in under 2 s). Generates 200 sessions of ~1 MB once (bench/.data/search-200), then
 * reports the time to the first result and to the end for a common word, a word found nowhere
 * (every byte scanned), a query with characters JSON escapes (the slower, parsing prefilter) and
 * a regular expression; against the floor of reading every file and JSON-parsing every line.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';
import { searchSessionFiles, type SearchQueryInput } from '../src/core/search';
import { generateSession } from './generate';
import { msLine, ratioLine } from './measure';
import { DATA_DIR } from './session.bench';

const SESSIONS = 200;
/** About 1 MB with the generator's mix of messages, tool calls and results. */
const ENTRIES_PER_SESSION = 1030;

async function corpus(): Promise<string[]> {
  const dir = path.join(DATA_DIR, `search-${SESSIONS}`);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < SESSIONS; i++) {
    const file = path.join(dir, `session-${String(i).padStart(3, '0')}.jsonl`);
    if (!existsSync(file)) await generateSession(file, { entries: ENTRIES_PER_SESSION, seed: 1000 + i, branchEvery: 200, compactEvery: 600 });
  }
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => path.join(dir, name));
}

async function timeSearch(files: string[], query: SearchQueryInput, limit?: number): Promise<{ first: number | undefined; total: number; hits: number }> {
  const start = performance.now();
  let first: number | undefined;
  let hits = 0;
  for await (const outcome of searchSessionFiles(files, query, { limit })) {
    first ??= performance.now() - start;
    if ('hits' in outcome) hits += outcome.hits.length;
  }
  return { first, total: performance.now() - start, hits };
}

function readAndParseAll(files: string[]): number {
  const start = performance.now();
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line !== '') JSON.parse(line);
  }
  return performance.now() - start;
}

export async function run(): Promise<void> {
  const files = await corpus();
  const bytes = files.reduce((sum, file) => sum + readFileSync(file).length, 0);
  console.log(`${files.length} sessions, ${(bytes / 1e6).toFixed(0)} MB in all`);
  const floor = readAndParseAll(files);
  console.log(msLine('floor: read every file and JSON.parse every line', floor));
  const queries: [string, SearchQueryInput, number?][] = [
    ['common word "refactor"', { text: 'refactor' }],
    ['common word "refactor", first 500 hits (a results list)', { text: 'refactor' }, 500],
    ['found nowhere ("burbuja")', { text: 'burbuja' }],
    ['with JSON-escaped characters ("config.json")', { text: '"config.json"' }],
    ['regex /cach(e|ing)\\.get/', { text: 'cach(e|ing)\\.get', regex: true }],
  ];
  for (const [name, query, limit] of queries) {
    await timeSearch(files, query, limit); // warm: the page cache and the JIT
    const { first, total, hits } = await timeSearch(files, query, limit);
    console.log(`${name}: ${hits} hits`);
    if (first !== undefined) console.log(msLine('  time to the first result', first));
    console.log(msLine('  time to the end', total));
    if (first !== undefined) console.log(ratioLine('  first result / 2 s (must hold: ≤ 1)', first / 2000, { max: 1 }));
    console.log(ratioLine('  whole search / read-and-parse floor', total / floor));
  }
}
