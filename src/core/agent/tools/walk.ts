/**
 * Walking a folder the way git sees it, for `find` and `grep`: `.gitignore` files apply to their
 * own folder and below (a deeper file can re-include what a shallower one excluded), the rules of
 * the folders between the workspace root and the starting folder apply too, and `.git` and
 * `node_modules` are never entered. Hidden files are included. Linked folders are listed but not
 * entered, so the walk never leaves the workspace. Entries come sorted, depth first.
 */
import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { throwIfAborted } from './define';
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
  rules: Ignore;
}

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
  const text = await fs.readFile(path.join(folder, '.gitignore'), 'utf8').catch(() => undefined);
  return text === undefined ? [] : [{ base: folder, rules: ignore().add(text) }];
}

/** The root and the folders below it down to `start`'s parent (their rules reach `start`). */
function foldersBetween(root: string, start: string): string[] {
  const relative = path.relative(root, start);
  if (relative === '') return [];
  const parts = relative.split(path.sep);
  return parts.map((_, index) => path.join(root, ...parts.slice(0, index)));
}
