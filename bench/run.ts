/**
 * Runs every `bench/*.bench.ts` (each exports `run()`), or only those whose names contain the
 * arguments: `npm run bench -- session`. Benchmarks print ratios measured side by side in one run.
 * A benchmark that throws is reported by name with its error and the others still run; the exit
 * code is non-zero when any failed, so that a broken benchmark cannot pass for a quiet one.
 */
import { readdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

interface Failure {
  name: string;
  error: unknown;
}

async function main(): Promise<number> {
  const filters = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
    .sort();
  if (files.length === 0) {
    console.error(`No benchmark matches ${filters.join(', ')}`);
    return 1;
  }
  console.log(`load average at the start: ${loadAverage()}`);
  const failures: Failure[] = [];
  for (const name of files) {
    console.log(`\n## ${name}`);
    try {
      const module = (await import(path.join(__dirname, name))) as { run: () => Promise<void> };
      await module.run();
    } catch (error) {
      failures.push({ name, error });
      console.error(`\n${name} FAILED: ${describe(error)}`);
    }
  }
  console.log(`\nload average at the end: ${loadAverage()}`);
  console.log(`${files.length - failures.length} of ${files.length} benchmarks ran to the end`);
  for (const { name, error } of failures) console.error(`  failed: ${name}: ${firstLine(error)}`);
  return failures.length > 0 ? 1 : 0;
}

function loadAverage(): string {
  return `${os.loadavg().map((value) => value.toFixed(2)).join(' ')} (${os.cpus().length} cores)`;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(describe(error));
    process.exit(1);
  },
);
