/**
 * Session engine benchmarks (issue "Foundation"): opening a 100 000-entry session and building
 * the context of its leaf, against the JSON.parse floor and against pi 1.6.0; and the cost of
 * one append on a small and on a huge session.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';
import {
  buildSessionContext,
  entryProblem,
  loadSessionFile,
  openSessionFile,
  positionOnOpen,
  type SessionTree,
  type Session,
} from '../src/core/session';
import { loadPi } from '../test/support/pi';
import { generateSession } from './generate';
import { medianMs, msLine, ratioLine } from './measure';

export const DATA_DIR = path.join(__dirname, '.data');

/** The shared large session (generated once, reused by every bench). */
export async function largeSession(entries = 100_000): Promise<string> {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, `large-${entries}.jsonl`);
  if (!existsSync(file)) await generateSession(file, { entries, seed: 7, branchEvery: 500, compactEvery: 20_000 });
  return file;
}

/** The floor: read the file and JSON.parse every line, nothing else. */
export function readAndParse(file: string): number {
  let count = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() !== '') {
      JSON.parse(line);
      count++;
    }
  }
  return count;
}

/**
 * The floor's work, but keeping what it parsed, as any reader that opens a session must: the
 * objects then outlive the young generation and the garbage collector copies and marks them,
 * which the floor, dropping each object at once, never pays. Tells that cost from Arbor's own.
 */
export function readAndParseKeeping(file: string): unknown[] {
  const kept: unknown[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim() !== '') kept.push(JSON.parse(line));
  return kept;
}

export async function run(): Promise<void> {
  const file = await largeSession();
  const size = readFileSync(file).length;
  console.log(`session: ${path.basename(file)}, ${(size / 1e6).toFixed(1)} MB`);
  const pi = await loadPi();
  const piDir = path.join(DATA_DIR, 'pi-sessions');
  mkdirSync(piDir, { recursive: true });

  const loaded = await loadSessionFile(file);
  console.log(`entries: ${loaded.tree.size}, lines reported (malformed or of the wrong shape): ${loaded.report.malformed.length}`);

  const runs = 5;
  const floor: number[] = [];
  const keeping: number[] = [];
  const ours: number[] = [];
  const checks: number[] = [];
  const theirs: number[] = [];
  // Interleave them so machine noise hits them alike.
  for (let i = 0; i < runs; i++) {
    floor.push(await medianMs(1, () => readAndParse(file)));
    keeping.push(await medianMs(1, () => readAndParseKeeping(file)));
    ours.push(
      await medianMs(1, async () => {
        const loaded = await loadSessionFile(file);
        buildSessionContext(loaded.tree, positionOnOpen(loaded.tree));
      }),
    );
    checks.push(await medianMs(1, () => checkShapes(loaded.tree)));
    theirs.push(await medianMs(1, () => pi.SessionManager.open(file, piDir).buildSessionContext()));
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(msLine('read + JSON.parse every line', median(floor)));
  console.log(msLine('read + JSON.parse every line, keeping the objects', median(keeping)));
  console.log(msLine('Arbor open + buildSessionContext(leaf)', median(ours)));
  console.log(msLine('of which the entry shape checks (entryProblem on every entry)', median(checks)));
  console.log(msLine('pi 1.6.0 SessionManager.open + buildSessionContext', median(theirs)));
  console.log(ratioLine('Arbor open+context / read+JSON.parse', median(ours) / median(floor), { max: 1.2 }));
  // The checks run once per entry inside the open; measured alone, they are taken off here.
  console.log(ratioLine('Arbor open+context without shape checks / read+JSON.parse', (median(ours) - median(checks)) / median(floor)));
  console.log(ratioLine('shape checks / read+JSON.parse', median(checks) / median(floor)));
  console.log(ratioLine('Arbor open+context / pi open+context', median(ours) / median(theirs), { max: 1 }));
  // What keeping the parsed entries costs any reader, and what is left for Arbor's own work.
  console.log(ratioLine('read+JSON.parse keeping the objects / read+JSON.parse', median(keeping) / median(floor)));
  console.log(ratioLine('Arbor open+context / read+JSON.parse keeping the objects', median(ours) / median(keeping)));

  // Alternate rounds on both sessions so machine noise hits them alike; median of the round means.
  const small = await appendTarget(await smallSession());
  const large = await appendTarget(file);
  const smallRounds: number[] = [];
  const largeRounds: number[] = [];
  try {
    for (let round = 0; round < 7; round++) {
      smallRounds.push(await perAppendMs(small.session, 200));
      largeRounds.push(await perAppendMs(large.session, 200));
    }
  } finally {
    small.dispose();
    large.dispose();
  }
  const appendSmall = median(smallRounds);
  const appendLarge = median(largeRounds);
  console.log(msLine('one append, 100-entry session (median of 7 rounds of 200)', appendSmall));
  console.log(msLine('one append, 100 000-entry session (median of 7 rounds of 200)', appendLarge));
  console.log(ratioLine('append cost 100 000 entries / 100 entries', appendLarge / appendSmall, { max: 1.5 }));
}

function checkShapes(tree: SessionTree): number {
  let problems = 0;
  for (const entry of tree.entries) if (entryProblem(entry) !== undefined) problems++;
  return problems;
}

async function smallSession(): Promise<string> {
  const file = path.join(DATA_DIR, 'small-100.jsonl');
  if (!existsSync(file)) await generateSession(file, { entries: 100, seed: 3 });
  return file;
}

/** A scratch copy of `source` opened for appending, so the shared file stays as generated. */
async function appendTarget(source: string): Promise<{ session: Session; dispose: () => void }> {
  const scratch = `${source}.append-scratch`;
  copyFileSync(source, scratch);
  const { session } = await openSessionFile(scratch);
  return { session, dispose: () => rmSync(scratch, { force: true }) };
}

async function perAppendMs(session: Session, count: number): Promise<number> {
  const message = { role: 'user' as const, content: [{ type: 'text' as const, text: 'one more message' }], timestamp: 0 };
  const start = performance.now();
  for (let i = 0; i < count; i++) await session.appendMessage(message);
  return (performance.now() - start) / count;
}
