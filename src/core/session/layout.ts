/**
 * Where session files live, as pi lays them out: one folder per working directory under a
 * sessions root, files named `<creation time>_<session id>.jsonl`. Pure string work.
 */
import * as path from 'node:path';

/** `/Users/me/work/pi-mono` → `--Users-me-work-pi-mono--`; `C:\src\app` → `--C--src-app--`. */
export function sessionDirName(cwd: string): string {
  const withoutLeading = cwd.startsWith('/') || cwd.startsWith('\\') ? cwd.slice(1) : cwd;
  return `--${withoutLeading.replace(/[/\\:]/g, '-')}--`;
}

/** The per-project folder under a sessions root (pi's `<agentDir>/sessions/--cwd--`). */
export function projectSessionDir(sessionsRoot: string, cwd: string): string {
  return path.join(sessionsRoot, sessionDirName(cwd));
}

/** `2026-11-29T18:34:03.291Z` + `S` → `2026-11-29T18-34-03-291Z_S.jsonl`. */
export function sessionFileName(timestamp: string, sessionId: string): string {
  return `${timestamp.replace(/[:.]/g, '-')}_${sessionId}.jsonl`;
}

/** `~` or `~/x` → the home folder (pi expands `~` in its session-dir settings the same way). */
export function expandHome(dir: string, home: string): string {
  if (dir === '~') return home;
  if (dir.startsWith('~/') || dir.startsWith('~\\')) return path.join(home, dir.slice(2));
  return dir;
}
