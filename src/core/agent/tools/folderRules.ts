/**
 * `arbor.tools.autoApproveByFolder`, in the user's settings: the rules answered from approval
 * cards, each list under the URI of the workspace folder it was made in (the folder the tools
 * work in), so a rule allowed for one project never holds in another. The user sees and removes
 * them in their settings file; `arbor.tools.autoApprove` stays the list that holds everywhere.
 */

/** The setting's value: folder URI → rules (approvalPatterns.ts). */
export type FolderRules = { [folderUri: string]: unknown };

export class FolderRulesError extends Error {
  constructor(
    readonly reason: 'setting-not-object' | 'entry-not-list',
    message: string,
  ) {
    super(message);
    this.name = 'FolderRulesError';
  }
}

/** The rules the setting keeps for the folder; an entry that is not a list of strings holds none. */
export function rulesForFolder(setting: unknown, folderUri: string | undefined): string[] {
  if (folderUri === undefined || !isRecord(setting) || !Object.hasOwn(setting, folderUri)) return [];
  const rules = setting[folderUri];
  return Array.isArray(rules) ? rules.filter((rule): rule is string => typeof rule === 'string') : [];
}

/**
 * The setting with `rule` added to the folder's list, or undefined when it holds it already. The
 * other folders' entries stay as they are; a value that is not an object is not overwritten.
 */
export function withFolderRule(setting: unknown, folderUri: string, rule: string): FolderRules | undefined {
  if (setting !== undefined && !isRecord(setting)) throw new FolderRulesError('setting-not-object', 'arbor.tools.autoApproveByFolder in your user settings is not an object of folder → rules; fix or remove it');
  const current = setting ?? {};
  const existing = Object.hasOwn(current, folderUri) ? current[folderUri] : undefined;
  if (existing !== undefined && !Array.isArray(existing)) throw new FolderRulesError('entry-not-list', 'the entry for this folder in arbor.tools.autoApproveByFolder is not a list of rules; fix or remove it');
  const rules: unknown[] = existing ?? [];
  if (rules.includes(rule)) return undefined;
  return Object.fromEntries([...Object.entries(current).filter(([key]) => key !== folderUri), [folderUri, [...rules, rule]]]) as FolderRules;
}

function isRecord(value: unknown): value is FolderRules {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
