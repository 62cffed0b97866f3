/**
 * pi's settings files merged as pi's SettingsManager merges them (the oracle, run on the
 * same files), and the compaction values Arbor takes from them, each with where it came from.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { compactionSettingsOf, readPiSettings, resolveCompactionSettings, type EffectiveCompactionSettings } from '../../../src/core/context';
import { askPiNode22 } from '../../support/piNode22';
import { useTempDir } from '../../support/tempDir';
import { plant, usePiAgentDirEnv } from './support';

type Files = { global?: string; project?: string };

describe("pi's settings: merged as pi merges them, and the compaction values taken from them", () => {
  const tmp = useTempDir();
  const agentDir = (): string => path.join(tmp(), 'agent');
  const cwd = (): string => path.join(tmp(), 'project');
  usePiAgentDirEnv(agentDir);

  function write(files: Files): void {
    mkdirSync(cwd(), { recursive: true });
    plant(tmp(), { ...(files.global !== undefined ? { 'agent/settings.json': files.global } : {}), ...(files.project !== undefined ? { 'project/.pi/settings.json': files.project } : {}) });
  }

  async function arborValues(trusted = true): Promise<EffectiveCompactionSettings> {
    return resolveCompactionSettings(await readPiSettings({ cwd: cwd(), agentDir: agentDir(), trusted }), {});
  }

  async function piValues(): Promise<{ enabled: boolean; reserveTokens: number; keepRecentTokens: number; branchSummaryReserveTokens: number; errors: string[] }> {
    const pi = await askPiNode22({ call: 'settings', cwd: cwd(), agentDir: agentDir() });
    return { ...pi.compaction, branchSummaryReserveTokens: pi.branchSummary.reserveTokens, errors: pi.errors };
  }

  const plain = (effective: EffectiveCompactionSettings) => ({ ...compactionSettingsOf(effective), branchSummaryReserveTokens: effective.branchSummaryReserveTokens.value });
  const sources = (effective: EffectiveCompactionSettings) => [effective.enabled.source, effective.reserveTokens.source, effective.keepRecentTokens.source, effective.branchSummaryReserveTokens.source];

  const combinations: { name: string; files: Files; sources: string[] }[] = [
    { name: 'no settings files', files: {}, sources: ['default', 'default', 'default', 'default'] },
    { name: 'a global file only', files: { global: '{"compaction":{"enabled":false,"reserveTokens":9000}}' }, sources: ['pi global', 'pi global', 'default', 'default'] },
    { name: 'a project file only', files: { project: '{"compaction":{"keepRecentTokens":5000},"branchSummary":{"reserveTokens":3000}}' }, sources: ['default', 'default', 'pi project', 'pi project'] },
    {
      name: 'both, the project overriding one key of each nested object and keeping the others',
      files: {
        global: '{"compaction":{"enabled":false,"reserveTokens":1000,"keepRecentTokens":9000},"branchSummary":{"reserveTokens":2000},"theme":"dark"}',
        project: '{"compaction":{"reserveTokens":4000},"branchSummary":{"reserveTokens":2500}}',
      },
      sources: ['pi global', 'pi project', 'pi global', 'pi project'],
    },
    { name: 'a project setting compaction back on over a global off', files: { global: '{"compaction":{"enabled":false}}', project: '{"compaction":{"enabled":true}}' }, sources: ['pi project', 'default', 'default', 'default'] },
    { name: 'an empty global file and a project file', files: { global: '', project: '{"compaction":{"keepRecentTokens":7000}}' }, sources: ['default', 'default', 'pi project', 'default'] },
  ];

  for (const { name, files, sources: expectedSources } of combinations) {
    it(`gives pi's values for ${name}`, async () => {
      write(files);
      const effective = await arborValues();
      const pi = await piValues();
      assert.deepEqual(plain(effective), { enabled: pi.enabled, reserveTokens: pi.reserveTokens, keepRecentTokens: pi.keepRecentTokens, branchSummaryReserveTokens: pi.branchSummaryReserveTokens });
      assert.deepEqual(sources(effective), expectedSources);
      assert.deepEqual(effective.warnings, []);
    });
  }

  it("merges the whole files, as pi's getGlobalSettings/getProjectSettings combine", async () => {
    write({ global: '{"compaction":{"enabled":false,"reserveTokens":1000},"sessionDir":"~/g","retry":{"maxRetries":2}}', project: '{"compaction":{"reserveTokens":4000},"sessionDir":"p","packages":["a"]}' });
    const settings = await readPiSettings({ cwd: cwd(), agentDir: agentDir(), trusted: true });
    const pi = await askPiNode22({ call: 'settings', cwd: cwd(), agentDir: agentDir() });
    assert.deepEqual(settings.global, pi.global);
    assert.deepEqual(settings.project, pi.project);
    assert.deepEqual(settings.merged, { compaction: { enabled: false, reserveTokens: 4000 }, sessionDir: 'p', retry: { maxRetries: 2 }, packages: ['a'] });
    assert.equal(settings.merged.sessionDir, pi.sessionDir);
  });

  for (const broken of ['global', 'project'] as const) {
    it(`uses the other file and the defaults when the ${broken} file is broken JSON, and names it in a warning`, async () => {
      const valid = '{"compaction":{"reserveTokens":6000}}';
      write(broken === 'global' ? { global: '{"compaction": {', project: valid } : { global: valid, project: '{"compaction": {' });
      const pi = await piValues();
      const settings = await readPiSettings({ cwd: cwd(), agentDir: agentDir(), trusted: true });
      const effective = resolveCompactionSettings(settings, {});
      assert.deepEqual(plain(effective), { enabled: pi.enabled, reserveTokens: pi.reserveTokens, keepRecentTokens: pi.keepRecentTokens, branchSummaryReserveTokens: pi.branchSummaryReserveTokens });
      assert.equal(effective.reserveTokens.value, 6000);
      assert.deepEqual(pi.errors, [broken]);
      const file = broken === 'global' ? path.join(agentDir(), 'settings.json') : path.join(cwd(), '.pi', 'settings.json');
      assert.equal(settings.warnings.length, 1);
      assert.match(settings.warnings[0]!, new RegExp(`^pi's settings file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not used: it is not valid JSON \\(.+\\)\\.$`));
    });
  }

  it('does not use a file that holds JSON but not an object, nor one that is a folder, and says so', async () => {
    write({ global: '[1, 2]' });
    mkdirSync(path.join(cwd(), '.pi', 'settings.json'), { recursive: true });
    const settings = await readPiSettings({ cwd: cwd(), agentDir: agentDir(), trusted: true });
    assert.deepEqual(settings.warnings, [
      `pi's settings file ${path.join(agentDir(), 'settings.json')} is not used: it does not hold a JSON object.`,
      `pi's settings file ${path.join(cwd(), '.pi', 'settings.json')} is not used: it is not a regular file.`,
    ]);
    assert.deepEqual(settings.merged, {});
  });

  it('skips a value of the wrong type with a warning naming the file and the key, and falls back to the next source', async () => {
    write({ global: '{"compaction":{"reserveTokens":8000}}', project: '{"compaction":{"reserveTokens":"lots","enabled":"no"}}' });
    const effective = await arborValues();
    assert.deepEqual([effective.reserveTokens, effective.enabled], [
      { value: 8000, source: 'pi global' },
      { value: true, source: 'default' },
    ]);
    const file = path.join(cwd(), '.pi', 'settings.json');
    assert.deepEqual(effective.warnings, [
      `pi's settings file ${file}: compaction.enabled is "no", not true or false; it is not used.`,
      `pi's settings file ${file}: compaction.reserveTokens is "lots", not a whole number of tokens from 0 up; it is not used.`,
    ]);
    assert.deepEqual(
      effective.problems.map((problem) => problem.file),
      [file, file],
      'each names its file, for the notification that opens it',
    );
  });

  it("lets an Arbor setting the user set explicitly win over both of pi's files", async () => {
    write({ global: '{"compaction":{"enabled":false,"keepRecentTokens":9000}}', project: '{"compaction":{"reserveTokens":4000}}' });
    const effective = resolveCompactionSettings(await readPiSettings({ cwd: cwd(), agentDir: agentDir(), trusted: true }), { reserveTokens: 30000, enabled: true });
    assert.deepEqual(
      [effective.enabled, effective.reserveTokens, effective.keepRecentTokens, effective.branchSummaryReserveTokens],
      [
        { value: true, source: 'arbor setting' },
        { value: 30000, source: 'arbor setting' },
        { value: 9000, source: 'pi global' },
        { value: 16384, source: 'default' },
      ],
    );
  });

  it("does not read an untrusted workspace's .pi/settings.json", async () => {
    write({ global: '{"compaction":{"keepRecentTokens":9000}}', project: '{"compaction":{"reserveTokens":190000}}' });
    const effective = await arborValues(false);
    assert.deepEqual([effective.reserveTokens, effective.keepRecentTokens], [
      { value: 16384, source: 'default' },
      { value: 9000, source: 'pi global' },
    ]);
  });
});
