import { strict as assert } from 'node:assert';
import { mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { isProtectedPath, protectedTarget } from '../../../../src/core/agent/tools/protectedPaths';
import { useWorkspace } from './support';

describe('protected paths: what a write or edit always asks about', () => {
  const workspace = useWorkspace();

  it("protects VS Code's, git's, dev containers', pi's and agents' own files, in any folder", () => {
    const protectedOnes = [
      '.vscode/settings.json',
      '.vscode/tasks.json',
      'packages/app/.vscode/launch.json',
      '.vscode',
      'team.code-workspace',
      'nested/Team.Code-Workspace',
      '.git/config',
      '.git/hooks/pre-commit',
      'vendor/lib/.git/hooks/post-checkout',
      '.git',
      'sub/.git',
      '.hg/hgrc',
      '.devcontainer/devcontainer.json',
      '.devcontainer.json',
      '.pi/settings.json',
      '.pi/SYSTEM.md',
      'AGENTS.md',
      'docs/CLAUDE.md',
      'AGENTS.override.md',
      'sub/agents.OVERRIDE.md',
    ];
    assert.deepEqual(protectedOnes.filter((relative) => !isProtectedPath(relative)), []);
  });

  it('matches whatever the case, the separator, and what Windows and macOS ignore in a name', () => {
    const disguised = ['.VSCode/settings.json', '.VsCode/settings.json', '.vscode\\settings.json', '.git./config', '.git /config', '.vscode:stream/settings.json', '.git::$INDEX_ALLOCATION/config', '.g\u200cit/config', '.vs\ufeffcode/tasks.json', 'agents.MD', 'Agents.md.'];
    assert.deepEqual(disguised.filter((relative) => !isProtectedPath(relative)), []);
  });

  it('leaves ordinary files alone, names that merely look alike included', () => {
    const ordinary = ['src/vscode/settings.json', 'vscode/tasks.json', '.github/workflows/ci.yml', '.gitignore', 'notes/.gitattributes', '.pirc', '.pi-notes/todo.md', 'AGENTS.md.bak', 'docs/agents.markdown', 'workspace.code-workspace.txt', 'README.md', 'src/git/index.ts'];
    assert.deepEqual(ordinary.filter((relative) => isProtectedPath(relative)), []);
  });

  it('judges the path as the tool resolves it: up-and-down segments and links into a protected folder', async () => {
    const ws = workspace();
    mkdirSync(path.join(ws.root, '.git'), { recursive: true });
    mkdirSync(path.join(ws.root, 'docs'), { recursive: true });
    symlinkSync(path.join(ws.root, '.git'), path.join(ws.root, 'docs', 'repo'));
    assert.equal(await protectedTarget(ws.root, './.VSCode/../.vscode/settings.json'), '.vscode/settings.json');
    assert.equal(await protectedTarget(ws.root, 'docs/repo/config'), '.git/config');
    assert.equal(await protectedTarget(ws.root, path.join(ws.root, '.vscode', 'tasks.json')), '.vscode/tasks.json');
    assert.equal(await protectedTarget(ws.root, 'docs/notes.md'), undefined);
  });

  it('asks about .vscode when it is itself a link elsewhere: VS Code reads the file through it', async () => {
    const ws = workspace();
    mkdirSync(path.join(ws.root, 'plain'), { recursive: true });
    symlinkSync(path.join(ws.root, 'plain'), path.join(ws.root, '.vscode'));
    assert.equal(await protectedTarget(ws.root, '.vscode/settings.json'), '.vscode/settings.json');
  });

  it('leaves a path outside the workspace to the tool, which refuses it', async () => {
    const ws = workspace();
    assert.equal(await protectedTarget(ws.root, path.join(ws.outside, '.vscode', 'settings.json')), undefined);
    assert.equal(await protectedTarget(ws.root, '../outside/.git/config'), undefined);
  });
});
