import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  main: string;
};

const version = (text: string): number[] => text.replace(/^[^\d]*/, '').split('.').map(Number);

describe('the extension manifest and package', function () {
  this.timeout(60_000);

  it('types the API no newer than the engines.vscode floor it declares', () => {
    const floor = version(manifest.engines.vscode);
    const types = version(manifest.devDependencies['@types/vscode']!);
    assert.ok(types[0]! < floor[0]! || (types[0] === floor[0] && types[1]! <= floor[1]!), `${manifest.devDependencies['@types/vscode']} > ${manifest.engines.vscode}`);
  });

  it('packages only what the extension needs at run time', () => {
    execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: ROOT });
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const listed = execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .sort();
    const extras = listed.filter((file) => !['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json', 'dist/extension.js'].includes(file) && !file.startsWith('media/'));
    assert.deepEqual(extras, []);
    assert.ok(listed.includes(manifest.main.replace(/^\.\//, '')));
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT });
  });
});
