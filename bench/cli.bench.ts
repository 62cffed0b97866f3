/**
 * CLI benchmarks (issue 4): `arbor tree|context|tokens|cut-point` on the 100 000-entry session
 * against the floor any reader pays — read the file and JSON.parse every line — measured side by
 * side, in-process (the command's own cost) and as real `node cli.js` processes (what a user
 * waits for). Limit: under 2× the floor. Also the CLI's start-up time.
 * `NODE_OPTIONS=--expose-gc npm run bench -- cli` collects garbage between runs (steadier numbers).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runCli } from '../src/cli/run';
import type { CliIo } from '../src/cli/io';
import { bundleCli } from './cliBundle';
import { msLine, ratioLine } from './measure';
import { DATA_DIR, largeSession, readAndParse } from './session.bench';

const COMMANDS: string[][] = [['tree'], ['context'], ['tokens'], ['cut-point', '--keep-recent', '20000']];
const RUNS = 7;

/** Output goes nowhere, but every byte of it is still produced. */
const sink: CliIo = { out: async () => undefined, err: async () => undefined, now: () => new Date() };

export async function run(): Promise<void> {
  const file = await largeSession();
  console.log(`session: ${path.basename(file)}, ${(readFileSync(file).length / 1e6).toFixed(1)} MB`);
  mkdirSync(DATA_DIR, { recursive: true });
  const cli = await bundleCli(DATA_DIR);

  console.log('\nin-process (runCli), median of interleaved runs:');
  for (const args of COMMANDS) {
    for (const format of [[], ['--json']]) {
      const argv = [args[0]!, file, ...args.slice(1), ...format];
      const command = async (): Promise<void> => {
        const code = await runCli(argv, sink);
        if (code !== 0) throw new Error(`arbor ${argv.join(' ')} exited ${code}`);
      };
      await command(); // warm-up: compile, and leave no first-run cost in the numbers
      const [floor, time] = await interleaved(() => readAndParse(file), command);
      console.log(ratioLine(`arbor ${[args[0], ...args.slice(1), ...format].join(' ')} / read+parse (${time.toFixed(0)} / ${floor.toFixed(0)} ms)`, time / floor, { max: 2 }));
    }
  }

  console.log('\nas processes (node cli.js … > /dev/null vs node reading + parsing):');
  const floorScript = `let n=0;for(const l of require('fs').readFileSync(${JSON.stringify(file)},'utf8').split('\\n'))if(l.trim()!==''){JSON.parse(l);n++}`;
  for (const args of COMMANDS) {
    for (const format of [[], ['--json']]) {
      const [floor, time] = await interleaved(
        () => spawnOk(['-e', floorScript]),
        () => spawnOk([cli, args[0]!, file, ...args.slice(1), ...format]),
      );
      console.log(ratioLine(`node cli.js ${[...args, ...format].join(' ')} / node read+parse (${time.toFixed(0)} / ${floor.toFixed(0)} ms)`, time / floor, { max: 2 }));
    }
  }

  const [bare, start] = await interleaved(
    () => spawnOk(['-e', '0']),
    () => spawnOk([cli, '--help']),
    15,
  );
  console.log('');
  console.log(msLine('CLI start: node cli.js --help', start));
  console.log(msLine('node -e 0 (Node start alone)', bare));
  console.log(ratioLine('CLI start, ms (limit: well under a second)', start, { max: 300 }));
}

/** Median times of two tasks run alternately, so machine noise hits both alike. */
async function interleaved(a: () => unknown, b: () => unknown, runs = RUNS): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [index, task] of [a, b].entries()) {
      collectGarbage();
      const started = performance.now();
      await task();
      times[index]!.push(performance.now() - started);
    }
  }
  const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

/** Garbage of the previous run is not billed to the next one (when run with --expose-gc). */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function spawnOk(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`node ${args.slice(0, 3).join(' ')} failed: ${result.stderr}`);
}
