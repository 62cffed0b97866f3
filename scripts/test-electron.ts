// `npm run test:electron`: the same integration suites, in desktop VS Code downloaded by
// @vscode/test-electron. Needs internet (to download VS Code) and a display (or xvfb-run);
// it cannot run on the offline CI machines, where `npm run test:integration` runs them in code-server.
// ARBOR_VSCODE_VERSION picks the VS Code version (default: stable; try the engines.vscode minimum too).
import { TEST_EXPORTS_ENV } from '../src/core/util/testExports';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { PI_PACKAGE_ENV } from '../test/integration/piOracle';
import { RESULT_FILE_ENV } from '../test/vscode/results';
import { buildIntegrationTests, integrationWorkspaceFiles, runnerEntry } from './lib/buildTests';
import { buildExtension, prepareWorkspace } from './lib/codeServer';
import { repoRoot, resultsDir } from './lib/paths';

async function main(): Promise<number> {
  buildExtension();
  await buildIntegrationTests();
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-electron-'));
  prepareWorkspace(workspace, { workspaceFiles: integrationWorkspaceFiles });
  // pi's agent folder for the run: the user's own ~/.pi must neither leak into a test nor receive its sessions.
  const piAgentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-electron-pi-'));
  fs.mkdirSync(resultsDir, { recursive: true });
  try {
    return await runTests({
      version: process.env.ARBOR_VSCODE_VERSION ?? 'stable',
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: runnerEntry,
      extensionTestsEnv: { [TEST_EXPORTS_ENV]: '1', [RESULT_FILE_ENV]: process.env[RESULT_FILE_ENV] ?? path.join(resultsDir, 'electron.json'), PI_CODING_AGENT_DIR: piAgentDir, [PI_PACKAGE_ENV]: path.join(repoRoot, 'node_modules', '@earendil-works', 'pi-coding-agent') },
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
    });
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
    fs.rmSync(piAgentDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`test:electron failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
