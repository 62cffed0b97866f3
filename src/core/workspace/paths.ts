/**
 * Confinement: every path a tool touches must lie inside the workspace root once resolved, with
 * symbolic links followed. `../x`, absolute paths elsewhere, a link that points out and a path
 * through a linked folder that points out are all refused before any read or write.
 *
 * Paths that do not exist yet (write, mkdir) are judged by the real path of their deepest existing
 * ancestor plus the missing tail; a dangling link is followed to where it would write.
 */
import { promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../util/errors';
import { WorkspaceFailure } from './failure';

export interface WorkspacePath {
  /** The path as the model wrote it (for messages). */
  given: string;
  /** Absolute, symlinks followed: the file the tool acts on. */
  real: string;
  /** The real workspace root. */
  root: string;
}

export type WorkspacePathReason = 'outside-workspace' | 'unresolvable';

export class WorkspacePathError extends WorkspaceFailure {
  constructor(
    readonly reason: WorkspacePathReason,
    message: string,
  ) {
    super(message);
    this.name = 'WorkspacePathError';
  }
}

/** More link hops than this is a loop (Linux gives up after 40 too). */
const MAX_LINK_HOPS = 40;

export async function resolveWorkspacePath(root: string, given: string): Promise<WorkspacePath> {
  const realRoot = await realPathOf(root, 0, given);
  if (given.includes('\0')) throw new WorkspacePathError('unresolvable', `path "${printable(given)}" contains a NUL character.`);
  const lexical = path.resolve(realRoot, given);
  // Judge the lexical path first: `../x` is refused even when it happens to lead back inside.
  if (!isInside(realRoot, lexical) && !isInside(path.resolve(root), lexical)) throw outside(given, realRoot);
  const real = await realPathOf(lexical, 0, given);
  if (!isInside(realRoot, real)) throw outside(given, realRoot, real);
  return { given, real, root: realRoot };
}

/** `child` is `parent` itself or below it. */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** Posix-style path of `real` relative to `base`, for output lines. */
export function displayPath(base: string, real: string): string {
  return path.relative(base, real).split(path.sep).join('/');
}

function outside(given: string, root: string, real?: string): WorkspacePathError {
  const via = real === undefined ? '' : `: it leads to ${real}`;
  return new WorkspacePathError('outside-workspace', `path "${printable(given)}" is outside the workspace (${root})${via}`);
}

/**
 * The real path of `target`, which need not exist: the deepest existing ancestor's real path plus
 * the rest, following a dangling link to its target.
 */
async function realPathOf(target: string, hops: number, given: string): Promise<string> {
  try {
    return await fs.realpath(target);
  } catch (error) {
    if (!isMissing(error)) throw unresolvable(given, error);
  }
  const parent = path.dirname(target);
  if (parent === target) return target;
  const joined = path.join(await realPathOf(parent, hops, given), path.basename(target));
  let link: string;
  try {
    link = await fs.readlink(joined);
  } catch {
    return joined; // not there, or not a link: the missing tail
  }
  if (hops >= MAX_LINK_HOPS) throw unresolvable(given, new Error('too many levels of symbolic links'));
  return realPathOf(path.resolve(path.dirname(joined), link), hops + 1, given);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function unresolvable(given: string, error: unknown): WorkspacePathError {
  return new WorkspacePathError('unresolvable', `path "${printable(given)}" cannot be resolved: ${errorMessage(error)}`);
}

function printable(given: string): string {
  return given.replace(/\0/g, '\\0');
}

/** A workspace path that must exist (read, ls, find, grep), with what `stat` says about it. */
export async function resolveExisting(root: string, given: string): Promise<WorkspacePath & { stat: Stats }> {
  const target = await resolveWorkspacePath(root, given);
  const stat = await fs.stat(target.real).catch(() => undefined);
  if (!stat) throw new WorkspaceFailure(`Path not found: ${given}`);
  return { ...target, stat };
}

/**
 * An existing regular file of the workspace (read, edit). Pipes and devices are refused: reading
 * one could wait forever.
 */
export async function resolveFile(root: string, given: string): Promise<WorkspacePath & { stat: Stats }> {
  const target = await resolveExisting(root, given);
  if (target.stat.isDirectory()) throw new WorkspaceFailure(`${given} is a directory; give a file path.`);
  if (!target.stat.isFile()) throw new WorkspaceFailure(`${given} is not a regular file.`);
  return target;
}

/** An existing folder of the workspace (ls, find). */
export async function resolveFolder(root: string, given: string): Promise<WorkspacePath> {
  const target = await resolveExisting(root, given);
  if (!target.stat.isDirectory()) throw new WorkspaceFailure(`Not a folder: ${given}`);
  return target;
}
