/**
 * pi 1.6.0's compaction settings: per-model overrides, the files merged at every depth, a byte
 * order mark, 0 as a token value, `branchSummary.skipPrompt`; and how Arbor passes over what pi
 * would stop on.
 *
 * The expected values (`PI_16`) are pi 1.6.0's own answers, recorded by running its SettingsManager
 * (it needs Node 22.19 or later) on the same files: for each case, the files written as below into
 * `<tmp>/agent/settings.json` and `<tmp>/project/.pi/settings.json`, then
 *
 *   const m = SettingsManager.create(`${tmp}/project`, `${tmp}/agent`);
 *   m.settings;                                   // the merged settings
 *   m.getCompactionSettings({ provider, id });    // per model, or undefined for "no model"
 *   m.getBranchSummarySettings();
 *
 * with `SettingsManager` from `@earendil-works/pi-coding-agent@1.6.0`.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { compactionSettingsOf, piModelKey, readPiSettings, resolveCompactionSettings, type ArborCompactionValues, type EffectiveCompactionSettings, type PiSettings } from '../../../src/core/context';
import { useTempDir } from '../../support/tempDir';
import { plant } from './support';

const SONNET = piModelKey('anthropic', 'claude-sonnet-4-6');
const HAIKU = piModelKey('anthropic', 'claude-haiku-4-5');
const BOM = '\uFEFF';

type Values = { enabled: boolean; reserveTokens: number; keepRecentTokens: number };

/** pi 1.6.0's answers (see the header). */
const PI_16 = {
  overridesMerged: {
    merged: { compaction: { reserveTokens: 1000, modelOverrides: { 'anthropic/claude-sonnet-4-6': { reserveTokens: 5, keepRecentTokens: 9 } }, keepRecentTokens: 300 }, branchSummary: { skipPrompt: true } },
    branchSummary: { reserveTokens: 16384, skipPrompt: true },
    compaction: {
      [SONNET]: { enabled: true, reserveTokens: 5, keepRecentTokens: 9 },
      [HAIKU]: { enabled: true, reserveTokens: 1000, keepRecentTokens: 300 },
      'no model': { enabled: true, reserveTokens: 1000, keepRecentTokens: 300 },
    } as Record<string, Values>,
  },
  zeros: { [SONNET]: { enabled: true, reserveTokens: 0, keepRecentTokens: 0 } } as Record<string, Values>,
  exactKeys: {
    [SONNET]: { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 },
    'anthropic/org/model-x': { enabled: true, reserveTokens: 16384, keepRecentTokens: 3 },
  } as Record<string, Values>,
  overrideOverOrdinary: {
    merged: { compaction: { reserveTokens: 9999, modelOverrides: { 'anthropic/claude-sonnet-4-6': { reserveTokens: 777, keepRecentTokens: 1234 } } } },
    compaction: {
      [SONNET]: { enabled: true, reserveTokens: 777, keepRecentTokens: 1234 },
      [HAIKU]: { enabled: true, reserveTokens: 9999, keepRecentTokens: 20000 },
    } as Record<string, Values>,
  },
  skipPromptProject: { branchSummary: { reserveTokens: 2000, skipPrompt: true } },
  /** pi stops with an error on these; for another model the same files give: */
  badEntry: {
    sonnet: 'throws: Invalid compaction.modelOverrides["anthropic/claude-sonnet-4-6"] setting: 5. Expected an object.',
    haiku: { enabled: true, reserveTokens: 3000, keepRecentTokens: 20000 },
  },
  badField: { [SONNET]: 'throws: Invalid compaction.modelOverrides["anthropic/claude-sonnet-4-6"].keepRecentTokens setting: -1. Expected a non-negative safe integer.' },
};

describe("pi 1.6.0's compaction settings: model overrides, merging at every depth, skipPrompt", () => {
  const tmp = useTempDir();
  const agentDir = (): string => path.join(tmp(), 'agent');
  const cwd = (): string => path.join(tmp(), 'project');
  const globalFile = (): string => path.join(agentDir(), 'settings.json');
  const projectFile = (): string => path.join(cwd(), '.pi', 'settings.json');

  async function settings(files: { global?: string; project?: string }): Promise<PiSettings> {
    mkdirSync(cwd(), { recursive: true });
    plant(tmp(), { ...(files.global !== undefined ? { 'agent/settings.json': files.global } : {}), ...(files.project !== undefined ? { 'project/.pi/settings.json': files.project } : {}) });
    return readPiSettings({ cwd: cwd(), agentDir: agentDir(), trusted: true });
  }

  const resolve = (pi: PiSettings, modelKey: string | undefined, arbor: ArborCompactionValues = {}): EffectiveCompactionSettings => resolveCompactionSettings(pi, arbor, modelKey);
  const values = (pi: PiSettings, modelKey: string | undefined): Values => compactionSettingsOf(resolve(pi, modelKey));
  const sources = (effective: EffectiveCompactionSettings): string[] => [effective.reserveTokens.source, effective.keepRecentTokens.source];

  it('resolves each token value from the model override, then the ordinary setting, then the default, the files merged at every depth and a BOM dropped', async () => {
    const pi = await settings({
      global: `${BOM}{"compaction":{"reserveTokens":1000,"modelOverrides":{"anthropic/claude-sonnet-4-6":{"reserveTokens":5,"keepRecentTokens":7}}},"branchSummary":{"skipPrompt":true}}`,
      project: '{"compaction":{"keepRecentTokens":300,"modelOverrides":{"anthropic/claude-sonnet-4-6":{"keepRecentTokens":9}}}}',
    });
    const expected = PI_16.overridesMerged;
    assert.deepEqual(pi.warnings, []);
    assert.deepEqual(pi.merged, expected.merged);
    assert.deepEqual(values(pi, SONNET), expected.compaction[SONNET]);
    assert.deepEqual(values(pi, HAIKU), expected.compaction[HAIKU]);
    assert.deepEqual(values(pi, undefined), expected.compaction['no model']);
    assert.deepEqual(sources(resolve(pi, SONNET)), ['pi global model override', 'pi project model override']);
    assert.deepEqual(sources(resolve(pi, HAIKU)), ['pi global', 'pi project']);
    assert.deepEqual(resolve(pi, SONNET).warnings, []);
  });

  it('takes 0 as a token value, in an override and in the ordinary setting', async () => {
    const pi = await settings({ global: '{"compaction":{"keepRecentTokens":0,"modelOverrides":{"anthropic/claude-sonnet-4-6":{"reserveTokens":0}}}}' });
    assert.deepEqual(values(pi, SONNET), PI_16.zeros[SONNET]);
    assert.deepEqual(resolve(pi, SONNET).warnings, []);
  });

  it('matches the key exactly: provider and model id, case and spaces counted, a slash inside the id kept', async () => {
    const pi = await settings({ global: '{"compaction":{"modelOverrides":{"Anthropic/claude-sonnet-4-6":{"reserveTokens":1},"anthropic/claude-sonnet-4-6 ":{"reserveTokens":2},"anthropic/org/model-x":{"keepRecentTokens":3}}}}' });
    assert.deepEqual(values(pi, SONNET), PI_16.exactKeys[SONNET]);
    assert.deepEqual(values(pi, piModelKey('anthropic', 'org/model-x')), PI_16.exactKeys['anthropic/org/model-x']);
  });

  it("lets the global file's override win over the project's ordinary value, as pi looks the model up after merging", async () => {
    const pi = await settings({
      global: '{"compaction":{"reserveTokens":8000,"modelOverrides":{"anthropic/claude-sonnet-4-6":{"reserveTokens":777}}}}',
      project: '{"compaction":{"reserveTokens":9999,"modelOverrides":{"anthropic/claude-sonnet-4-6":{"keepRecentTokens":1234}}}}',
    });
    assert.deepEqual(pi.merged, PI_16.overrideOverOrdinary.merged);
    assert.deepEqual(values(pi, SONNET), PI_16.overrideOverOrdinary.compaction[SONNET]);
    assert.deepEqual(values(pi, HAIKU), PI_16.overrideOverOrdinary.compaction[HAIKU]);
    assert.deepEqual(sources(resolve(pi, SONNET)), ['pi global model override', 'pi project model override']);
  });

  it('lets an explicit Arbor setting win over a model override', async () => {
    const pi = await settings({ global: '{"compaction":{"modelOverrides":{"anthropic/claude-sonnet-4-6":{"reserveTokens":5,"keepRecentTokens":7}}}}' });
    const effective = resolve(pi, SONNET, { reserveTokens: 30000 });
    assert.deepEqual([effective.reserveTokens, effective.keepRecentTokens], [
      { value: 30000, source: 'arbor setting' },
      { value: 7, source: 'pi global model override' },
    ]);
  });

  it("turns branchSummary.skipPrompt into moving without the question and without a summary; an explicit arbor.branchSummary wins", async () => {
    const pi = await settings({ global: '{"branchSummary":{"skipPrompt":false,"reserveTokens":2000}}', project: `${BOM}{"branchSummary":{"skipPrompt":true}}` });
    assert.equal(PI_16.skipPromptProject.branchSummary.skipPrompt, true);
    const effective = resolve(pi, SONNET);
    assert.deepEqual(effective.branchSummary, { value: 'never', source: 'pi project' });
    assert.deepEqual(effective.branchSummaryReserveTokens, { value: PI_16.skipPromptProject.branchSummary.reserveTokens, source: 'pi global' });
    assert.deepEqual(resolve(pi, SONNET, { branchSummary: 'ask' }).branchSummary, { value: 'ask', source: 'arbor setting' });
    const off = await settings({ global: '{"branchSummary":{"skipPrompt":false}}', project: '{}' });
    assert.deepEqual(resolve(off, SONNET).branchSummary, { value: 'ask', source: 'pi global' });
    const none = await settings({ global: '{}', project: '{}' });
    assert.deepEqual(resolve(none, SONNET).branchSummary, { value: 'ask', source: 'default' });
  });

  it('passes over an override that is not an object, or a value below 0, naming the file and the key, where pi stops with an error', async () => {
    const entry = await settings({ global: '{"compaction":{"reserveTokens":3000,"modelOverrides":{"anthropic/claude-sonnet-4-6":5}}}' });
    const effective = resolve(entry, SONNET);
    assert.match(PI_16.badEntry.sonnet, /^throws: Invalid compaction\.modelOverrides/);
    // The values pi gives for another model, where the broken entry does not apply.
    assert.deepEqual(compactionSettingsOf(effective), PI_16.badEntry.haiku);
    assert.deepEqual(effective.warnings, [`pi's settings file ${globalFile()}: compaction.modelOverrides["anthropic/claude-sonnet-4-6"] is 5, not an object; it is not used.`]);
    assert.deepEqual(effective.problems.map((problem) => problem.file), [globalFile()]);

    const field = await settings({ global: '{}', project: '{"compaction":{"modelOverrides":{"anthropic/claude-sonnet-4-6":{"keepRecentTokens":-1}}}}' });
    assert.match(PI_16.badField[SONNET], /keepRecentTokens setting: -1/);
    const skipped = resolve(field, SONNET);
    assert.deepEqual(skipped.keepRecentTokens, { value: 20000, source: 'default' });
    assert.deepEqual(skipped.warnings, [`pi's settings file ${projectFile()}: compaction.modelOverrides["anthropic/claude-sonnet-4-6"].keepRecentTokens is -1, not a whole number of tokens from 0 up; it is not used.`]);
  });

  it('tells a value nested deeper than JSON.stringify can go, cut short, instead of throwing', async () => {
    const deep = `${'['.repeat(20000)}1${']'.repeat(20000)}`;
    const pi = await settings({ project: `{"compaction":{"reserveTokens":${deep}},"branchSummary":{"skipPrompt":${deep}}}` });
    const effective = resolve(pi, SONNET);
    assert.deepEqual([effective.reserveTokens, effective.branchSummary], [
      { value: 16384, source: 'default' },
      { value: 'ask', source: 'default' },
    ]);
    assert.deepEqual(
      effective.warnings.map((warning) => warning.replace(projectFile(), 'FILE')),
      [
        `pi's settings file FILE: compaction.reserveTokens is [[[[[nested too deep]]]]], not a whole number of tokens from 0 up; it is not used.`,
        `pi's settings file FILE: branchSummary.skipPrompt is [[[[[nested too deep]]]]], not true or false; it is not used.`,
      ],
    );
  });
});
