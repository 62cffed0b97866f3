/**
 * The grep tool on RE2's linear-time engine (issue 15, "Must hold": grep with `(a+)+$` over a
 * line of 40 `a`s returns within a second, and the times for 27 and for 40 `a`s differ by less
 * than 3×; a backtracking engine needs about 2^13 = 8192 times as long for 40 as for 27).
 *
 * Then its speed on real trees (this repository's src/, and TypeScript's lib/ with files of
 * several megabytes) for everyday patterns, against the work the old tool did: the same walk,
 * each file read and split into lines, every line tested with JavaScript's RegExp.
 */
import { mkdtempSync, promises as fs, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createGrepTool } from '../src/core/agent/tools/grep';
import type { Tool } from '../src/core/agent/tools/tool';
import { walk } from '../src/core/workspace/walk';
import { medianMs, msLine, ratioLine } from './measure';

const ROOT = path.resolve(__dirname, '..');

export async function run(): Promise<void> {
  await catastrophic();
  await realTrees();
}

async function catastrophic(): Promise<void> {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'arbor-grep-bench-')));
  try {
    const grep = createGrepTool();
    const times: number[] = [];
    for (const count of [27, 40]) {
      // No match on the first line: a backtracking engine tries every way to split the a's.
      writeFileSync(path.join(dir, 'a.txt'), `${'a'.repeat(count)}!\n${'a'.repeat(count)}\n`);
      const ms = await medianMs(5, () => runTool(grep, dir, { pattern: '(a+)+$' }));
      times.push(ms);
      console.log(msLine(`grep (a+)+$ over a line of ${count} a's`, ms));
    }
    console.log(ratioLine('40 a’s / 1 s (must hold: ≤ 1)', times[1]! / 1000, { max: 1 }));
    console.log(ratioLine('40 a’s / 27 a’s (must hold: < 3)', times[1]! / times[0]!, { max: 3 }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const PATTERNS: [string, { [key: string]: string | boolean }, RegExp][] = [
  ['word "export"', { pattern: 'export' }, /export/],
  ['literal "function"', { pattern: 'function', literal: true }, /function/],
  ['found nowhere ("burbuja")', { pattern: 'burbuja' }, /burbuja/],
  ['\\bconst\\s+\\w+\\s*=', { pattern: '\\bconst\\s+\\w+\\s*=' }, /\bconst\s+\w+\s*=/],
  ['ignoreCase "todo|fixme"', { pattern: 'todo|fixme', ignoreCase: true }, /todo|fixme/i],
];

async function realTrees(): Promise<void> {
  for (const [name, root] of [
    ['src/', path.join(ROOT, 'src')],
    ['node_modules/typescript/lib/', path.join(ROOT, 'node_modules', 'typescript', 'lib')],
  ] as const) {
    const real = realpathSync(root);
    console.log(`\n${name}: ${await treeSize(real)}`);
    const grep = createGrepTool();
    for (const [label, args, native] of PATTERNS) {
      const unlimited = { ...args, limit: 1_000_000 };
      await runTool(grep, real, unlimited); // warm: the page cache and the JIT
      const tool = await medianMs(5, () => runTool(grep, real, unlimited));
      const floor = await medianMs(5, () => nativeLines(real, native));
      console.log(msLine(`  ${label}: grep tool (RE2)`, tool));
      console.log(msLine(`  ${label}: same walk, every line tested with RegExp`, floor));
      console.log(ratioLine(`  ${label}: RE2 tool / RegExp walk`, tool / floor));
    }
  }
}

async function runTool(tool: Tool, root: string, args: { [key: string]: string | boolean | number }): Promise<void> {
  const result = await tool.execute(args, { root, signal: new AbortController().signal });
  if (result.isError) throw new Error(`grep failed: ${JSON.stringify(result.content)}`);
}

/** What the tool did before RE2: read each file the walk gives, split it, test each line natively, list the hits. */
async function nativeLines(root: string, regex: RegExp): Promise<number> {
  const out: string[] = [];
  for await (const entry of walk({ root, start: root, signal: new AbortController().signal })) {
    if (entry.isDirectory || entry.isSymbolicLink) continue;
    const bytes = await fs.readFile(entry.absolute);
    if (bytes.subarray(0, 8192).includes(0)) continue;
    const lines = bytes.toString('utf8').split('\n');
    for (let index = 0; index < lines.length; index++) {
      if (regex.test(lines[index]!)) out.push(`${entry.relative}:${index + 1}: ${lines[index]!.slice(0, 500)}`);
    }
  }
  return out.join('\n').length;
}

async function treeSize(root: string): Promise<string> {
  let files = 0;
  let bytes = 0;
  for await (const entry of walk({ root, start: root, signal: new AbortController().signal })) {
    if (entry.isDirectory || entry.isSymbolicLink) continue;
    files++;
    bytes += (await fs.stat(entry.absolute)).size;
  }
  return `${files} files, ${(bytes / 1e6).toFixed(1)} MB`;
}
