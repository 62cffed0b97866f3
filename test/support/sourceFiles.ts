// The one file walker of the architecture tests (layering, self-containment, the notification
// text rule): every file under a folder whose name passes `keep`, in a stable order, never inside
// node_modules. And the one reader of a file's imports, for the layering tests.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

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

export interface ImportLine {
  specifier: string;
  /** 1-based. */
  line: number;
}

/**
 * Every module a source names, as the compiler's own scanner reads it: `import`, `import type`,
 * `export … from`, a bare `import '…'`, `require('…')`, `import('…')` and the type `import('…').T`.
 * Comments and strings are not imports.
 */
export function importsIn(source: string): ImportLine[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((reference) => ({
    specifier: reference.fileName,
    line: source.slice(0, reference.pos).split('\n').length,
  }));
}

export function importsOf(file: string): ImportLine[] {
  return importsIn(readFileSync(file, 'utf8'));
}
