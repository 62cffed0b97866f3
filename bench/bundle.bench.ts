/**
 * `npm run bench -- bundle`: what the VSIX carries and what activation costs (issue 10: activation
 * adds under 50 ms to VS Code startup; the tokenizer, SDK and Markdown libraries load lazily).
 *
 * Makes the production build (as `npm run package` does), prints the sizes of dist/ and media/ and
 * what the extension bundle holds by package (esbuild's metafile), then loads dist/extension.js in
 * fresh Node processes with a stand-in `vscode` module and times `require` + `activate()`: the
 * median over several runs, and which of the bundle's own files activation loaded (the tokenizer
 * must not be among them). Leaves the development build behind, as the tests expect.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { activateOnce, activationChild, median, type Activation } from './activation';
import { msLine, ratioLine } from './measure';

const ROOT = path.resolve(__dirname, '..');
const RUNS = 7;
const BUDGET_MS = 50;

export async function run(): Promise<void> {
  execFileSync(process.execPath, ['esbuild.mjs', '--production', '--metafile'], { cwd: ROOT, stdio: 'inherit' });
  try {
    printSizes('dist');
    printSizes('media');
    printBundleContents();
    await printActivation();
  } finally {
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: 'inherit' });
  }
}

function printSizes(dir: string): void {
  console.log(`\n${dir}/ (production build):`);
  let total = 0;
  for (const name of readdirSync(path.join(ROOT, dir)).sort()) {
    const file = path.join(ROOT, dir, name);
    if (!statSync(file).isFile()) continue;
    const bytes = statSync(file).size;
    total += bytes;
    console.log(`  ${name.padEnd(28)} ${kib(bytes)}`);
  }
  console.log(`  ${'total'.padEnd(28)} ${kib(total)}`);
}

/** Bytes in dist/extension.js by npm package (or "src" for Arbor's own code). */
function printBundleContents(): void {
  const meta = JSON.parse(readFileSync(path.join(ROOT, 'out', 'extension.meta.json'), 'utf8')) as {
    outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
  };
  const output = meta.outputs['dist/extension.js'];
  if (!output) throw new Error('The metafile has no dist/extension.js');
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? 'src (Arbor)';
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  console.log('\ndist/extension.js by package (minified):');
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) console.log(`  ${name.padEnd(28)} ${kib(bytes)}`);
}

async function printActivation(): Promise<void> {
  const child = await activationChild();
  const runs: Activation[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(activateOnce(child));
  }
  const requireMs = median(runs.map((r) => r.requireMs));
  const activateMs = median(runs.map((r) => r.activateMs));
  const totalMs = median(runs.map((r) => r.requireMs + r.activateMs));
  console.log(`\nactivation, stand-in vscode, Node built-ins preloaded (median of ${RUNS} fresh processes):`);
  console.log(msLine('require dist/extension.js', requireMs));
  console.log(msLine('activate()', activateMs));
  const cpuMs = median(runs.map((r) => r.cpuMs));
  console.log(ratioLine(`require + activate, wall / ${BUDGET_MS} ms budget (${totalMs.toFixed(1)} ms)`, totalMs / BUDGET_MS, { max: 1 }));
  console.log(ratioLine(`require + activate, CPU / ${BUDGET_MS} ms budget (${cpuMs.toFixed(1)} ms)`, cpuMs / BUDGET_MS, { max: 1 }));
  console.log(`load average while measuring: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (wall time grows with it; CPU time much less)`);
  const loaded = [...new Set(runs.flatMap((r) => r.loaded))];
  console.log(`bundle files loaded during activation: ${loaded.length > 0 ? loaded.join(', ') : 'none (the tokenizer waits for its first count)'}`);
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1).padStart(9)} KiB`;
}
