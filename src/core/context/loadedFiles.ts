/**
 * The files a project prompt loaded, as the chat lists them: pi's order (context files, then
 * SYSTEM.md and APPEND_SYSTEM.md), each with a short label — relative to the workspace folder when
 * inside it, `~/…` under the home folder, else the full path. The chat may ask to open one of
 * these, and only these: the host opens a path only when it is in this list.
 */
import * as path from 'node:path';
import type { ContextScope, ProjectContextSnapshot } from './projectContext';

export type LoadedFileRole = 'instructions' | 'system' | 'append';

export interface LoadedContextFile {
  path: string;
  label: string;
  role: LoadedFileRole;
  scope: ContextScope;
}

export function loadedContextFiles(snapshot: ProjectContextSnapshot, where: { cwd: string; home: string }): LoadedContextFile[] {
  const entry = (file: { path: string; scope: ContextScope }, role: LoadedFileRole): LoadedContextFile => ({ path: file.path, label: shortPath(file.path, where), role, scope: file.scope });
  return [
    ...snapshot.contextFiles.map((file) => entry(file, 'instructions')),
    ...(snapshot.systemPrompt ? [entry(snapshot.systemPrompt, 'system')] : []),
    ...(snapshot.appendSystemPrompt ? [entry(snapshot.appendSystemPrompt, 'append')] : []),
  ];
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
