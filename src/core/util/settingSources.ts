/**
 * Where each `arbor.*` setting may come from. A workspace's settings (`.vscode/settings.json`, a
 * `.code-workspace` file) are written by whoever wrote the repository, so:
 *
 * - the endpoint the key is sent to, the folder conversations are written to, the tools that
 *   run without asking, the folders context files may lead into and whether a move restores files
 *   without asking are the user's alone: read from the user's settings (or the default) only,
 *   whatever the workspace says, trusted or not;
 * - settings that spend the user's money (the model, thinking, the output limit, the window sizes,
 *   when compaction and branch summaries call the model) are not taken from a workspace the user
 *   has not trusted.
 *
 * The manifest says the same to VS Code (application scope, `restrictedConfigurations`; a unit test
 * checks that they agree); the settings reader applies these rules itself as well, so a mistake in
 * the manifest cannot reopen the hole.
 */

/**
 * Never from a workspace. `compaction.instructions` is text sent to the model with every summary: a
 * repository must not steer what the user's conversations keep and forget. `context.allowedFolders`
 * names folders whose files a context file may bring into every request: a repository must not
 * widen it to the user's secrets. `checkpoints.restore` decides whether a move rewrites the
 * workspace's files without a question: a repository must not turn that question off.
 */
export const USER_ONLY_SETTINGS = ['baseUrl', 'sessionsDirectory', 'tools.autoApprove', 'tools.autoApproveByFolder', 'compaction.instructions', 'context.allowedFolders', 'checkpoints.restore'] as const;

/** Not from a workspace in Restricted Mode. */
export const COSTLY_SETTINGS = [
  'model',
  'thinking',
  'maxOutputTokens',
  'modelOverrides',
  'compaction.enabled',
  'compaction.reserveTokens',
  'compaction.keepRecentTokens',
  'compaction.model',
  'branchSummary',
] as const;

/** The values of one setting by where they were set (the fields of VS Code's `inspect()` that Arbor reads). */
export interface SettingLayers<T> {
  defaultValue?: T;
  globalValue?: T;
  workspaceValue?: T;
  workspaceFolderValue?: T;
}

/** Whether `key` (without `arbor.`) may be taken from the workspace's settings. */
export function workspaceMaySet(key: string, workspaceTrusted: boolean): boolean {
  if ((USER_ONLY_SETTINGS as readonly string[]).includes(key)) return false;
  return workspaceTrusted || !(COSTLY_SETTINGS as readonly string[]).includes(key);
}

/** The user's own value, else the default: the workspace's layers are passed over. */
export function userValue<T>(layers: SettingLayers<T> | undefined): T | undefined {
  return layers?.globalValue ?? layers?.defaultValue;
}

/**
 * The value someone set for `key` in a layer Arbor may read (a default does not count): the
 * folder's, the workspace's, then the user's, or the user's alone where a workspace may not set
 * it. Undefined: nobody set it, so other sources (pi's settings files) may supply it.
 */
export function explicitValue<T>(key: string, layers: SettingLayers<T> | undefined, workspaceTrusted: boolean): T | undefined {
  if (!workspaceMaySet(key, workspaceTrusted)) return layers?.globalValue;
  return layers?.workspaceFolderValue ?? layers?.workspaceValue ?? layers?.globalValue;
}

/**
 * A switch that is on unless someone who may turn it off did: the user, or a workspace. A workspace
 * may turn it off but never back on over the user's "off" (MCP servers, the editor's tools: a
 * repository must not start what the user stopped).
 */
export function onUnlessTurnedOff(layers: SettingLayers<unknown> | undefined): boolean {
  return ![layers?.globalValue, layers?.workspaceValue, layers?.workspaceFolderValue].includes(false) && layers?.defaultValue !== false;
}
