import { strict as assert } from 'node:assert';
import { buildFileIndex, fileIndex, filesExcludeRules } from '../../../src/core/mentions';
import { useWorkspace } from '../agent/tools/support';

const paths = (list: { path: string }[]) => list.map((suggestion) => suggestion.path);

describe('the @ completion index', () => {
  const workspace = useWorkspace();

  it('honours .gitignore and files.exclude, and never enters .git or node_modules', async () => {
    const ws = workspace();
    ws.file('.gitignore', 'build/\n*.log\n');
    ws.file('src/app.ts', '');
    ws.file('src/debug.log', '');
    ws.file('build/out.js', '');
    ws.file('node_modules/x/index.js', '');
    ws.file('.git/HEAD', '');
    ws.file('out/gen.js', '');
    ws.file('docs/.DS_Store', '');
    const index = await buildFileIndex({ root: ws.root, exclude: filesExcludeRules(['**/.DS_Store', '{out,tmp}']), signal: new AbortController().signal });
    assert.deepEqual(paths(index.query('', 100)).sort(), ['.gitignore', 'docs', 'problems', 'selection', 'src', 'src/app.ts', 'terminal']);
  });

  it("ranks a match in the file's name above one spread over its folders", () => {
    const index = fileIndex([
      { path: 'src/core/agent/tools/read.ts', isFolder: false },
      { path: 'src/readme/other.ts', isFolder: false },
      { path: 'docs/reference/all.md', isFolder: false },
      { path: 'src/webview/render/userText.ts', isFolder: false },
    ]);
    assert.deepEqual(paths(index.query('read')), ['src/core/agent/tools/read.ts', 'src/readme/other.ts', 'docs/reference/all.md']);
    assert.deepEqual(paths(index.query('rut')), ['src/webview/render/userText.ts']);
  });

  it('offers the special mentions whose name starts with the query, first', () => {
    const index = fileIndex([{ path: 'src/problems.ts', isFolder: false }]);
    assert.deepEqual(index.query('prob'), [
      { kind: 'problems', path: 'problems' },
      { kind: 'file', path: 'src/problems.ts' },
    ]);
  });

  it('gives at most the limit asked for', () => {
    const index = fileIndex(Array.from({ length: 500 }, (_, n) => ({ path: `f${n}.ts`, isFolder: false })));
    assert.equal(index.query('f').length, 50);
    assert.equal(index.query('f', 5).length, 5);
  });

  it('forgets a deleted folder with everything under it', () => {
    const index = fileIndex([
      { path: 'a', isFolder: true },
      { path: 'a/x.ts', isFolder: false },
      { path: 'ab.ts', isFolder: false },
    ]);
    index.remove('a');
    assert.deepEqual(paths(index.query('a')), ['ab.ts']);
  });
});
