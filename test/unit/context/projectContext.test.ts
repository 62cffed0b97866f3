/**
 * Project instructions found as pi finds them, compared with pi's own functions on planted
 * folder trees: `loadProjectContextFiles` for the context files, `DefaultResourceLoader` for
 * SYSTEM.md / APPEND_SYSTEM.md, and the system prompt of a pi `AgentSession` for the layout. The
 * home folder is the test's temp folder, so the planted folders above the workspace are read (pi
 * reads up to the root; the planted ones are the only ones there). Where Arbor reads less than pi
 * on purpose (links out of the workspace, folders above home): contextAccess.test.ts.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createTools, toolSpecs } from '../../../src/core/agent/tools/registry';
import { cutNote, ProjectContext, ProjectPrompt, ProjectPrompts, type ProjectContextOptions, type ProjectContextSnapshot } from '../../../src/core/context';
import { askPiNode22 } from '../../support/piNode22';
import { useTempDir } from '../../support/tempDir';
import { countingFs, plant, plantContextTree, repeated, usePiAgentDirEnv } from './support';

describe('project context: AGENTS.md, CLAUDE.md, SYSTEM.md and APPEND_SYSTEM.md as pi finds them', () => {
  const tmp = useTempDir();
  const agentDir = (): string => path.join(tmp(), 'agent');
  const workspace = (): string => path.join(tmp(), 'root', 'parent', 'ws');
  usePiAgentDirEnv(agentDir);

  const context = (options: Partial<ProjectContextOptions> = {}): ProjectContext =>
    new ProjectContext({ cwd: workspace(), agentDir: agentDir(), trusted: true, contextFiles: true, home: tmp(), ...options });

  it('loads the files pi loads, in its order: the global one, then from the root down to the workspace, one per folder', async () => {
    plantContextTree(tmp());
    const expected = await askPiNode22({ call: 'contextFiles', cwd: workspace(), agentDir: agentDir() });
    const snapshot = await context().load();
    assert.deepEqual(
      snapshot.contextFiles.map((file) => ({ path: file.path, content: file.content })),
      expected.map((file) => ({ path: file.path, content: file.content })),
    );
    assert.deepEqual(
      snapshot.contextFiles.map((file) => [path.relative(tmp(), file.path), file.scope]),
      [
        ['agent/AGENTS.md', 'global'],
        ['root/AGENTS.md', 'project'],
        ['root/parent/CLAUDE.md', 'project'],
        ['root/parent/ws/AGENTS.md', 'project'],
      ],
    );
    assert.deepEqual(snapshot.skipped, []);
  });

  it('lists a file of the agent folder once, as the global file, when the workspace lies inside that folder', async () => {
    plant(tmp(), { 'agent/AGENTS.md': 'Global.\n', 'agent/project/AGENTS.md': 'Inside the agent folder.\n' });
    const cwd = path.join(agentDir(), 'project');
    const snapshot = await context({ cwd }).load();
    assert.deepEqual(
      snapshot.contextFiles.map((file) => [file.path, file.scope]),
      [
        [path.join(agentDir(), 'AGENTS.md'), 'global'],
        [path.join(cwd, 'AGENTS.md'), 'project'],
      ],
    );
    assert.deepEqual(snapshot.contextFiles.map((file) => file.path), (await askPiNode22({ call: 'contextFiles', cwd, agentDir: agentDir() })).map((file) => file.path));
  });

  it("builds the system prompt pi builds from SYSTEM.md, APPEND_SYSTEM.md and the context files, less pi's date line", async () => {
    plantContextTree(tmp());
    plant(tmp(), { 'root/parent/ws/.pi/SYSTEM.md': 'You are the project bot.\n', 'agent/APPEND_SYSTEM.md': 'Always answer in English.\n' });
    const piPrompt = (await askPiNode22({ call: 'agentSystemPrompt', cwd: workspace(), agentDir: agentDir() })).replace(/\nCurrent date: \d{4}-\d{2}-\d{2}/, '');
    const prompt = await new ProjectPrompt({ cwd: workspace(), agentDir: agentDir(), trusted: true, contextFiles: true, home: tmp() }).systemPrompt({ root: workspace(), tools: [] });
    assert.equal(prompt, piPrompt);
    assert.ok(prompt.indexOf('Global rules.') < prompt.indexOf('Root rules.') && prompt.indexOf('Root rules.') < prompt.indexOf('Parent rules') && prompt.indexOf('Parent rules') < prompt.indexOf('Workspace rules.'));
    assert.doesNotMatch(prompt, /Sibling rules|Workspace Claude rules/);
  });

  it("takes the workspace's .pi/SYSTEM.md and APPEND_SYSTEM.md before the agent folder's, and the agent folder's when the workspace has none", async () => {
    plant(tmp(), { 'agent/SYSTEM.md': 'global system', 'agent/APPEND_SYSTEM.md': 'global append', 'root/parent/ws/.pi/APPEND_SYSTEM.md': 'project append' });
    const pi = await askPiNode22({ call: 'resources', cwd: workspace(), agentDir: agentDir() });
    const snapshot = await context().load();
    assert.equal(snapshot.systemPrompt?.content, pi.systemPrompt);
    assert.deepEqual([snapshot.appendSystemPrompt?.content], pi.appendSystemPrompt);
    assert.deepEqual([snapshot.systemPrompt?.scope, snapshot.appendSystemPrompt?.scope], ['global', 'project']);
    assert.deepEqual([snapshot.systemPrompt?.content, snapshot.appendSystemPrompt?.content], ['global system', 'project append']);
  });

  it("reads nothing of an untrusted workspace or the folders above it: only the agent folder's files", async () => {
    plantContextTree(tmp());
    plant(tmp(), { 'agent/SYSTEM.md': 'global system', 'root/parent/ws/.pi/SYSTEM.md': 'project system', 'root/parent/ws/.pi/APPEND_SYSTEM.md': 'project append' });
    const fs = countingFs();
    const snapshot = await context({ trusted: false, fs }).load();
    assert.deepEqual(snapshot.contextFiles.map((file) => file.content), ['Global rules.\n']);
    assert.equal(snapshot.systemPrompt?.content, 'global system');
    assert.equal(snapshot.appendSystemPrompt, undefined);
    assert.deepEqual([...fs.stats, ...fs.realpaths, ...fs.reads].filter((file) => file !== agentDir() && !file.startsWith(agentDir() + path.sep)), []);
  });

  it("with context files off loads no AGENTS.md or CLAUDE.md, as pi's --no-context-files, and SYSTEM.md still applies", async () => {
    plantContextTree(tmp());
    plant(tmp(), { 'agent/SYSTEM.md': 'global system' });
    const pi = await askPiNode22({ call: 'resources', cwd: workspace(), agentDir: agentDir(), noContextFiles: true });
    const snapshot = await context({ contextFiles: false }).load();
    assert.deepEqual(snapshot.contextFiles, pi.agentsFiles);
    assert.equal(snapshot.systemPrompt?.content, 'global system');
  });

  it('stats each candidate at most once per load, reads nothing when nothing changed, and gives a byte-identical prompt', async () => {
    plantContextTree(tmp());
    plant(tmp(), { 'agent/SYSTEM.md': 'global system' });
    const fs = countingFs();
    const prompt = new ProjectPrompt({ cwd: workspace(), agentDir: agentDir(), trusted: true, contextFiles: true, home: tmp(), fs });
    const input = { root: workspace(), tools: toolSpecs(createTools()) };
    const first = await prompt.systemPrompt(input);
    assert.deepEqual(repeated(fs.stats), []);
    assert.equal(fs.reads.length, 5);
    const firstSnapshot = prompt.context.current;
    fs.reset();
    const second = await prompt.systemPrompt(input);
    assert.equal(second, first);
    assert.equal(prompt.context.current, firstSnapshot);
    assert.deepEqual(fs.reads, []);
    assert.deepEqual(repeated(fs.stats), []);
    // Per folder, candidates are tried until one is found: the workspace stops at AGENTS.md, the parent at CLAUDE.md.
    // Two folders hold an AGENTS.md: each folder's .git is looked at once, for a nested git worktree (there is none).
    const statsIn = (dir: string): string[] => fs.stats.filter((file) => path.dirname(file) === dir).map((file) => path.basename(file));
    assert.deepEqual(statsIn(workspace()), ['AGENTS.override.md', 'AGENTS.md', '.git']);
    assert.deepEqual(statsIn(path.dirname(workspace())), ['AGENTS.override.md', 'AGENTS.md', 'AGENTS.MD', 'CLAUDE.md', '.git']);
    assert.deepEqual(statsIn(path.join(workspace(), '.pi')), ['SYSTEM.md', 'APPEND_SYSTEM.md']);
  });

  it('reads an edited AGENTS.md again on the next load, and only that file', async () => {
    plantContextTree(tmp());
    const fs = countingFs();
    const project = context({ fs });
    const changes: string[][] = [];
    project.onDidChange((snapshot) => changes.push(snapshot.contextFiles.map((file) => file.content)));
    await project.load();
    const edited = path.join(workspace(), 'AGENTS.md');
    writeFileSync(edited, 'Workspace rules, edited.\n');
    // The same second as before on a coarse clock must still count as a change: size and ctime differ.
    fs.reset();
    const snapshot = await project.load();
    assert.deepEqual(fs.reads, [edited]);
    assert.equal(snapshot.contextFiles.at(-1)!.content, 'Workspace rules, edited.\n');
    assert.deepEqual(changes, [
      ['Global rules.\n', 'Root rules.\n', 'Parent rules, Claude style.\n', 'Workspace rules.\n'],
      ['Global rules.\n', 'Root rules.\n', 'Parent rules, Claude style.\n', 'Workspace rules, edited.\n'],
    ]);
  });

  it('re-reads a touched file but keeps the same snapshot when its text did not change', async () => {
    plantContextTree(tmp());
    const fs = countingFs();
    const project = context({ fs });
    const first = await project.load();
    const file = path.join(tmp(), 'root', 'AGENTS.md');
    utimesSync(file, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    fs.reset();
    assert.equal(await project.load(), first);
    assert.deepEqual(fs.reads, [file]);
  });

  it('picks up a context file created between two loads, and drops one that was removed', async () => {
    plantContextTree(tmp());
    const project = context();
    await project.load();
    rmSync(path.join(tmp(), 'root', 'AGENTS.md'));
    plant(tmp(), { 'root/parent/ws/sub/CLAUDE.md': 'not an ancestor of the workspace' });
    writeFileSync(path.join(tmp(), 'AGENTS.md'), 'Above the root.\n');
    const snapshot = await project.load();
    assert.deepEqual(
      snapshot.contextFiles.map((file) => path.relative(tmp(), file.path)),
      ['agent/AGENTS.md', 'AGENTS.md', 'root/parent/CLAUDE.md', 'root/parent/ws/AGENTS.md'],
    );
  });

  it('skips a folder named AGENTS.md and a FIFO named AGENTS.MD with a warning, never waits on the FIFO, and takes CLAUDE.md', async () => {
    plant(tmp(), { 'root/parent/ws/CLAUDE.md': 'Claude rules.\n' });
    mkdirSync(path.join(workspace(), 'AGENTS.md'));
    execFileSync('mkfifo', [path.join(workspace(), 'AGENTS.MD')]);
    const snapshot = await context().load();
    assert.deepEqual(snapshot.contextFiles.map((file) => file.content), ['Claude rules.\n']);
    assert.deepEqual(
      snapshot.skipped.map((file) => [file.path, file.reason, file.warning]),
      [
        [path.join(workspace(), 'AGENTS.MD'), 'not-a-file', `${path.join(workspace(), 'AGENTS.MD')} is not a regular file; it was not read.`],
        [path.join(workspace(), 'AGENTS.md'), 'not-a-file', `${path.join(workspace(), 'AGENTS.md')} is not a regular file; it was not read.`],
      ],
    );
  });

  it('cuts a file over the size limit on a character boundary and says so at its end', async () => {
    // 'é' is two bytes: a limit of 10 bytes falls inside the second one.
    plant(tmp(), { 'root/parent/ws/AGENTS.md': 'abcdefghé rest of the rules' });
    const snapshot = await context({ maxFileBytes: 10 }).load();
    const [file] = snapshot.contextFiles;
    assert.equal(file!.content, `abcdefghé\n\n${cutNote(10, 28)}`);
    assert.equal(file!.cutFromBytes, 28);
    const cutInside = await context({ maxFileBytes: 9 }).load();
    assert.equal(cutInside.contextFiles[0]!.content, `abcdefgh\n\n${cutNote(8, 28)}`);
  });

  it('keeps one project prompt across configurations while its folder, trust and switch stay the same, and disposes the one it replaces', async () => {
    plantContextTree(tmp());
    const loaded: ProjectContextSnapshot[] = [];
    const prompts = new ProjectPrompts((snapshot) => loaded.push(snapshot));
    const options = { cwd: workspace(), agentDir: agentDir(), trusted: true, contextFiles: true, home: tmp() };
    const first = prompts.for(options);
    assert.equal(prompts.for({ ...options }), first);
    const input = { root: workspace(), tools: [] };
    await first.systemPrompt(input);
    await first.systemPrompt(input);
    const untrusted = prompts.for({ ...options, trusted: false });
    assert.notEqual(untrusted, first);
    // The replaced prompt tells nobody any more what it loads (the workspace's file changed).
    writeFileSync(path.join(workspace(), 'AGENTS.md'), 'Workspace rules, edited.\n');
    await first.systemPrompt(input);
    await untrusted.systemPrompt(input);
    assert.deepEqual(
      loaded.map((snapshot) => snapshot.contextFiles.length),
      [4, 1],
    );
    prompts.dispose();
    writeFileSync(path.join(agentDir(), 'AGENTS.md'), 'Global rules, edited.\n');
    await untrusted.systemPrompt(input);
    assert.equal(loaded.length, 2);
  });
});
