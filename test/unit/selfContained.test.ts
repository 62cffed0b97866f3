// A clone of the repository stands alone: nothing in it may reach for the `shared` folder that sits
// beside the repository on the developers' machines (a fresh clone has none), nor cite the
// specification kept there by section or case number: a comment states the rule in words, or
// points at a document under docs/.
import { strict as assert } from 'node:assert';
import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { filesUnder } from '../support/sourceFiles';

const ROOT = path.resolve(__dirname, '../..');
const SCANNED_DIRS = ['src', 'test', 'scripts', 'bench', 'docs', '.ci'];
const SCANNED_FILES = ['README.md', 'CHANGELOG.md', 'package.json', 'esbuild.mjs', 'tsconfig.json', '.mocharc.json', '.vscodeignore'];
const TEXT = /\.(ts|mjs|js|json|jsonl|md|css|html|svg)$|^run$/;

/** Written in pieces so that this file does not match itself. */
const SHARED = 'shared';
const ABSOLUTE = new RegExp(`/work/${SHARED}\\b`);
/** `../shared`, `../../shared`, ... : fine when it resolves inside the repository (src/shared). */
const RELATIVE = new RegExp(`((?:\\.\\./)+)${SHARED}\\b`, 'g');
/** The folder as path segments: path.join(root, parent, folder) with both written as quoted strings. */
const SEGMENTS = new RegExp(`['"]\\.\\.['"]\\s*,\\s*['"]${SHARED}['"]`);

/**
 * Citations of that specification. Each pattern is written so that this file does not match it: the
 * section sign as an escape, each document name with its last letter in a character class.
 */
const CITATIONS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'section sign', pattern: /\u00a7/ },
  // A case code: one capital letter, a dot, a number (the cases were lettered by area and numbered).
  { what: 'case code', pattern: /(?<![\w.])[A-Z]\.\d{1,3}(?![\w.])/ },
  { what: 'specification document', pattern: /\b(?:SESSION-FORMA[T]|CONFORMANC[E]|BRANCHIN[G]|COMPACTIO[N]|DESIG[N]|STYLE\.m[d]|REAL-VSCODE-TESTIN[G])\b/ },
];

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

/** Each line of `text` that cites the specification, as `line N (what): text`. */
function citations(text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const kinds = CITATIONS.filter(({ pattern }) => pattern.test(line)).map(({ what }) => what);
    return kinds.length > 0 ? [`line ${index + 1} (${kinds.join(', ')}): ${line.trim()}`] : [];
  });
}

function scannedFiles(): string[] {
  const files = [
    ...SCANNED_DIRS.map((dir) => path.join(ROOT, dir)).filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory()).flatMap((dir) => filesUnder(dir, (name) => TEXT.test(name))),
    ...SCANNED_FILES.map((file) => path.join(ROOT, file)).filter((file) => statSync(file, { throwIfNoEntry: false })?.isFile()),
  ];
  assert.ok(files.length > 100, `only ${files.length} files scanned`);
  return files;
}

describe('the repository stands alone', () => {
  it('has no source, test, script, benchmark or README line that reads the shared folder beside it', () => {
    const found = scannedFiles().flatMap((file) => outsideReferences(file, readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)} ${hit}`));
    assert.deepEqual(found, []);
  });

  it('has no comment, test name or document that cites the specification outside the repository by section, case or name', () => {
    const found = scannedFiles().flatMap((file) => citations(readFileSync(file, 'utf8')).map((hit) => `${path.relative(ROOT, file)} ${hit}`));
    assert.deepEqual(found, []);
  });

  it('tells a citation of the specification from versions, abbreviations and names in code', () => {
    const sign = String.fromCharCode(0xa7);
    // The document names in pieces, like the patterns, so that this line is not a citation itself.
    const [branching, format, design, conformance] = [['BRANCH', 'ING'], ['SESSION-', 'FORMAT'], ['DESI', 'GN'], ['CONFORM', 'ANCE']].map((parts) => parts.join(''));
    const cited = [`pi writes the attach point (see ${branching} ${sign}4.4)`, `(deliberately differs, ${sign}19.6)`, `cuts before the assistant (${'O'}.141)`, `queued (${'J'}.99).`, `spec/${format}.md`, `(${design} "never loop")`, `${conformance} 57`];
    assert.deepEqual(
      cited.map((line) => citations(line).length),
      cited.map(() => 1),
    );
    const plain = ['Node 24.22.3 and code-server 4.139.1', 'e.g. a proxy, i.e. the model', 'const STYLE = `body {}`;', 'DEFAULT_COMPACTION_SETTINGS.keepRecentTokens', 'anthropic/claude-sonnet-4.5', 'node:20-bookworm', 'O(1) per append; 1.9x the floor', 'version 3.2.1 of U.S. law'];
    assert.deepEqual(plain.flatMap(citations), []);
  });

  it('tells a reference to the folder beside the repository from src/shared', () => {
    const inSrcVscode = path.join(ROOT, 'src', 'vscode', 'x.ts');
    const inTestSupport = path.join(ROOT, 'test', 'support', 'x.ts');
    assert.deepEqual(outsideReferences(inSrcVscode, `import { a } from '../${SHARED}/protocol';`), []);
    assert.deepEqual(outsideReferences(inTestSupport, `const dir = '../../../${SHARED}/fixtures';`), [`line 1: const dir = '../../../${SHARED}/fixtures';`]);
    assert.deepEqual(outsideReferences(path.join(ROOT, 'README.md'), `a\nsee \`../${SHARED}/notes.md\``), [`line 2: see \`../${SHARED}/notes.md\``]);
    assert.deepEqual(outsideReferences(inSrcVscode, `path.resolve(root, '..', '${SHARED}', 'fixtures')`).length, 1);
    assert.deepEqual(outsideReferences(inSrcVscode, `read('/work/${SHARED}/x')`).length, 1);
  });
});
