// `npm run test:e2e`: the browser tests (test/e2e, mocha + playwright-core + Chromium against
// code-server), under a global timeout (ARBOR_E2E_TIMEOUT_MS, default 12 min) that names the test
// it ends. Results: the file named by ARBOR_TEST_RESULT, or test-results/e2e.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RESULT_FILE_ENV } from '../test/vscode/results';
import { repoRoot, resultsDir } from './lib/paths';
import { runPhase } from './lib/phase';

const mocha = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');

async function main(): Promise<number> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const outcome = await runPhase('e2e', process.execPath, [mocha, '--config', 'test/e2e/.mocharc.json', ...process.argv.slice(2)], {
    timeoutMs: Number(process.env.ARBOR_E2E_TIMEOUT_MS ?? 12 * 60_000),
    resultFile: process.env[RESULT_FILE_ENV] ?? path.join(resultsDir, 'e2e.json'),
  });
  return outcome.failed > 0 ? 1 : 0;
}

void main().then((code) => process.exit(code));
