/**
 * Context files stay inside what the user chose: a project's file that leads out of its folder is
 * not read (pi reads it), folders above the workspace are read from the home folder down (pi reads
 * up to the root), and a file there that another user owns is not read. Planted on real disk:
 * `home/` is the user's home folder, `home/code/ws` the workspace, pi's agent folder is `agent/`.
 */
import { strict as assert } from 'node:assert';
import { chownSync, mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { foldersAbove, loadedContextFiles, ProjectContext, ProjectPrompt, type ProjectContextOptions } from '../../../src/core/context';
import { askPiNode22 } from '../../support/piNode22';
import { useTempDir } from '../../support/tempDir';
import { plant, usePiAgentDirEnv } from './support';

describe('context files stay inside what the user chose', () => {
  const tmp = useTempDir();
  const home = (): string => path.join(tmp(), 'home');
  const agentDir = (): string => path.join(tmp(), 'agent');
  const workspace = (): string => path.join(home(), 'code', 'ws');
  const inWorkspace = (relative: string): string => path.join(workspace(), relative);
  usePiAgentDirEnv(agentDir);

  const options = (more: Partial<ProjectContextOptions> = {}): ProjectContextOptions => ({ cwd: workspace(), agentDir: agentDir(), trusted: true, contextFiles: true, home: home(), ...more });
  const link = (target: string, at: string): void => {
    mkdirSync(path.dirname(at), { recursive: true });
    symlinkSync(target, at);
  };
  /** A private key and cloud credentials in the home folder, outside the workspace. */
  const plantSecrets = (): { key: string; credentials: string } => {
    plant(home(), { '.ssh/id_ed25519': '-----BEGIN OPENSSH PRIVATE KEY-----\nkey-material\n', '.aws/credentials': '[default]\naws_secret_access_key = secret-value\n' });
    return { key: path.join(home(), '.ssh', 'id_ed25519'), credentials: path.join(home(), '.aws', 'credentials') };
  };

  it('sends nothing of a CLAUDE.md or .pi/APPEND_SYSTEM.md that links out of the workspace, and lists each as not read with where it leads', async () => {
    const { key, credentials } = plantSecrets();
    plant(tmp(), { 'agent/APPEND_SYSTEM.md': 'Global append.\n' });
    link('../../.ssh/id_ed25519', inWorkspace('CLAUDE.md'));
    link(credentials, inWorkspace('.pi/APPEND_SYSTEM.md'));
    const prompt = new ProjectPrompt(options());
    const { text, parts } = await prompt.compose({ root: workspace(), tools: [] });
    assert.doesNotMatch(text, /PRIVATE KEY|key-material|aws_secret|secret-value/);
    assert.deepEqual(parts.contextFiles, []);
    // The workspace has no APPEND_SYSTEM.md that may be read: the agent folder's applies, as when it has none.
    assert.equal(parts.appendSystemPrompt?.content, 'Global append.\n');
    assert.deepEqual(prompt.context.current!.skipped, [
      {
        path: inWorkspace('.pi/APPEND_SYSTEM.md'),
        scope: 'project',
        reason: 'outside',
        target: credentials,
        warning: `${inWorkspace('.pi/APPEND_SYSTEM.md')} was not read: it leads to ${credentials}, outside the workspace.`,
      },
      { path: inWorkspace('CLAUDE.md'), scope: 'project', reason: 'outside', target: key, warning: `${inWorkspace('CLAUDE.md')} was not read: it leads to ${key}, outside the workspace.` },
    ]);
    assert.deepEqual(
      loadedContextFiles(prompt.context.current!, { cwd: workspace(), home: home() }).map((file) => [file.label, file.targetLabel, file.role, file.skipped?.reason]),
      [
        [path.join(agentDir(), 'APPEND_SYSTEM.md'), undefined, 'append', undefined],
        [path.join('.pi', 'APPEND_SYSTEM.md'), `~${path.sep}${path.join('.aws', 'credentials')}`, 'append', 'outside'],
        ['CLAUDE.md', `~${path.sep}${path.join('.ssh', 'id_ed25519')}`, 'instructions', 'outside'],
      ],
    );
  });

  it('reads nothing of a .pi folder linked out of the workspace', async () => {
    plant(home(), { 'elsewhere/SYSTEM.md': 'You obey the repository.\n' });
    link(path.join(home(), 'elsewhere'), inWorkspace('.pi'));
    const snapshot = await new ProjectContext(options()).load();
    assert.equal(snapshot.systemPrompt, undefined);
    assert.deepEqual(
      snapshot.skipped.map((file) => [file.path, file.reason, file.target]),
      [[inWorkspace('.pi/SYSTEM.md'), 'outside', path.join(home(), 'elsewhere', 'SYSTEM.md')]],
    );
  });

  it('reads a link that stays inside the workspace, and says where the file really is', async () => {
    plant(workspace(), { 'docs/claude.md': 'Docs rules.\n' });
    link('docs/claude.md', inWorkspace('CLAUDE.md'));
    const snapshot = await new ProjectContext(options()).load();
    assert.deepEqual(snapshot.contextFiles, [{ path: inWorkspace('CLAUDE.md'), scope: 'project', target: inWorkspace('docs/claude.md'), content: 'Docs rules.\n' }]);
    assert.deepEqual(snapshot.skipped, []);
    assert.deepEqual(
      loadedContextFiles(snapshot, { cwd: workspace(), home: home() }).map((file) => [file.label, file.targetLabel]),
      [['CLAUDE.md', path.join('docs', 'claude.md')]],
    );
  });

  it("reads a link out of the workspace into pi's agent folder or a folder the user allowed, and a target the user allowed from the next load on", async () => {
    plant(tmp(), { 'agent/shared.md': 'Shared from the agent folder.\n' });
    plant(home(), { 'notes/agents.md': 'From my notes.\n', 'other/system.md': 'Allowed system prompt.\n' });
    link(path.join(agentDir(), 'shared.md'), inWorkspace('CLAUDE.md'));
    link(path.join(home(), 'notes', 'agents.md'), path.join(home(), 'code', 'AGENTS.md'));
    link(path.join(home(), 'other', 'system.md'), inWorkspace('.pi/SYSTEM.md'));
    const allowedTargets = new Set<string>();
    const context = new ProjectContext(options({ allowedFolders: [path.join(home(), 'notes')], allowedTargets }));
    const first = await context.load();
    assert.deepEqual(first.contextFiles.map((file) => file.content), ['From my notes.\n', 'Shared from the agent folder.\n']);
    assert.equal(first.systemPrompt, undefined);
    assert.deepEqual(first.skipped.map((file) => [file.path, file.reason]), [[inWorkspace('.pi/SYSTEM.md'), 'outside']]);
    allowedTargets.add(path.join(home(), 'other', 'system.md'));
    const second = await context.load();
    assert.deepEqual([second.systemPrompt?.content, second.systemPrompt?.target, second.skipped], ['Allowed system prompt.\n', path.join(home(), 'other', 'system.md'), []]);
    // Without the folder, the notes file stays out.
    const strict = await new ProjectContext(options()).load();
    assert.deepEqual(strict.contextFiles.map((file) => file.content), ['Shared from the agent folder.\n']);
  });

  it('reads the folders above the workspace from the home folder down, never above it, where pi reads up to the root', async () => {
    plant(tmp(), { 'AGENTS.md': 'Above the home folder.\n', 'home/AGENTS.md': 'Home rules.\n', 'home/code/CLAUDE.md': 'Code rules.\n', 'home/code/ws/AGENTS.md': 'Workspace rules.\n' });
    assert.ok((await askPiNode22({ call: 'contextFiles', cwd: workspace(), agentDir: agentDir() })).some((file) => file.path === path.join(tmp(), 'AGENTS.md')), 'pi reads the file above home');
    const snapshot = await new ProjectContext(options()).load();
    assert.deepEqual(
      snapshot.contextFiles.map((file) => [path.relative(tmp(), file.path), file.content]),
      [
        [path.join('home', 'AGENTS.md'), 'Home rules.\n'],
        [path.join('home', 'code', 'CLAUDE.md'), 'Code rules.\n'],
        [path.join('home', 'code', 'ws', 'AGENTS.md'), 'Workspace rules.\n'],
      ],
    );
  });

  it('reads no folder above a workspace outside the home folder (a shared folder such as /tmp), nor above one when the home folder is the root', async () => {
    plant(tmp(), { 'shared/AGENTS.md': 'Written by anyone.\n', 'shared/ws/AGENTS.md': 'Workspace rules.\n', 'home/code/AGENTS.md': 'Code rules.\n', 'home/code/ws/AGENTS.md': 'Mine.\n' });
    const outside = await new ProjectContext(options({ cwd: path.join(tmp(), 'shared', 'ws') })).load();
    assert.deepEqual(outside.contextFiles.map((file) => file.content), ['Workspace rules.\n']);
    const rootHome = await new ProjectContext(options({ home: path.parse(tmp()).root })).load();
    assert.deepEqual(rootHome.contextFiles.map((file) => file.content), ['Mine.\n']);
  });

  it('reads no file above the workspace that leads out of its folder', async () => {
    const { key } = plantSecrets();
    link(key, path.join(home(), 'code', 'AGENTS.md'));
    plant(home(), { 'code/CLAUDE.md': 'Code rules.\n' });
    const snapshot = await new ProjectContext(options()).load();
    assert.deepEqual(snapshot.contextFiles.map((file) => file.content), ['Code rules.\n']);
    const codeFolder = path.join(home(), 'code');
    assert.deepEqual(snapshot.skipped.map((file) => file.warning), [`${path.join(codeFolder, 'AGENTS.md')} was not read: it leads to ${key}, outside ${codeFolder}.`]);
  });

  describe('files another user owns', function () {
    const OTHER_UID = 12345;
    before(function () {
      if (process.getuid?.() !== 0) this.skip(); // giving a file to another user takes root: this machine's tests do not run as root
    });

    it('reads no AGENTS.md above the workspace that another user owns (the next candidate instead), while the workspace’s own files are read whoever owns them', async () => {
      plant(home(), { 'code/AGENTS.md': 'Planted by another user.\n', 'code/CLAUDE.md': 'Code rules.\n', 'code/ws/AGENTS.md': 'Workspace rules.\n' });
      chownSync(path.join(home(), 'code', 'AGENTS.md'), OTHER_UID, OTHER_UID);
      chownSync(inWorkspace('AGENTS.md'), OTHER_UID, OTHER_UID);
      const snapshot = await new ProjectContext(options({ owner: process.getuid!() })).load();
      assert.deepEqual(snapshot.contextFiles.map((file) => file.content), ['Code rules.\n', 'Workspace rules.\n']);
      const planted = path.join(home(), 'code', 'AGENTS.md');
      assert.deepEqual(snapshot.skipped, [
        { path: planted, scope: 'project', reason: 'not-owned', warning: `${planted} was not read: it belongs to another user (uid ${OTHER_UID}), and a folder above the workspace may be shared.` },
      ]);
      // Without an owner to check (Windows), it is read.
      const unchecked = await new ProjectContext(options()).load();
      assert.deepEqual(unchecked.contextFiles.map((file) => file.content), ['Planted by another user.\n', 'Workspace rules.\n']);
    });
  });

  it('lists the folders above a folder from the home folder down, and none outside it', () => {
    const root = path.parse(tmp()).root;
    const h = path.join(root, 'home', 'ada');
    assert.deepEqual(foldersAbove(path.join(h, 'code', 'app'), h), [h, path.join(h, 'code')]);
    assert.deepEqual(foldersAbove(h, h), []);
    assert.deepEqual(foldersAbove(path.join(root, 'tmp', 'ws'), h), []);
    assert.deepEqual(foldersAbove(path.join(root, 'home', 'adam', 'ws'), h), []);
    assert.deepEqual(foldersAbove(path.join(root, 'home', 'ada', 'ws'), root), []);
  });
});
