/**
 * pi's settings files, read and merged as pi 1.6.0's SettingsManager does: the global
 * `<agent folder>/settings.json`, then the project's `<workspace>/.pi/settings.json` over it,
 * objects merged key by key at every depth (a project's `compaction.modelOverrides["p/m"].keepRecentTokens`
 * keeps the global `compaction.modelOverrides["p/m"].reserveTokens`). A leading byte order mark is
 * dropped. A file that is missing or empty is no settings; one that is not a JSON object is
 * reported by name and its values are not used; nothing throws.
 *
 * In an untrusted workspace the project's file is not read: it came with the workspace, and it
 * could make every turn compact (and cost) or send new sessions elsewhere.
 */
import * as path from 'node:path';
import { stripBom } from '../util/bom';
import { errorMessage } from '../util/errors';
import { nodeContextFs, NotRegularFileError, type ContextFs } from './contextFs';
import { PI_PROJECT_DIR } from './piEnvironment';

export const PI_SETTINGS_FILE = 'settings.json';
/** Settings files are small; a larger one is refused rather than parsed. */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

export type SettingsObject = { [key: string]: unknown };

export interface PiSettings {
  global: SettingsObject;
  project: SettingsObject;
  /** `project` over `global`, objects merged at every depth. */
  merged: SettingsObject;
  globalFile: string;
  projectFile: string;
  /** Files that exist but could not be used, each naming the file. */
  warnings: string[];
  /** The same, with the file each is about (for a notification that offers to open it). */
  problems: SettingsProblem[];
}

export interface SettingsProblem {
  file: string;
  warning: string;
}

export interface ReadPiSettingsOptions {
  cwd: string;
  agentDir: string;
  /** False in an untrusted workspace: the project's file is not read. */
  trusted: boolean;
  fs?: ContextFs;
}

export async function readPiSettings(options: ReadPiSettingsOptions): Promise<PiSettings> {
  const fs = options.fs ?? nodeContextFs;
  const globalFile = path.join(options.agentDir, PI_SETTINGS_FILE);
  const projectFile = path.join(path.resolve(options.cwd), PI_PROJECT_DIR, PI_SETTINGS_FILE);
  const [global, project] = await Promise.all([readSettingsFile(fs, globalFile), options.trusted ? readSettingsFile(fs, projectFile) : Promise.resolve(noFile())]);
  const problems = [
    ...(global.warning !== undefined ? [{ file: globalFile, warning: global.warning }] : []),
    ...(project.warning !== undefined ? [{ file: projectFile, warning: project.warning }] : []),
  ];
  const warnings = problems.map((problem) => problem.warning);
  return { global: global.settings, project: project.settings, merged: mergePiSettings(global.settings, project.settings), globalFile, projectFile, warnings, problems };
}

/**
 * pi's merge: the override's value wins, except two objects (not arrays), which merge key by key,
 * at every depth. It descends only where both files hold an object, so no deeper than the user's
 * own global file goes, whatever a project's file nests.
 */
export function mergePiSettings(base: SettingsObject, override: SettingsObject): SettingsObject {
  const merged: SettingsObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const under = Object.hasOwn(base, key) ? base[key] : undefined;
    // Defined, not assigned: a key named `__proto__` stays a key.
    Object.defineProperty(merged, key, { value: isObject(value) && isObject(under) ? mergePiSettings(under, value) : value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}

export interface SettingsRead {
  settings: SettingsObject;
  warning?: string;
}

/** A fresh object each time: callers own what they get. */
const noFile = (): SettingsRead => ({ settings: {} });

async function readSettingsFile(fs: ContextFs, file: string): Promise<SettingsRead> {
  let text: string;
  try {
    const version = await fs.stat(file);
    if (!version) return noFile();
    if (version.size > MAX_SETTINGS_BYTES) return unusable(file, `it is larger than ${MAX_SETTINGS_BYTES} bytes`);
    text = Buffer.from((await fs.read(file, MAX_SETTINGS_BYTES)).bytes).toString('utf8');
  } catch (error) {
    return unusable(file, error instanceof NotRegularFileError ? 'it is not a regular file' : `it could not be read (${errorMessage(error)})`);
  }
  return parsePiSettings(text, file);
}

/** A settings file's text as pi takes it: empty is no settings; else a JSON object (after a byte order mark), or a warning naming the file. */
export function parsePiSettings(text: string, file: string): SettingsRead {
  if (text === '') return noFile();
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripBom(text));
  } catch (error) {
    return unusable(file, `it is not valid JSON (${errorMessage(error)})`);
  }
  if (!isObject(parsed)) return unusable(file, 'it does not hold a JSON object');
  return { settings: parsed };
}

function unusable(file: string, why: string): SettingsRead {
  return { settings: {}, warning: `pi's settings file ${file} is not used: ${why}.` };
}

export function isObject(value: unknown): value is SettingsObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
