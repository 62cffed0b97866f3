/**
 * The files a project prompt loaded, as the chat lists them: pi's order (context files, then
 * SYSTEM.md and APPEND_SYSTEM.md), then the files that were there but not read, each with a short
 * label — relative to the workspace folder when inside it, `~/…` under the home folder, else the
 * full path — and, when the file really is elsewhere (a link), where. The chat may ask to open one
 * of these, and only these: the host opens a path only when it is in this list.
 */
import * as path from 'node:path';
import type { SkipReason } from './contextAccess';
import { APPEND_SYSTEM_PROMPT_FILE, SYSTEM_PROMPT_FILE, type ContextScope, type ProjectContextSnapshot } from './projectContext';

export type LoadedFileRole = 'instructions' | 'system' | 'append';

export interface LoadedContextFile {
  path: string;
  label: string;
  role: LoadedFileRole;
  scope: ContextScope;
  /** The resolved path, when the file is not where its name says (a link). */
  target?: string;
  /** The resolved path's short label. */
  targetLabel?: string;
  /** Set when the file was not read: why, in plain words. */
  skipped?: { reason: SkipReason; warning: string };
}

interface Listed {
  path: string;
  scope: ContextScope;
  target?: string;
}

export function loadedContextFiles(snapshot: ProjectContextSnapshot, where: { cwd: string; home: string }): LoadedContextFile[] {
  const entry = (file: Listed, role: LoadedFileRole): LoadedContextFile => ({
    path: file.path,
    label: shortPath(file.path, where),
    role,
    scope: file.scope,
    ...(file.target !== undefined ? { target: file.target, targetLabel: shortPath(file.target, where) } : {}),
  });
  return [
    ...snapshot.contextFiles.map((file) => entry(file, 'instructions')),
    ...(snapshot.systemPrompt ? [entry(snapshot.systemPrompt, 'system')] : []),
    ...(snapshot.appendSystemPrompt ? [entry(snapshot.appendSystemPrompt, 'append')] : []),
    ...snapshot.skipped.map((file) => ({ ...entry(file, roleOf(file.path)), skipped: { reason: file.reason, warning: file.warning } })),
  ];
}

function roleOf(file: string): LoadedFileRole {
  const name = path.basename(file);
  return name === SYSTEM_PROMPT_FILE ? 'system' : name === APPEND_SYSTEM_PROMPT_FILE ? 'append' : 'instructions';
}

export function shortPath(file: string, where: { cwd: string; home: string }): string {
  const inside = (dir: string): string | undefined => {
    const relative = path.relative(dir, file);
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : undefined;
  };
  const local = inside(where.cwd);
  if (local !== undefined) return local;
  const underHome = inside(where.home);
  return underHome !== undefined ? `~${path.sep}${underHome}` : file;
}
