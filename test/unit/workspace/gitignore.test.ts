import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { createFindTool } from '../../../src/core/agent/tools/find';
import { parseGitignore, MAX_RULES } from '../../../src/core/workspace/gitignore';
import { createGrepTool } from '../../../src/core/agent/tools/grep';
import { textOf, useWorkspace } from '../agent/tools/support';

/** The verdict for each path: 'ignored', 'unignored' (a ! rule re-includes it) or '-' (no rule speaks). */
function verdicts(rules: string, paths: readonly string[]): string[] {
  const parsed = parseGitignore(rules);
  return paths.map((relative) => {
    const { ignored, unignored } = parsed.test(relative);
    return ignored ? 'ignored' : unignored ? 'unignored' : '-';
  });
}

describe('.gitignore rules', () => {
  it('reads names at any depth, anchored paths, folder-only rules, negation, comments and escapes as git does', () => {
    const rules = ['# a comment', '', '*.log', '/root.txt', 'build/', 'docs/*.md', '!docs/keep.md', '\\#hash', '\\!bang', 'trailing\\ ', 'spaces   ', 'q?.txt', 'x[0-9].ts', 'y[!a].ts'].join('\n');
    const paths = ['a.log', 'deep/er/b.log', 'root.txt', 'sub/root.txt', 'build/', 'build', 'sub/build/', 'docs/a.md', 'docs/keep.md', 'docs/sub/a.md', '#hash', '!bang', 'trailing ', 'spaces', 'qa.txt', 'qab.txt', 'x5.ts', 'xa.ts', 'yb.ts', 'ya.ts', 'A.LOG'];
    assert.deepEqual(verdicts(rules, paths), [
      'ignored', 'ignored', 'ignored', '-', 'ignored', '-', 'ignored', 'ignored', 'unignored', '-', 'ignored', 'ignored', 'ignored', 'ignored', 'ignored', '-', 'ignored', '-', 'ignored', '-', 'ignored',
    ]);
  });

  it('spans folders with ** at the start, the end and in the middle', () => {
    const paths = ['foo', 'a/foo', 'a/b/foo/', 'lib/x', 'lib/x/y.ts', 'lib/', 'a/b', 'a/x/b', 'a/x/y/b', 'ab'];
    assert.deepEqual(verdicts('**/foo', paths), ['ignored', 'ignored', 'ignored', '-', '-', '-', '-', '-', '-', '-']);
    assert.deepEqual(verdicts('lib/**', paths), ['-', '-', '-', 'ignored', 'ignored', '-', '-', '-', '-', '-']);
    assert.deepEqual(verdicts('a/**/b', paths), ['-', '-', '-', '-', '-', '-', 'ignored', 'ignored', 'ignored', '-']);
  });

  it('matches a rule of many ** against a path 2000 folders deep at once (a backtracking matcher takes hours)', () => {
    const rule = `${'**/a/'.repeat(8)}**/b`;
    const deep = `${'a/'.repeat(2000)}c`;
    assert.deepEqual(verdicts(rule, [deep, `${'a/'.repeat(2000)}b`]), ['-', 'ignored']);
  });

  it('uses the first MAX_RULES rules of a huge file and skips a rule too large to run', () => {
    const many = [...Array.from({ length: MAX_RULES }, (_, index) => `file${index}.tmp`), 'late.txt'].join('\n');
    assert.deepEqual(verdicts(many, ['file0.tmp', `file${MAX_RULES - 1}.tmp`, 'late.txt']), ['ignored', 'ignored', '-']);
    assert.deepEqual(verdicts(`${'[a-z]'.repeat(3000)}\nkept.txt`, ['kept.txt']), ['ignored']);
  });
});

describe('find and grep in a repository that plants hostile .gitignore rules and globs', () => {
  const workspace = useWorkspace();

  it('walks a tree 60 folders deep under a .gitignore of nested ** rules', async () => {
    const ws = workspace();
    ws.file('.gitignore', `${'**/d/'.repeat(7)}**/z\n*.skip\n`);
    const deep = path.join(...Array.from({ length: 60 }, () => 'd'));
    mkdirSync(path.join(ws.root, deep), { recursive: true });
    ws.file(`${deep}/hit.txt`, 'needle\n');
    ws.file(`${deep}/miss.skip`, 'needle\n');
    assert.equal(textOf(await ws.run(createFindTool(), { pattern: '*.txt' })), `${deep.split(path.sep).join('/')}/hit.txt`);
    assert.equal(textOf(await ws.run(createGrepTool(), { pattern: 'needle' })), `${deep.split(path.sep).join('/')}/hit.txt:1: needle`);
  });

  it('refuses a glob whose braces expand to too many patterns, in plain words', async () => {
    const ws = workspace();
    ws.file('a.txt', 'a\n');
    const result = await ws.run(createFindTool(), { pattern: '{a,b}'.repeat(20) });
    assert.deepEqual({ isError: result.isError, text: textOf(result) }, { isError: true, text: 'The glob expands to more than 256 patterns (each {a,b} group multiplies them): use fewer brace groups.' });
    assert.equal(textOf(await ws.run(createFindTool(), { pattern: '*.{txt,md}' })), 'a.txt');
  });
});
