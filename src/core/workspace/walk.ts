/**
 * Walking a folder the way git sees it, for `find` and `grep`: `.gitignore` files apply to their
 * own folder and below (a deeper file can re-include what a shallower one excluded), the rules of
 * the folders between the workspace root and the starting folder apply too, and `.git` and
 * `node_modules` are never entered. Hidden files are included. Linked folders are listed but not
 * entered, so the walk never leaves the workspace. Entries come sorted, depth first.
 */
import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';
import { throwIfAborted } from './abort';
import { parseGitignore, type IgnoreRules } from './gitignore';
import { displayPath } from './paths';

export interface WalkEntry {
  /** Absolute path (inside the workspace: linked folders are not entered). */
  absolute: string;
  /** Posix path relative to the starting folder. */
  relative: string;
  isDirectory: boolean;
  isSymbolicLink: boolean;
}

export interface WalkOptions {
  /** The real workspace root (where `.gitignore` rules start). */
  root: string;
  /** The real folder to list, the root or inside it. */
  start: string;
  signal: AbortSignal;
}

interface IgnoreFile {
  /** The folder holding the `.gitignore`: its patterns are relative to it. */
  base: string;
  rules: IgnoreRules;
}

/** The start of a `.gitignore` read: a repository may hold a huge one (and only MAX_RULES rules are used anyway). */
const MAX_IGNORE_FILE_BYTES = 256 * 1024;

const NEVER_ENTERED = new Set(['.git', 'node_modules']);

export async function* walk(options: WalkOptions): AsyncGenerator<WalkEntry> {
  const inherited: IgnoreFile[] = [];
  for (const folder of foldersBetween(options.root, options.start)) inherited.push(...(await readIgnoreFile(folder)));
  yield* visit(options.start, inherited, options);
}

async function* visit(folder: string, outer: IgnoreFile[], options: WalkOptions): AsyncGenerator<WalkEntry> {
  throwIfAborted(options.signal);
  const rules = [...outer, ...(await readIgnoreFile(folder))];
  // An unreadable folder is skipped, like git does, rather than failing the whole search.
  const entries: Dirent[] = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const absolute = path.join(folder, entry.name);
    const isDirectory = entry.isDirectory();
    if (isDirectory && NEVER_ENTERED.has(entry.name)) continue;
    if (isIgnored(rules, absolute, isDirectory)) continue;
    yield { absolute, relative: displayPath(options.start, absolute), isDirectory, isSymbolicLink: entry.isSymbolicLink() };
    if (isDirectory) yield* visit(absolute, rules, options);
  }
}

/** The last rule that speaks about a path decides, from the root's `.gitignore` down. */
function isIgnored(files: readonly IgnoreFile[], absolute: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const file of files) {
    const relative = displayPath(file.base, absolute) + (isDirectory ? '/' : '');
    const verdict = file.rules.test(relative);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}

async function readIgnoreFile(folder: string): Promise<IgnoreFile[]> {
  const text = await readStart(path.join(folder, '.gitignore'), MAX_IGNORE_FILE_BYTES);
  return text === undefined ? [] : [{ base: folder, rules: parseGitignore(text) }];
}

/** The file's first `maxBytes` as text (its last line may be cut), or undefined when it cannot be read. */
async function readStart(file: string, maxBytes: number): Promise<string | undefined> {
  const handle = await fs.open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch {
    return undefined;
  } finally {
    await handle.close();
  }
}

/** The root and the folders below it down to `start`'s parent (their rules reach `start`). */
function foldersBetween(root: string, start: string): string[] {
  const relative = path.relative(root, start);
  if (relative === '') return [];
  const parts = relative.split(path.sep);
  return parts.map((_, index) => path.join(root, ...parts.slice(0, index)));
}

/** The order listings show names in: case-insensitive, then by code unit among names that differ only in case. */
export function caseInsensitive(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
