// The files a project prompt loaded, as the chat lists them, and the compaction settings as the
// meter's tooltip states them with their sources.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { describeCompactionSettings, loadedContextFiles, readPiSettings, resolveCompactionSettings, type ProjectContextSnapshot } from '../../../src/core/context';
import { useTempDir } from '../../support/tempDir';

describe('the loaded context files as the chat lists them', () => {
  const home = path.join(path.sep, 'home', 'ada');
  const cwd = path.join(home, 'code', 'app');
  const file = (p: string, scope: 'global' | 'project' = 'project') => ({ path: p, content: 'x', scope });

  it("lists pi's order, context files then SYSTEM.md and APPEND_SYSTEM.md, labelled inside the workspace, under home or in full", () => {
    const snapshot: ProjectContextSnapshot = {
      contextFiles: [file(path.join(home, '.pi', 'agent', 'AGENTS.md'), 'global'), file(path.join(path.sep, 'srv', 'CLAUDE.md')), file(path.join(home, 'code', 'AGENTS.md')), file(path.join(cwd, 'AGENTS.md'))],
      systemPrompt: file(path.join(cwd, '.pi', 'SYSTEM.md')),
      appendSystemPrompt: file(path.join(home, '.pi', 'agent', 'APPEND_SYSTEM.md'), 'global'),
      skipped: [],
    };
    assert.deepEqual(
      loadedContextFiles(snapshot, { cwd, home }).map(({ label, role, scope }) => [label, role, scope]),
      [
        [`~${path.sep}${path.join('.pi', 'agent', 'AGENTS.md')}`, 'instructions', 'global'],
        [path.join(path.sep, 'srv', 'CLAUDE.md'), 'instructions', 'project'],
        [`~${path.sep}${path.join('code', 'AGENTS.md')}`, 'instructions', 'project'],
        ['AGENTS.md', 'instructions', 'project'],
        [path.join('.pi', 'SYSTEM.md'), 'system', 'project'],
        [`~${path.sep}${path.join('.pi', 'agent', 'APPEND_SYSTEM.md')}`, 'append', 'global'],
      ],
    );
  });

  it('lists nothing when nothing was loaded', () => {
    assert.deepEqual(loadedContextFiles({ contextFiles: [], systemPrompt: undefined, appendSystemPrompt: undefined, skipped: [] }, { cwd, home }), []);
  });
});

describe('the compaction settings in effect, with where each comes from', () => {
  const dir = useTempDir();

  it("names pi's global and project settings, an Arbor setting and the default", async () => {
    const agentDir = path.join(dir(), 'agent');
    const cwd = path.join(dir(), 'ws');
    mkdirSync(agentDir, { recursive: true });
    mkdirSync(path.join(cwd, '.pi'), { recursive: true });
    writeFileSync(path.join(agentDir, 'settings.json'), JSON.stringify({ compaction: { reserveTokens: 12000, keepRecentTokens: 9000 } }));
    writeFileSync(path.join(cwd, '.pi', 'settings.json'), JSON.stringify({ compaction: { enabled: false } }));
    const pi = await readPiSettings({ cwd, agentDir, trusted: true });
    const effective = resolveCompactionSettings(pi, { keepRecentTokens: 30000 });
    assert.deepEqual(describeCompactionSettings(effective), [
      "Auto-compaction: off (pi's project settings)",
      "Reserve: 12,000 tokens (pi's global settings)",
      'Keep recent: 30,000 tokens (Arbor setting)',
      'Branch summary reserve: 16,384 tokens (default)',
      'Branch summary: asked when leaving a branch (default)',
    ]);
  });

  it("names a model override in pi's settings with the model it is for, and skipPrompt as never asking", async () => {
    const agentDir = path.join(dir(), 'agent');
    const cwd = path.join(dir(), 'ws');
    mkdirSync(agentDir, { recursive: true });
    mkdirSync(path.join(cwd, '.pi'), { recursive: true });
    writeFileSync(path.join(agentDir, 'settings.json'), JSON.stringify({ compaction: { reserveTokens: 12000, modelOverrides: { 'anthropic/claude-opus-4-7': { reserveTokens: 40000 } } }, branchSummary: { skipPrompt: true } }));
    writeFileSync(path.join(cwd, '.pi', 'settings.json'), JSON.stringify({ compaction: { modelOverrides: { 'anthropic/claude-opus-4-7': { keepRecentTokens: 0 } } } }));
    const pi = await readPiSettings({ cwd, agentDir, trusted: true });
    assert.deepEqual(describeCompactionSettings(resolveCompactionSettings(pi, {}, 'anthropic/claude-opus-4-7')), [
      'Auto-compaction: on (default)',
      "Reserve: 40,000 tokens (pi's global settings, for anthropic/claude-opus-4-7)",
      "Keep recent: 0 tokens (pi's project settings, for anthropic/claude-opus-4-7)",
      'Branch summary reserve: 16,384 tokens (default)',
      "Branch summary: never, no question (pi's global settings)",
    ]);
    assert.deepEqual(describeCompactionSettings(resolveCompactionSettings(pi, { branchSummary: 'always' }, 'anthropic/claude-haiku-4-5')).slice(1), [
      "Reserve: 12,000 tokens (pi's global settings)",
      'Keep recent: 20,000 tokens (default)',
      'Branch summary reserve: 16,384 tokens (default)',
      'Branch summary: always, no question (Arbor setting)',
    ]);
  });

  it('names the file that is not valid JSON, with the file, and uses the other one', async () => {
    const agentDir = path.join(dir(), 'agent');
    mkdirSync(agentDir, { recursive: true });
    writeFileSync(path.join(agentDir, 'settings.json'), '{ "compaction": ');
    const pi = await readPiSettings({ cwd: dir(), agentDir, trusted: true });
    assert.deepEqual(pi.problems.map((problem) => problem.file), [path.join(agentDir, 'settings.json')]);
    assert.match(pi.problems[0]!.warning, /is not valid JSON/);
    assert.equal(resolveCompactionSettings(pi, {}).reserveTokens.source, 'default');
  });
});
