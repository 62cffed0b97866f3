// `npm run test:e2e`: the browser tests (test/e2e, mocha + playwright-core + Chromium against
// code-server), under a global timeout (ARBOR_E2E_TIMEOUT_MS, default 30 min: on a busy machine the
// suite takes over 12; the limit is there to end a hang) that names the test it ends. Provisioning
// and packaging Arbor's VSIX come first, outside that timeout (a cold cache takes longer); the
// suites then install that VSIX. Results: the file named by ARBOR_TEST_RESULT, or
// test-results/e2e.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RESULT_FILE_ENV } from '../test/vscode/results';
import { repoRoot, resultsDir } from './lib/paths';
import { runPhase } from './lib/phase';
import { arborVsixForTests, VSIX_ENV } from './lib/vsix';
import { provision } from './provision';

const mocha = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');

async function main(): Promise<number> {
  await provision();
  process.env[VSIX_ENV] = arborVsixForTests();
  fs.mkdirSync(resultsDir, { recursive: true });
  const outcome = await runPhase('e2e', process.execPath, [mocha, '--config', 'test/e2e/.mocharc.json', ...process.argv.slice(2)], {
    timeoutMs: Number(process.env.ARBOR_E2E_TIMEOUT_MS ?? 30 * 60_000),
    resultFile: process.env[RESULT_FILE_ENV] ?? path.join(resultsDir, 'e2e.json'),
  });
  return outcome.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
