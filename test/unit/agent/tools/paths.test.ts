import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import type { Json } from '../../../../src/core/session';
import { createTools } from '../../../../src/core/agent/tools/registry';
import type { Tool } from '../../../../src/core/agent/tools/tool';
import { textOf, useWorkspace, type Workspace } from './support';

const tools = createTools();
const tool = (name: string): Tool => tools.find((candidate) => candidate.spec.name === name)!;

/** Each path-taking tool with the arguments that point it at `target` (a file for read/write/edit, a folder for the listings). */
const CALLS: { name: string; args: (target: string) => { [key: string]: Json }; wants: 'file' | 'folder' }[] = [
  { name: 'read', args: (target) => ({ path: target }), wants: 'file' },
  { name: 'write', args: (target) => ({ path: target, content: 'overwritten' }), wants: 'file' },
  { name: 'edit', args: (target) => ({ path: target, edits: [{ oldText: 'secret', newText: 'leaked' }] }), wants: 'file' },
  { name: 'ls', args: (target) => ({ path: target }), wants: 'folder' },
  { name: 'find', args: (target) => ({ pattern: '*', path: target }), wants: 'folder' },
  { name: 'grep', args: (target) => ({ pattern: 'secret', path: target }), wants: 'folder' },
];

describe('agent tools: every path stays inside the workspace', () => {
  const workspace = useWorkspace();

  /** The escapes: the path the model gives, and where it really leads (undefined: refused on its face). */
  function escapes(ws: Workspace, wants: 'file' | 'folder'): { given: string; leadsTo?: string }[] {
    symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    symlinkSync(ws.outside, path.join(ws.root, 'linkdir'));
    const secret = path.join(ws.outside, 'secret.txt');
    return wants === 'file'
      ? [
          { given: '../outside/secret.txt' },
          { given: secret },
          { given: 'link.txt', leadsTo: secret },
          { given: 'linkdir/secret.txt', leadsTo: secret },
          { given: 'sub/../../outside/secret.txt' },
        ]
      : [{ given: '..' }, { given: ws.outside }, { given: 'linkdir', leadsTo: ws.outside }, { given: 'linkdir/.', leadsTo: ws.outside }];
  }

  for (const call of CALLS) {
    it(`${call.name} refuses ../, absolute paths outside, a link pointing out and a path through a linked folder`, async () => {
      const ws = workspace();
      for (const { given, leadsTo } of escapes(ws, call.wants)) {
        const result = await ws.run(tool(call.name), call.args(given));
        const expected = `path "${given}" is outside the workspace (${ws.root})${leadsTo ? `: it leads to ${leadsTo}` : ''}`;
        assert.deepEqual({ isError: result.isError, text: textOf(result) }, { isError: true, text: expected }, given);
      }
      assert.equal(readFileSync(path.join(ws.outside, 'secret.txt'), 'utf8'), 'secret\n');
    });
  }

  it('refuses writing through a dangling link that points out, creating nothing', async () => {
    const ws = workspace();
    const target = path.join(ws.outside, 'new.txt');
    symlinkSync(target, path.join(ws.root, 'dangling'));
    const result = await ws.run(tool('write'), { path: 'dangling', content: 'x' });
    assert.equal(textOf(result), `path "dangling" is outside the workspace (${ws.root}): it leads to ${target}`);
    assert.equal(existsSync(target), false);
  });

  it('refuses writing into a new folder below a linked folder that points out', async () => {
    const ws = workspace();
    symlinkSync(ws.outside, path.join(ws.root, 'linkdir'));
    const result = await ws.run(tool('write'), { path: 'linkdir/deep/x.txt', content: 'x' });
    assert.equal(result.isError, true);
    assert.equal(existsSync(path.join(ws.outside, 'deep')), false);
  });

  it('follows links that stay inside, and accepts .. that stays inside', async () => {
    const ws = workspace();
    ws.file('docs/a.txt', 'inside\n');
    symlinkSync(path.join(ws.root, 'docs'), path.join(ws.root, 'docslink'));
    symlinkSync('docs/a.txt', path.join(ws.root, 'alink.txt'));
    for (const given of ['docslink/a.txt', 'alink.txt', 'docs/../docs/a.txt', path.join(ws.root, 'docs', 'a.txt')]) {
      const result = await ws.run(tool('read'), { path: given });
      assert.deepEqual({ isError: result.isError, text: textOf(result) }, { isError: false, text: 'inside\n' }, given);
    }
  });

  it('does not enter a linked folder pointing out when walking (find, grep)', async () => {
    const ws = workspace();
    ws.file('a.txt', 'no secrets here\n');
    symlinkSync(ws.outside, path.join(ws.root, 'linkdir'));
    symlinkSync(path.join(ws.outside, 'secret.txt'), path.join(ws.root, 'link.txt'));
    assert.equal(textOf(await ws.run(tool('find'), { pattern: 'secret.txt' })), 'No files match the pattern.');
    assert.equal(textOf(await ws.run(tool('grep'), { pattern: '^secret' })), 'No matches found.');
  });
});
