/**
 * The compaction settings in effect, and where each value comes from. An Arbor setting the user
 * set explicitly wins; else pi's project settings, then pi's global settings (so a session
 * continued in the pi CLI compacts the same way); else the defaults (pi's own).
 *
 * pi reads these keys: `compaction.enabled`, `compaction.reserveTokens`,
 * `compaction.keepRecentTokens` and `branchSummary.reserveTokens`. A value of the wrong type
 * is skipped with a warning naming the file and the key (pi would pass it on as it is).
 */
import { DEFAULT_BRANCH_SUMMARY_RESERVE_TOKENS, DEFAULT_COMPACTION_SETTINGS, type CompactionSettings } from '../compaction/settings';
import { isObject, type PiSettings, type SettingsObject, type SettingsProblem } from './piSettings';

export type SettingSource = 'pi global' | 'pi project' | 'arbor setting' | 'default';

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
}

export interface EffectiveCompactionSettings {
  enabled: Sourced<boolean>;
  reserveTokens: Sourced<number>;
  keepRecentTokens: Sourced<number>;
  branchSummaryReserveTokens: Sourced<number>;
  /** Values in pi's files that were skipped. */
  warnings: string[];
  /** The same, with the file each is about (for a notification that offers to open it). */
  problems: SettingsProblem[];
}

type Check<T> = (value: unknown) => value is T;

const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';
const isTokenCount: Check<number> = (value): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export function resolveCompactionSettings(pi: PiSettings | undefined, arbor: ArborCompactionValues): EffectiveCompactionSettings {
  const problems: SettingsProblem[] = [];
  const pick = <T>(section: string, key: string, check: Check<T>, explicit: T | undefined, fallback: T): Sourced<T> => {
    if (explicit !== undefined) return { value: explicit, source: 'arbor setting' };
    for (const [settings, file, source] of pi ? ([[pi.project, pi.projectFile, 'pi project'], [pi.global, pi.globalFile, 'pi global']] as const) : []) {
      const value = valueAt(settings, section, key);
      if (value === undefined) continue;
      if (check(value)) return { value, source };
      problems.push({ file, warning: `pi's settings file ${file}: ${section}.${key} is ${JSON.stringify(value)}, not ${check === isBoolean ? 'true or false' : 'a whole number of tokens above 0'}; it is not used.` });
    }
    return { value: fallback, source: 'default' };
  };
  return {
    enabled: pick('compaction', 'enabled', isBoolean, arbor.enabled, DEFAULT_COMPACTION_SETTINGS.enabled),
    reserveTokens: pick('compaction', 'reserveTokens', isTokenCount, arbor.reserveTokens, DEFAULT_COMPACTION_SETTINGS.reserveTokens),
    keepRecentTokens: pick('compaction', 'keepRecentTokens', isTokenCount, arbor.keepRecentTokens, DEFAULT_COMPACTION_SETTINGS.keepRecentTokens),
    branchSummaryReserveTokens: pick('branchSummary', 'reserveTokens', isTokenCount, arbor.branchSummaryReserveTokens, DEFAULT_BRANCH_SUMMARY_RESERVE_TOKENS),
    warnings: problems.map((problem) => problem.warning),
    problems,
  };
}

/** The plain values, for the agent and the compaction engine. */
export function compactionSettingsOf(effective: EffectiveCompactionSettings): CompactionSettings {
  return { enabled: effective.enabled.value, reserveTokens: effective.reserveTokens.value, keepRecentTokens: effective.keepRecentTokens.value };
}

function valueAt(settings: SettingsObject, section: string, key: string): unknown {
  const inner = settings[section];
  return isObject(inner) ? inner[key] : undefined;
}

const SOURCE_TEXT: Record<SettingSource, string> = {
  'pi global': "pi's global settings",
  'pi project': "pi's project settings",
  'arbor setting': 'Arbor setting',
  default: 'default',
};

/** The tooltip's lines: each value in effect and where it comes from. */
export function describeCompactionSettings(effective: EffectiveCompactionSettings): string[] {
  const tokens = (sourced: Sourced<number>): string => `${sourced.value.toLocaleString('en-US')} tokens (${SOURCE_TEXT[sourced.source]})`;
  return [
    `Auto-compaction: ${effective.enabled.value ? 'on' : 'off'} (${SOURCE_TEXT[effective.enabled.source]})`,
    `Reserve: ${tokens(effective.reserveTokens)}`,
    `Keep recent: ${tokens(effective.keepRecentTokens)}`,
    `Branch summary reserve: ${tokens(effective.branchSummaryReserveTokens)}`,
  ];
}
