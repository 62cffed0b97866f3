import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import * as yauzl from 'yauzl';

const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  main: string;
  repository?: unknown;
};

const version = (text: string): number[] => text.replace(/^[^\d]*/, '').split('.').map(Number);

/** Every file in a zip (a VSIX is one), by its path inside it. */
function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error(`cannot open ${file}`));
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('the extension manifest and package', function () {
  this.timeout(240_000);

  it('types the API no newer than the engines.vscode floor it declares', () => {
    const floor = version(manifest.engines.vscode);
    const types = version(manifest.devDependencies['@types/vscode']!);
    assert.ok(types[0]! < floor[0]! || (types[0] === floor[0] && types[1]! <= floor[1]!), `${manifest.devDependencies['@types/vscode']} > ${manifest.engines.vscode}`);
  });

  it('names no made-up repository', () => {
    assert.equal(manifest.repository, undefined);
  });

  describe('npm run package on this checkout', () => {
    let files: Map<string, Buffer>;
    let output: string;
    let dir: string;

    before(async function () {
      dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-vsix-'));
      const out = path.join(dir, 'arbor.vsix');
      // stdin closed: a question from vsce would end the run instead of waiting for an answer.
      output = execFileSync('npm', ['run', '--silent', 'package', '--', '--out', out], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        env: { ...process.env, npm_config_offline: 'true' },
      });
      files = await readZip(out);
    });

    after(() => {
      rmSync(dir, { recursive: true, force: true });
      // Leave the development build (with source maps) that the other tests and `npm start` expect.
      execFileSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT });
    });

    it('writes the VSIX without asking anything', () => {
      assert.doesNotMatch(output, /continue\?|\[y\/N\]/i);
      assert.ok(files.size > 0);
    });

    it('holds only what the extension needs at run time', () => {
      const media = readdirSync(path.join(ROOT, 'media')).map((name) => `extension/media/${name}`);
      const expected = ['[Content_Types].xml', 'extension.vsixmanifest', 'extension/package.json', 'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt', 'extension/dist/extension.js', 'extension/dist/tokenizer.js', 'extension/dist/anthropic.js', 'extension/dist/re2.js', 'extension/dist/pi-mcp.js', ...media];
      assert.deepEqual([...files.keys()].sort(), expected.sort());
      assert.ok(files.has(`extension/${manifest.main.replace(/^\.\//, '')}`));
    });

    it('bundles every runtime dependency: the extension requires only Node built-ins, vscode and its own lazily loaded files', () => {
      const requiredBy = (file: string): string[] => [...files.get(file)!.toString('utf8').matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]!);
      const required = requiredBy('extension/dist/extension.js');
      assert.ok(required.includes('vscode'));
      // The tokenizer, the SDK client, RE2's engine and pi's MCP client are files of their own beside extension.js, loaded on first use (never at activation).
      assert.ok(required.includes('./tokenizer.js') && required.includes('./anthropic.js') && required.includes('./re2.js') && required.includes('./pi-mcp.js'));
      const packaged = (name: string): boolean => name.startsWith('./') && files.has(`extension/dist/${name.slice(2)}`);
      const outside = required.filter((name) => name !== 'vscode' && !builtinModules.includes(name.replace(/^node:/, '')) && !packaged(name));
      assert.deepEqual([...new Set(outside)], []);
      for (const chunk of ['tokenizer', 'anthropic', 're2', 'pi-mcp']) {
        const outsideChunk = requiredBy(`extension/dist/${chunk}.js`).filter((name) => !builtinModules.includes(name.replace(/^node:/, '')));
        assert.deepEqual([...new Set(outsideChunk)], [], chunk);
      }
    });

    it('ships the README with its links as written, not pointed at a guessed address', () => {
      const readme = files.get('extension/readme.md')!.toString('utf8');
      assert.equal(readme, readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
      assert.match(readme, /\]\(docs\/images\/arbor-at-work\.png\)/);
    });
  });
});
