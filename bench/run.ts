/**
 * Runs every `bench/*.bench.ts` (each exports `run()`), or only those whose names contain the
 * arguments: `npm run bench -- session`. Benchmarks print ratios measured side by side in one run.
 */
import { readdirSync } from 'node:fs';
import * as path from 'node:path';

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((name) => name.endsWith('.bench.ts'))
    .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
    .sort();
  for (const name of files) {
    console.log(`\n## ${name}`);
    const module = (await import(path.join(__dirname, name))) as { run: () => Promise<void> };
    await module.run();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
