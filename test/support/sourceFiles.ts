// The one file walker of the architecture tests (layering, self-containment, the notification
// text rule): every file under a folder whose name passes `keep`, in a stable order, never inside
// node_modules.
import { readdirSync } from 'node:fs';
import * as path from 'node:path';

export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full, keep);
      return entry.isFile() && keep(entry.name) ? [full] : [];
    });
}

/** The TypeScript sources under `dir` (declaration files too). */
export function typeScriptFilesUnder(dir: string): string[] {
  return filesUnder(dir, (name) => name.endsWith('.ts'));
}
