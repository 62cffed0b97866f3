import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { createFindTool } from '../../../../src/core/agent/tools/find';
import { createGrepTool } from '../../../../src/core/agent/tools/grep';
import { createLsTool } from '../../../../src/core/agent/tools/ls';
import { loadPi } from '../../../support/pi';
import { textOf, useWorkspace, type Workspace } from './support';

/** A small project: sources, an ignored build folder, node_modules, .git, nested .gitignore rules. */
function project(ws: Workspace): void {
  ws.file('.gitignore', 'dist/\n*.log\n');
  ws.file('README.md', 'Hello world\n');
  ws.file('c.ts', 'export const c = 1;\n');
  ws.file('src/a.ts', 'export const a = "needle";\n');
  ws.file('src/deep/b.ts', 'const b = 2;\n// Needle here\n');
  ws.file('src/.gitignore', '*.gen.ts\n!keep.gen.ts\n');
  ws.file('src/x.gen.ts', 'needle (generated)\n');
  ws.file('src/keep.gen.ts', 'needle (kept)\n');
  ws.file('dist/out.ts', 'needle (built)\n');
  ws.file('debug.log', 'needle (log)\n');
  ws.file('node_modules/pkg/index.ts', 'needle (dependency)\n');
  ws.file('.git/config.ts', 'needle (git)\n');
  ws.file('image.bin', Buffer.from('needle\0binary'));
}

describe('ls tool', () => {
  const workspace = useWorkspace();
  const ls = createLsTool();
  before(async function () {
    this.timeout(120_000); // the reference build takes a while to import
    await loadPi();
  });

  it('lists entries sorted without regard to case, dotfiles included, folders with a slash, as pi does', async () => {
    const ws = workspace();
    for (const name of ['b.txt', 'A.txt', '.hidden', 'Zeta.md']) ws.file(name, '');
    mkdirSync(path.join(ws.root, 'src'));
    const result = await ws.run(ls, {});
    assert.deepEqual(result, { content: [{ type: 'text', text: '.hidden\nA.txt\nb.txt\nsrc/\nZeta.md' }], isError: false });
    const pi = await (await loadPi()).createLsToolDefinition(ws.root).execute('call', {}, undefined, undefined, undefined as never);
    assert.deepEqual(result.content, pi.content);
  });

  it('stops at the limit with a notice, and says when a folder is empty, missing or a file', async () => {
    const ws = workspace();
    for (const name of ['a', 'b', 'c']) ws.file(`list/${name}`, '');
    mkdirSync(path.join(ws.root, 'empty'));
    assert.deepEqual(await ws.run(ls, { path: 'list', limit: 2 }), {
      content: [{ type: 'text', text: 'a\nb\n\n[2 of 3 entries shown; use limit=4 for more]' }],
      details: { entryLimitReached: 2 },
      isError: false,
    });
    assert.equal(textOf(await ws.run(ls, { path: 'empty' })), '(empty folder)');
    assert.equal(textOf(await ws.run(ls, { path: 'nope' })), 'Path not found: nope');
    assert.equal(textOf(await ws.run(ls, { path: 'list/a' })), 'Not a folder: list/a');
  });
});

describe('find tool', () => {
  const workspace = useWorkspace();
  const find = createFindTool();

  it('matches names at any depth, honouring .gitignore (nested rules and re-includes), skipping node_modules and .git', async () => {
    const ws = workspace();
    project(ws);
    assert.equal(textOf(await ws.run(find, { pattern: '*.ts' })), 'c.ts\nsrc/a.ts\nsrc/deep/b.ts\nsrc/keep.gen.ts');
  });

  it('matches paths with a slash below the search folder, and lists folders with a slash', async () => {
    const ws = workspace();
    project(ws);
    assert.equal(textOf(await ws.run(find, { pattern: 'src/**/*.ts' })), 'src/a.ts\nsrc/deep/b.ts\nsrc/keep.gen.ts');
    assert.equal(textOf(await ws.run(find, { pattern: 'deep/*.ts' })), 'src/deep/b.ts');
    assert.equal(textOf(await ws.run(find, { pattern: 'deep' })), 'src/deep/');
    assert.equal(textOf(await ws.run(find, { pattern: '.git*' })), '.gitignore\nsrc/.gitignore');
  });

  it('applies the root .gitignore when searching a subfolder, with paths relative to it', async () => {
    const ws = workspace();
    project(ws);
    ws.file('.gitignore', 'src/deep/\n');
    assert.equal(textOf(await ws.run(find, { pattern: '*.ts', path: 'src' })), 'a.ts\nkeep.gen.ts');
  });

  it('stops at the limit with a notice and says when nothing matches', async () => {
    const ws = workspace();
    project(ws);
    assert.deepEqual(await ws.run(find, { pattern: '*.ts', limit: 2 }), {
      content: [{ type: 'text', text: 'c.ts\nsrc/a.ts\n\n[Stopped at 2 results; use limit=4 for more, or a narrower pattern]' }],
      details: { resultLimitReached: 2 },
      isError: false,
    });
    assert.equal(textOf(await ws.run(find, { pattern: '*.py' })), 'No files match the pattern.');
  });
});

describe('grep tool', () => {
  const workspace = useWorkspace();
  const grep = createGrepTool();

  it('finds matching lines as path:line: text, honouring .gitignore and skipping binary files', async () => {
    const ws = workspace();
    project(ws);
    assert.deepEqual(await ws.run(grep, { pattern: 'needle' }), {
      content: [{ type: 'text', text: 'src/a.ts:1: export const a = "needle";\nsrc/keep.gen.ts:1: needle (kept)' }],
      isError: false,
    });
  });

  it('matches without case, literally, only in files matching a glob, or in one file', async () => {
    const ws = workspace();
    project(ws);
    ws.file('notes.txt', 'a.b\naxb\n');
    assert.equal(textOf(await ws.run(grep, { pattern: 'NEEDLE', ignoreCase: true, glob: 'src/**/*.ts' })), 'src/a.ts:1: export const a = "needle";\nsrc/deep/b.ts:2: // Needle here\nsrc/keep.gen.ts:1: needle (kept)');
    assert.equal(textOf(await ws.run(grep, { pattern: 'a.b', literal: true })), 'notes.txt:1: a.b');
    assert.equal(textOf(await ws.run(grep, { pattern: 'a.b' })), 'notes.txt:1: a.b\nnotes.txt:2: axb');
    assert.equal(textOf(await ws.run(grep, { pattern: 'const', path: 'src/deep/b.ts' })), 'b.ts:1: const b = 2;');
  });

  it('shows context lines once, marking them path-line- text', async () => {
    const ws = workspace();
    ws.file('f.txt', 'one\ntwo\nhit 3\nfour\nhit 5\nsix\nseven\neight\n');
    assert.equal(textOf(await ws.run(grep, { pattern: '^hit', context: 1 })), 'f.txt-2- two\nf.txt:3: hit 3\nf.txt-4- four\nf.txt:5: hit 5\nf.txt-6- six');
  });

  it('stops at the match limit, cuts long lines, and words a bad pattern plainly', async () => {
    const ws = workspace();
    ws.file('many.txt', `${Array.from({ length: 5 }, (_, index) => `match ${index + 1}`).join('\n')}\n`);
    ws.file('wide.txt', `match ${'w'.repeat(600)}\n`);
    assert.deepEqual(await ws.run(grep, { pattern: 'match', limit: 3 }), {
      content: [{ type: 'text', text: 'many.txt:1: match 1\nmany.txt:2: match 2\nmany.txt:3: match 3\n\n[Stopped at 3 matches; use limit=6 for more, or a narrower pattern]' }],
      details: { matchLimitReached: 3 },
      isError: false,
    });
    assert.deepEqual(await ws.run(grep, { pattern: 'match w' }), {
      content: [{ type: 'text', text: `wide.txt:1: match ${'w'.repeat(494)}… [cut]\n\n[Lines longer than 500 characters were cut; read the file for the whole line]` }],
      details: { linesTruncated: true },
      isError: false,
    });
    const bad = await ws.run(grep, { pattern: '(unclosed' });
    assert.deepEqual({ isError: bad.isError, text: textOf(bad) }, {
      isError: true,
      text: 'Invalid regular expression (RE2 syntax): missing closing ) at "(unclosed". Set literal to true to search for the text as it is.',
    });
    assert.equal(textOf(await ws.run(grep, { pattern: 'absent' })), 'No matches found.');
  });

  it('does not start a search when the call is already aborted', async () => {
    const ws = workspace();
    project(ws);
    const controller = new AbortController();
    controller.abort();
    assert.deepEqual(await ws.run(grep, { pattern: 'needle' }, { signal: controller.signal }), {
      content: [{ type: 'text', text: 'The tool call was aborted.' }],
      isError: true,
    });
  });
});
