// `npm start`: Arbor in a real VS Code.
//   - With a desktop `code` on PATH: builds, then opens VS Code with Arbor loaded from this folder
//     (--extensionDevelopmentPath).
//   - Otherwise (a headless machine): provisions code-server, packages Arbor (out/arbor.vsix),
//     starts code-server with that VSIX installed on 127.0.0.1, prints the URL and stays up until Ctrl-C.
// Options: --demo (no key needed: also starts the fake Anthropic server with a demo conversation
// and opens a temporary workspace pointed at it; see scripts/lib/demo.ts), --folder <path>,
// --code-server (skip the desktop check).
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { buildExtension, startCodeServer } from './lib/codeServer';
import { demoGuide, startDemo, type Demo } from './lib/demo';
import { repoRoot } from './lib/paths';
import { onInterrupt } from './lib/processGroup';
import { packageArbor, testVsix } from './lib/vsix';
import { provision } from './provision';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

/** npm runs scripts in the package folder; INIT_CWD is where `npm start` was typed. */
function folderToOpen(demo: Demo | undefined): string {
  return demo?.folder ?? path.resolve(option('--folder') ?? process.env.INIT_CWD ?? process.cwd());
}

/** A desktop VS Code, not code-server's remote `code` helper (which cannot load a development extension). */
function desktopCode(): boolean {
  if (args.includes('--code-server')) return false;
  const which = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' });
  const codePath = which.stdout.trim();
  if (which.status !== 0 || !codePath || codePath.includes('code-server')) return false;
  return spawnSync(codePath, ['--version'], { stdio: 'ignore', timeout: 15_000 }).status === 0;
}

async function main(): Promise<void> {
  const demo = args.includes('--demo') ? await startDemo() : undefined;
  if (demo) onInterrupt(() => demo.close());
  const folder = folderToOpen(demo);
  if (desktopCode()) {
    buildExtension();
    console.log(`Opening VS Code with Arbor from ${repoRoot} on ${folder}`);
    // The key reaches the extension host only when this starts VS Code (not a window of a running one).
    const result = spawnSync('code', ['--extensionDevelopmentPath', repoRoot, folder], { stdio: 'inherit', env: { ...process.env, ...demo?.env } });
    if (!demo) process.exit(result.status ?? 1);
    console.log(`\n${demoGuide(demo.fake)}\n(If VS Code was already running, it did not get the demo's environment: run "Arbor: Set Anthropic API Key" with any text and set arbor.baseUrl to ${demo.fake.url} in your user settings.)\n\nPress Ctrl-C to stop the fake server.`);
    return; // The fake server keeps the process alive until Ctrl-C.
  }
  await provision();
  const server = await startCodeServer({ extensions: [packageArbor(testVsix)], workspace: folder, ...(demo ? { env: demo.env } : {}) });
  console.log(`\nArbor in VS Code (code-server), folder ${folder}:\n\n  ${server.workbenchUrl}\n`);
  if (demo) console.log(`${demoGuide(demo.fake)}\n`);
  console.log('Press Ctrl-C to stop.');
  let interrupted = false;
  onInterrupt(() => {
    interrupted = true;
  });
  const code = await server.exited;
  if (interrupted) return; // Ctrl-C: the interrupt handler stops everything and exits.
  console.error(`code-server stopped by itself (exit code ${String(code)}):\n${server.logTail()}`);
  await server.stop();
  process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
