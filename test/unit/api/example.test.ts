// The types file other extensions copy (api/arbor.d.ts) stays in step with Arbor: src/vscode/api.ts
// implements it (the type-check says so), and the example extension compiles against it here.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../..');

describe('the API types file and the example extension', () => {
  it('compiles the example extension against api/arbor.d.ts and the root\'s @types/vscode', function () {
    this.timeout(180_000);
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'examples', 'custom-compaction')], { encoding: 'utf8' });
    assert.equal(`${result.stdout}${result.stderr}`, '');
    assert.equal(result.status, 0);
  });
});
