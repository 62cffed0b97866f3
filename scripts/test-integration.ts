// `npm run test:integration`: runs test/integration/*.test.ts inside a real extension host.
// Packages Arbor (or takes the VSIX `npm test` packaged, named by ARBOR_VSIX) and the runner
// extension, starts code-server with both VSIX files installed and a temporary workspace holding
// the fixture session, opens the workbench in Chromium (code-server starts the extension host only
// for a connected window), waits for the runner's results file, prints them.
// A global timeout (ARBOR_TEST_TIMEOUT_MS, default 5 min, counted once provisioning and packaging are
// done: a cold cache takes longer than that) ends a hung run and names the test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { printResults, readResults, RESULT_FILE_ENV, type SuiteResults } from '../test/vscode/results';
import { launchBrowser, newLocalContext, openWorkbench } from './lib/browser';
import { buildIntegrationTests, integrationWorkspaceFiles } from './lib/buildTests';
import { startCodeServer } from './lib/codeServer';
import { buildExampleExtension } from './lib/exampleExtension';
import { repoRoot, resultsDir } from './lib/paths';
import { PI_PACKAGE_ENV } from '../test/integration/piOracle';
import { TEST_EXPORTS_ENV } from '../src/core/util/testExports';
import { delay } from './lib/processGroup';
import { arborVsixForTests } from './lib/vsix';
import { provision } from './provision';

// The suites' whole run, launch included: about 4–5 minutes on a loaded 2-core machine, so 10 leaves room
// without letting a hang last long (the phase around it stops at 15).
const timeoutMs = Number(process.env.ARBOR_TEST_TIMEOUT_MS ?? 10 * 60_000);
async function main(): Promise<number> {
  await provision();
  const arbor = arborVsixForTests();
  const runner = await buildIntegrationTests();
  // The example extension of Arbor's API, installed beside it (inert until a suite sets its mode).
  const example = await buildExampleExtension();
  const started = Date.now();
  fs.mkdirSync(resultsDir, { recursive: true });
  const resultFile = process.env[RESULT_FILE_ENV] ?? path.join(resultsDir, 'integration.json');
  fs.rmSync(resultFile, { force: true });

  const server = await startCodeServer({
    extensions: [arbor, runner, example],
    workspaceFiles: integrationWorkspaceFiles,
    // pi's package, which the suites run as the oracle (test/integration/piOracle.ts).
    env: { [RESULT_FILE_ENV]: resultFile, [TEST_EXPORTS_ENV]: '1', [PI_PACKAGE_ENV]: path.join(repoRoot, 'node_modules', '@earendil-works', 'pi-coding-agent') },
  });
  const browser = await launchBrowser();
  try {
    const page = await (await newLocalContext(browser)).newPage();
    await openWorkbench(page, server.workbenchUrl);
    console.log(`[integration] workbench up after ${((Date.now() - started) / 1000).toFixed(1)} s; running suites in the extension host`);
    const results = await waitForResults(resultFile, started + timeoutMs);
    await page.close();
    if (!results) {
      const current = readResults(resultFile)?.current;
      console.error(`\n[integration] timed out after ${timeoutMs / 1000} s ${current ? `while running: ${current}` : 'before any test started'}`);
      console.error(server.logTail(60));
      return 1;
    }
    printResults(results);
    if (results.failed > 0) console.error(`\n${server.logTail(30)}`);
    return results.failed > 0 ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function waitForResults(file: string, deadline: number): Promise<SuiteResults | undefined> {
  while (Date.now() < deadline) {
    const results = readResults(file);
    if (results?.state === 'done') return results;
    await delay(250);
  }
  return undefined;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[integration] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
