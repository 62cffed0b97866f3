/**
 * The compaction settings in effect, and where each value comes from. An Arbor setting the user
 * set explicitly wins; else pi's settings as pi 1.6.0 resolves them (so a session continued in the
 * pi CLI compacts the same way); else the defaults (pi's own).
 *
 * pi reads these keys: `compaction.enabled`, `compaction.reserveTokens`,
 * `compaction.keepRecentTokens`, `compaction.modelOverrides["<provider>/<model id>"]` (its own
 * `reserveTokens` and `keepRecentTokens` for one model, the key exact and case-sensitive),
 * `branchSummary.reserveTokens` and `branchSummary.skipPrompt`. Each token value resolves on its
 * own: the model's override, then the ordinary setting, then the default, the project's file over
 * the global one at each step (which is what looking the key up in the files merged as pi merges
 * them gives). A token value is a whole number from 0 up. A value of the wrong type is skipped with
 * a warning naming the file and the key, and the next source applies, the other file's value at
 * the same key first (pi stops with an error).
 *
 * `branchSummary.skipPrompt: true` means: no question when leaving a branch, and no summary, as
 * `arbor.branchSummary: "never"`; an explicit `arbor.branchSummary` wins over it.
 */
import { DEFAULT_BRANCH_SUMMARY_RESERVE_TOKENS, DEFAULT_COMPACTION_SETTINGS, type CompactionSettings } from '../compaction/settings';
import type { BranchSummarySetting } from '../navigation/summaryChoice';
import { previewJson } from '../util/jsonText';
import { isObject, type PiSettings, type SettingsObject, type SettingsProblem } from './piSettings';

export type SettingSource = 'pi global' | 'pi project' | 'pi global model override' | 'pi project model override' | 'arbor setting' | 'default';

export interface Sourced<T> {
  value: T;
  source: SettingSource;
}

/** The Arbor settings the user set explicitly (undefined: not set, pi's or the default apply). */
export interface ArborCompactionValues {
  enabled?: boolean | undefined;
  reserveTokens?: number | undefined;
  keepRecentTokens?: number | undefined;
  branchSummaryReserveTokens?: number | undefined;
  /** `arbor.branchSummary`. */
  branchSummary?: BranchSummarySetting | undefined;
}

export interface EffectiveCompactionSettings {
  enabled: Sourced<boolean>;
  reserveTokens: Sourced<number>;
  keepRecentTokens: Sourced<number>;
  branchSummaryReserveTokens: Sourced<number>;
  /** Whether leaving a branch asks about a summary (`ask`), always makes one, or never does. */
  branchSummary: Sourced<BranchSummarySetting>;
  /** The key of pi's model overrides the values were looked up with (`anthropic/claude-sonnet-4-6`); undefined: none. */
  modelKey: string | undefined;
  /** Values in pi's files that were skipped. */
  warnings: string[];
  /** The same, with the file each is about (for a notification that offers to open it). */
  problems: SettingsProblem[];
}

interface Check<T> {
  test: (value: unknown) => value is T;
  /** What the value should have been, in the warning. */
  expected: string;
}

const BOOLEAN: Check<boolean> = { test: (value): value is boolean => typeof value === 'boolean', expected: 'true or false' };
const TOKEN_COUNT: Check<number> = { test: (value): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0, expected: 'a whole number of tokens from 0 up' };

type PiSource = 'pi project' | 'pi global';

const OVERRIDE_SOURCE: Record<PiSource, SettingSource> = { 'pi project': 'pi project model override', 'pi global': 'pi global model override' };

/** pi's key for a model in `compaction.modelOverrides`. */
export function piModelKey(provider: string, modelId: string): string {
  return `${provider}/${modelId}`;
}

/** The values in effect; `modelKey` (see `piModelKey`) picks the model's overrides in pi's files. */
export function resolveCompactionSettings(pi: PiSettings | undefined, arbor: ArborCompactionValues, modelKey?: string): EffectiveCompactionSettings {
  const problems: SettingsProblem[] = [];
  const layers = pi ? ([{ settings: pi.project, file: pi.projectFile, source: 'pi project' }, { settings: pi.global, file: pi.globalFile, source: 'pi global' }] as const) : [];
  const tell = (file: string, key: string, value: unknown, expected: string): void => {
    // A bounded picture: the value may be large or nested deeper than JSON.stringify can go.
    problems.push({ file, warning: `pi's settings file ${file}: ${key} is ${previewJson(value, { indent: 0, maxDepth: 4, maxChars: 80 })}, not ${expected}; it is not used.` });
  };
  /** The first value of the right kind at `keys`, the project's file before the global one; a wrong one is told and passed over. */
  const fromPi = <T>(keys: readonly string[], key: string, check: Check<T>, override = false): Sourced<T> | undefined => {
    for (const layer of layers) {
      const value = valueAt(layer.settings, keys);
      if (value === undefined) continue;
      if (check.test(value)) return { value, source: override ? OVERRIDE_SOURCE[layer.source] : layer.source };
      tell(layer.file, key, value, check.expected);
    }
    return undefined;
  };
  const overrideKeys = modelKey === undefined ? undefined : ['compaction', 'modelOverrides', modelKey];
  const overrideName = `compaction.modelOverrides[${JSON.stringify(modelKey)}]`;
  for (const layer of overrideKeys ? layers : []) {
    const entry = valueAt(layer.settings, overrideKeys!);
    if (entry !== undefined && !isObject(entry)) tell(layer.file, overrideName, entry, 'an object');
  }
  const tokens = (field: 'reserveTokens' | 'keepRecentTokens', explicit: number | undefined): Sourced<number> => {
    if (explicit !== undefined) return { value: explicit, source: 'arbor setting' };
    const override = overrideKeys ? fromPi([...overrideKeys, field], `${overrideName}.${field}`, TOKEN_COUNT, true) : undefined;
    return override ?? fromPi(['compaction', field], `compaction.${field}`, TOKEN_COUNT) ?? { value: DEFAULT_COMPACTION_SETTINGS[field], source: 'default' };
  };
  const plain = <T>(keys: readonly [string, string], check: Check<T>, explicit: T | undefined, fallback: T): Sourced<T> => {
    if (explicit !== undefined) return { value: explicit, source: 'arbor setting' };
    return fromPi(keys, keys.join('.'), check) ?? { value: fallback, source: 'default' };
  };
  const branchSummary = (): Sourced<BranchSummarySetting> => {
    if (arbor.branchSummary !== undefined) return { value: arbor.branchSummary, source: 'arbor setting' };
    const skipPrompt = plain(['branchSummary', 'skipPrompt'], BOOLEAN, undefined, false);
    return { value: skipPrompt.value ? 'never' : 'ask', source: skipPrompt.source };
  };
  // In this order, so the warnings come in the order of the keys.
  const effective: Omit<EffectiveCompactionSettings, 'warnings' | 'problems'> = {
    enabled: plain(['compaction', 'enabled'], BOOLEAN, arbor.enabled, DEFAULT_COMPACTION_SETTINGS.enabled),
    reserveTokens: tokens('reserveTokens', arbor.reserveTokens),
    keepRecentTokens: tokens('keepRecentTokens', arbor.keepRecentTokens),
    branchSummaryReserveTokens: plain(['branchSummary', 'reserveTokens'], TOKEN_COUNT, arbor.branchSummaryReserveTokens, DEFAULT_BRANCH_SUMMARY_RESERVE_TOKENS),
    branchSummary: branchSummary(),
    modelKey,
  };
  return { ...effective, warnings: problems.map((problem) => problem.warning), problems };
}

/** The plain values, for the agent and the compaction engine. */
export function compactionSettingsOf(effective: EffectiveCompactionSettings): CompactionSettings {
  return { enabled: effective.enabled.value, reserveTokens: effective.reserveTokens.value, keepRecentTokens: effective.keepRecentTokens.value };
}

/** The value at `keys`, through objects only (anything else on the way: not there). */
function valueAt(settings: SettingsObject, keys: readonly string[]): unknown {
  let value: unknown = settings;
  for (const key of keys) {
    if (!isObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

const SOURCE_TEXT: Record<Exclude<SettingSource, `${PiSource} model override`>, string> = {
  'pi global': "pi's global settings",
  'pi project': "pi's project settings",
  'arbor setting': 'Arbor setting',
  default: 'default',
};

const BRANCH_SUMMARY_TEXT: Record<BranchSummarySetting, string> = {
  ask: 'asked when leaving a branch',
  always: 'always, no question',
  never: 'never, no question',
};

/** Where a value comes from, in words ("pi's global settings, for anthropic/claude-sonnet-4-6"). */
function sourceText(source: SettingSource, modelKey: string | undefined): string {
  if (source === 'pi global model override') return `${SOURCE_TEXT['pi global']}, for ${modelKey ?? 'this model'}`;
  if (source === 'pi project model override') return `${SOURCE_TEXT['pi project']}, for ${modelKey ?? 'this model'}`;
  return SOURCE_TEXT[source];
}

/** The tooltip's lines: each value in effect and where it comes from. */
export function describeCompactionSettings(effective: EffectiveCompactionSettings): string[] {
  const from = (sourced: Sourced<unknown>): string => sourceText(sourced.source, effective.modelKey);
  const tokens = (sourced: Sourced<number>): string => `${sourced.value.toLocaleString('en-US')} tokens (${from(sourced)})`;
  return [
    `Auto-compaction: ${effective.enabled.value ? 'on' : 'off'} (${from(effective.enabled)})`,
    `Reserve: ${tokens(effective.reserveTokens)}`,
    `Keep recent: ${tokens(effective.keepRecentTokens)}`,
    `Branch summary reserve: ${tokens(effective.branchSummaryReserveTokens)}`,
    `Branch summary: ${BRANCH_SUMMARY_TEXT[effective.branchSummary.value]} (${from(effective.branchSummary)})`,
  ];
}
