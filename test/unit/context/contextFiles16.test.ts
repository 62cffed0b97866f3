/**
 * Context files as pi 1.6.0 finds them: `AGENTS.override.md` first in every folder, a byte order
 * mark dropped, and a linked git worktree nested inside its main checkout shadowing the checkout's
 * file of the same name; Arbor's rules about what may be read (contextAccess.ts) apply as before.
 *
 * The expected lists (`PI_16`) are pi 1.6.0's own answers on the same trees, recorded by running
 * `loadProjectContextFiles({ cwd, agentDir })` and `DefaultResourceLoader`'s `getSystemPrompt()` /
 * `getAppendSystemPrompt()` from `@earendil-works/pi-coding-agent@1.6.0` (Node 22.19 or later),
 * paths made relative to the temp folder. The worktrees were made with git as `plantWorktrees`
 * makes them: `git init`, a commit of the checkout's AGENTS.md, `git worktree add wt` and
 * `git worktree add ../feat` in the checkout.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { renameSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { ProjectContext, type ProjectContextOptions } from '../../../src/core/context';
import { useTempDir } from '../../support/tempDir';
import { countingFs, plant, usePiAgentDirEnv } from './support';

const BOM = '\uFEFF';

/** pi 1.6.0's answers (see the header): [path relative to the temp folder, content]. */
const PI_16 = {
  overrideAndBom: [
    ['agent/AGENTS.override.md', 'Global override.\n'],
    ['root/AGENTS.md', 'Root rules.\n'],
    ['root/parent/CLAUDE.md', 'Parent rules.\n'],
    ['root/parent/ws/AGENTS.override.md', 'Workspace override.\n'],
  ],
  systemPrompts: ['Project system.\n', ['Append.\n']] as [string, string[]],
  worktree: {
    'root/main/wt': [
      ['root/AGENTS.md', 'Root rules.\n'],
      ['root/main/wt/AGENTS.md', 'Worktree rules.\n'],
    ],
    'root/main/wt/sub': [
      ['root/AGENTS.md', 'Root rules.\n'],
      ['root/main/wt/AGENTS.md', 'Worktree rules.\n'],
    ],
    'root/feat': [
      ['root/AGENTS.md', 'Root rules.\n'],
      ['root/feat/AGENTS.md', 'Sibling worktree rules.\n'],
    ],
    'root/main': [
      ['root/AGENTS.md', 'Root rules.\n'],
      ['root/main/AGENTS.md', 'Main checkout rules.\n'],
    ],
  } as Record<string, string[][]>,
  worktreeOtherName: [
    ['root/AGENTS.md', 'Root rules.\n'],
    ['root/main/AGENTS.md', 'Main checkout rules.\n'],
    ['root/main/wt/CLAUDE.md', 'Worktree rules.\n'],
  ],
};

function git(cwd: string, ...args: string[]): void {
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
  execFileSync('git', args, { cwd, stdio: 'pipe', env });
}

/** A checkout at root/main with a worktree nested in it (wt, and wt/sub) and a sibling one (root/feat). */
function plantWorktrees(tmp: string): void {
  plant(tmp, { 'agent/.keep': '', 'root/AGENTS.md': 'Root rules.\n', 'root/main/AGENTS.md': 'Main checkout rules.\n' });
  const main = path.join(tmp, 'root', 'main');
  git(main, 'init', '-q', '-b', 'main');
  git(main, 'add', 'AGENTS.md');
  git(main, 'commit', '-q', '-m', 'rules');
  git(main, 'worktree', 'add', '-q', 'wt');
  git(main, 'worktree', 'add', '-q', '../feat');
  plant(tmp, { 'root/main/wt/AGENTS.md': 'Worktree rules.\n', 'root/main/wt/sub/.keep': '', 'root/feat/AGENTS.md': 'Sibling worktree rules.\n' });
}

describe('context files as pi 1.6.0 finds them: AGENTS.override.md, a byte order mark, nested git worktrees', () => {
  const tmp = useTempDir();
  const agentDir = (): string => path.join(tmp(), 'agent');
  usePiAgentDirEnv(agentDir);

  const context = (cwd: string, options: Partial<ProjectContextOptions> = {}): ProjectContext =>
    new ProjectContext({ cwd: path.join(tmp(), cwd), agentDir: agentDir(), trusted: true, contextFiles: true, home: tmp(), ...options });
  const listed = async (cwd: string, options: Partial<ProjectContextOptions> = {}): Promise<string[][]> =>
    (await context(cwd, options).load()).contextFiles.map((file) => [path.relative(tmp(), file.path), file.content]);

  it("takes AGENTS.override.md first in every folder, the agent folder's too, and drops a byte order mark", async () => {
    plant(tmp(), {
      'agent/AGENTS.override.md': `${BOM}Global override.\n`,
      'agent/CLAUDE.md': 'Global Claude.\n',
      'root/AGENTS.md': `${BOM}Root rules.\n`,
      'root/parent/CLAUDE.md': 'Parent rules.\n',
      'root/parent/ws/AGENTS.md': 'Workspace rules (not read: the override comes first).\n',
      'root/parent/ws/AGENTS.override.md': `${BOM}Workspace override.\n`,
    });
    assert.deepEqual(await listed('root/parent/ws'), PI_16.overrideAndBom);
  });

  it('reads an AGENTS.override.md that leads out of its folder only as any context file: skipped, and the next name taken', async () => {
    plant(tmp(), { 'secrets/token': 'SECRET\n', 'root/parent/ws/AGENTS.md': 'Workspace rules.\n' });
    const override = path.join(tmp(), 'root/parent/ws/AGENTS.override.md');
    symlinkSync(path.join(tmp(), 'secrets/token'), override);
    const snapshot = await context('root/parent/ws').load();
    assert.deepEqual(snapshot.contextFiles.map((file) => file.content), ['Workspace rules.\n']);
    assert.deepEqual(snapshot.skipped.map((file) => [file.path, file.reason]), [[override, 'outside']]);
  });

  it('drops the byte order mark of SYSTEM.md and APPEND_SYSTEM.md', async () => {
    plant(tmp(), { 'agent/APPEND_SYSTEM.md': `${BOM}Append.\n`, 'root/parent/ws/.pi/SYSTEM.md': `${BOM}Project system.\n` });
    const snapshot = await context('root/parent/ws').load();
    assert.deepEqual([snapshot.systemPrompt?.content, [snapshot.appendSystemPrompt?.content]], PI_16.systemPrompts);
  });

  it("in a linked worktree nested in its checkout reads the worktree's file, not the checkout's of the same name", async () => {
    plantWorktrees(tmp());
    assert.deepEqual(await listed('root/main/wt'), PI_16.worktree['root/main/wt']);
    assert.deepEqual(await listed('root/main/wt/sub'), PI_16.worktree['root/main/wt/sub']);
  });

  it('reads both files when they have other names, and in a sibling worktree or the checkout itself as before', async () => {
    plantWorktrees(tmp());
    assert.deepEqual(await listed('root/feat'), PI_16.worktree['root/feat']);
    assert.deepEqual(await listed('root/main'), PI_16.worktree['root/main']);
    renameSync(path.join(tmp(), 'root/main/wt/AGENTS.md'), path.join(tmp(), 'root/main/wt/CLAUDE.md'));
    assert.deepEqual(await listed('root/main/wt'), PI_16.worktreeOtherName);
  });

  it('looks for a worktree only when two folders hold files of one name, and reads its .git file again only when it changed', async () => {
    plantWorktrees(tmp());
    const fs = countingFs();
    const project = context('root/main/wt', { fs });
    await project.load();
    const gitFile = path.join(tmp(), 'root/main/wt/.git');
    assert.ok(fs.reads.some((file) => file.endsWith(`${path.sep}commondir`)) && fs.reads.includes(gitFile), fs.reads.join('\n'));
    fs.reset();
    const again = await project.load();
    assert.deepEqual(fs.reads, []);
    assert.deepEqual(again.contextFiles.map((file) => path.relative(tmp(), file.path)), ['root/AGENTS.md', 'root/main/wt/AGENTS.md']);
    // One folder's file alone: no .git is looked at.
    plant(tmp(), { 'solo/ws/AGENTS.md': 'Alone.\n' });
    const solo = countingFs();
    await context('solo/ws', { fs: solo }).load();
    assert.deepEqual(solo.stats.filter((file) => path.basename(file) === '.git'), []);
  });

  it('shadows nothing when the .git is a FIFO, names no git folder, or claims a checkout whose .git is not that repository', async () => {
    plant(tmp(), { 'agent/.keep': '', 'root/AGENTS.md': 'Root rules.\n', 'root/ws/AGENTS.md': 'Workspace rules.\n' });
    const both = [
      ['root/AGENTS.md', 'Root rules.\n'],
      ['root/ws/AGENTS.md', 'Workspace rules.\n'],
    ];
    execFileSync('mkfifo', [path.join(tmp(), 'root/ws/.git')]);
    assert.deepEqual(await listed('root/ws'), both);
    execFileSync('rm', [path.join(tmp(), 'root/ws/.git')]);
    plant(tmp(), { 'root/ws/.git': 'not a git file\n' });
    assert.deepEqual(await listed('root/ws'), both);
    // A git folder of its own that says its common folder is root/fake, while root's .git is not there.
    plant(tmp(), { 'root/ws/.git': `gitdir: ${path.join(tmp(), 'root/fake/worktrees/ws')}\n`, 'root/fake/worktrees/ws/HEAD': 'ref: refs/heads/x\n', 'root/fake/worktrees/ws/commondir': '../..\n' });
    assert.deepEqual(await listed('root/ws'), both);
  });
});
