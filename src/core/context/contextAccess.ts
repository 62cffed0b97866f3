/**
 * Which context files may reach the prompt. A repository can ship `CLAUDE.md` as a link to
 * `~/.ssh/id_ed25519`, and a folder such as `/tmp` holds files any local user wrote; whatever is
 * read goes into every request unasked. So a project's file (the workspace's AGENTS.md / CLAUDE.md,
 * its `.pi/SYSTEM.md` and `.pi/APPEND_SYSTEM.md`, and those of the folders above it) is read only
 * when its resolved location — every link followed — lies inside the folder it was found in (the
 * workspace folder for the workspace's own; the same containment rule as the `read` tool's), inside
 * pi's agent folder, inside a folder the user named, or is a target the user allowed one by one.
 * Folders above the workspace are read from the user's home folder down, never above it (a
 * workspace outside the home folder reads none), and only files the user owns.
 *
 * The files of pi's agent folder itself are the user's own configuration and follow no such rule.
 */
import * as path from 'node:path';
import { isInside } from '../workspace/paths';

/** The user's choices and identity, from the glue or the command line. */
export interface ContextAccess {
  /** The user's home folder: folders above the workspace are read from here down, never above. */
  home: string;
  /** The uid that files above the workspace must belong to; undefined: no check (Windows). */
  owner?: number | undefined;
  /** Folders the user named (`arbor.context.allowedFolders`, `arbor run --allow-context`): a file may lead into them. */
  allowedFolders?: readonly string[] | undefined;
  /** Resolved paths the user allowed one by one when asked; consulted at every load (a live set). */
  allowedTargets?: { has(target: string): boolean } | undefined;
}

/** Why a file that is there was not read. */
export type SkipReason = 'outside' | 'not-owned' | 'not-a-file' | 'unreadable';

/** What one load resolved once: the real folders every decision is made against. */
export interface AccessBounds {
  /** The workspace folder, links resolved. */
  realCwd: string;
  /** pi's agent folder, links resolved. */
  realAgentDir: string;
  /** The user's allowed folders, links resolved. */
  realAllowed: readonly string[];
  /** The real folders above the workspace that are read, from the home folder down. */
  ancestors: readonly string[];
}

/**
 * The folders above `cwd` that may hold context files, from `home` down to `cwd`'s parent: none
 * when `cwd` is the home folder or lies outside it, or when the home folder is a filesystem root
 * (every folder would be "inside" it). Pure: the caller passes real paths to judge real folders.
 */
export function foldersAbove(cwd: string, home: string): string[] {
  const top = path.resolve(home);
  const bottom = path.resolve(cwd);
  if (path.dirname(top) === top || bottom === top || !isInside(top, bottom)) return [];
  const folders: string[] = [];
  for (let dir = path.dirname(bottom); ; dir = path.dirname(dir)) {
    folders.unshift(dir);
    if (dir === top) return folders;
  }
}

/**
 * Whether a file found in `confinedTo` (a real folder; undefined: pi's agent folder, no rule) that
 * resolves to `real` may be read.
 */
export function leadsWhereAllowed(real: string, confinedTo: string | undefined, bounds: AccessBounds, access: ContextAccess): boolean {
  if (confinedTo === undefined || isInside(confinedTo, real) || isInside(bounds.realAgentDir, real)) return true;
  return bounds.realAllowed.some((folder) => isInside(folder, real)) || access.allowedTargets?.has(real) === true;
}

/** What the user reads about a file that was not read (the log, the chat's list, the CLI's stderr). */
export function skipWarning(file: string, reason: SkipReason, detail: { target?: string; where?: string; uid?: number; error?: string }): string {
  switch (reason) {
    case 'outside':
      return `${file} was not read: it leads to ${detail.target ?? '?'}, outside ${detail.where ?? 'the workspace'}.`;
    case 'not-owned':
      return `${file} was not read: it belongs to another user (uid ${detail.uid ?? '?'}), and a folder above the workspace may be shared.`;
    case 'not-a-file':
      return `${file} is not a regular file; it was not read.`;
    case 'unreadable':
      return `${file} could not be read: ${detail.error ?? 'unknown error'}`;
  }
}
