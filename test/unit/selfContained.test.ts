// A clone of the repository stands alone: nothing in it may reach for the `shared` folder that sits
// beside the repository on the developers' machines (a fresh clone has none).
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED_DIRS = ['src', 'test', 'scripts', 'bench', 'docs', '.ci'];
const SCANNED_FILES = ['README.md', 'package.json', 'esbuild.mjs', 'tsconfig.json', '.mocharc.json', '.vscodeignore'];
const TEXT = /\.(ts|mjs|js|json|jsonl|md|css|html|svg)$|^run$/;

/** Written in pieces so that this file does not match itself. */
const SHARED = 'shared';
const ABSOLUTE = new RegExp(`/work/${SHARED}\\b`);
/** `../shared`, `../../shared`, ... : fine when it resolves inside the repository (src/shared). */
const RELATIVE = new RegExp(`((?:\\.\\./)+)${SHARED}\\b`, 'g');
/** The folder as path segments: path.join(root, parent, folder) with both written as quoted strings. */
const SEGMENTS = new RegExp(`['"]\\.\\.['"]\\s*,\\s*['"]${SHARED}['"]`);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

/** Each line of `text` that points outside the repository at the shared folder, as `line N: text`. */
function outsideReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const relativeOutside = [...line.matchAll(RELATIVE)].some((match) => {
      const target = path.resolve(path.dirname(file), match[1]!, SHARED);
      return path.relative(ROOT, target).startsWith('..');
    });
    return ABSOLUTE.test(line) || SEGMENTS.test(line) || relativeOutside ? [`line ${index + 1}: ${line.trim()}`] : [];
  });
}

describe('the repository stands alone', () => {
  it('has no source, test, script, benchmark or README line that reads the shared folder beside it', () => {
    const files = [
      ...SCANNED_DIRS.map((dir) => path.join(ROOT, dir)).filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory()).flatMap(filesUnder),
      ...SCANNED_FILES.map((file) => path.join(ROOT, file)).filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile()),
    ];
    assert.ok(files.length > 100, `only ${files.length} files scanned`);
    const found = files.flatMap((file) => outsideReferences(file, readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)} ${hit}`));
    assert.deepEqual(found, []);
  });

  it('tells a reference to the folder beside the repository from src/shared', () => {
    const inSrcVscode = path.join(ROOT, 'src', 'vscode', 'x.ts');
    const inTestSupport = path.join(ROOT, 'test', 'support', 'x.ts');
    assert.deepEqual(outsideReferences(inSrcVscode, `import { a } from '../${SHARED}/protocol';`), []);
    assert.deepEqual(outsideReferences(inTestSupport, `const dir = '../../../${SHARED}/fixtures';`), [`line 1: const dir = '../../../${SHARED}/fixtures';`]);
    assert.deepEqual(outsideReferences(path.join(ROOT, 'README.md'), `a\nsee \`../${SHARED}/DESIGN.md\``), [`line 2: see \`../${SHARED}/DESIGN.md\``]);
    assert.deepEqual(outsideReferences(inSrcVscode, `path.resolve(root, '..', '${SHARED}', 'fixtures')`).length, 1);
    assert.deepEqual(outsideReferences(inSrcVscode, `read('/work/${SHARED}/x')`).length, 1);
  });
});
