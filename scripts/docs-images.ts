// `npm run docs:images`: refreshes the README's pictures in docs/images/. The e2e suite takes them
// as it goes, into test-results/e2e/images/ (a test run never writes tracked files, so a clone
// stays clean after `npm test`). This runs the e2e suite (arguments go to it, e.g.
// `npm run docs:images -- --grep 'Chat contract'`) and, only when it passed, copies the pictures
// this run took over the ones in docs/images/. Commit them if they show what the README says.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { docsImagesDir, e2ePicturesDir, repoRoot, resultsDir } from './lib/paths';
import { runPhase } from './lib/phase';

async function main(): Promise<number> {
  // Only this run's pictures are copied: none left over from an earlier one.
  fs.rmSync(e2ePicturesDir, { recursive: true, force: true });
  const outcome = await runPhase('e2e', process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts', 'test-e2e.ts'), ...process.argv.slice(2)], {
    timeoutMs: 60 * 60_000,
    resultFile: path.join(resultsDir, 'e2e.json'),
  });
  if (outcome.failed > 0) {
    console.error(`\n[docs:images] the e2e run failed (${outcome.failed} failed): docs/images/ is left as it was`);
    return 1;
  }
  const pictures = fs.existsSync(e2ePicturesDir) ? fs.readdirSync(e2ePicturesDir).filter((name) => name.endsWith('.png')).sort() : [];
  if (pictures.length === 0) {
    console.error('\n[docs:images] the run took no pictures (did --grep leave out the tests that take them?)');
    return 1;
  }
  fs.mkdirSync(docsImagesDir, { recursive: true });
  for (const name of pictures) {
    const target = path.join(docsImagesDir, name);
    // Replaced, not written through: a link planted at the target is removed, never followed.
    fs.rmSync(target, { force: true });
    fs.copyFileSync(path.join(e2ePicturesDir, name), target, fs.constants.COPYFILE_EXCL);
    console.log(`[docs:images] ${path.relative(repoRoot, target)}`);
  }
  console.log(`[docs:images] ${pictures.length} pictures refreshed; review them with git diff before committing`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[docs:images] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
