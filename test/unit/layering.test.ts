import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const SRC = path.resolve(__dirname, '../../src');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const importsVscode = /(?:from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;

describe('layering', () => {
  it('keeps src/core free of any import of vscode', () => {
    const offenders = filesUnder(path.join(SRC, 'core')).filter((file) => importsVscode.test(readFileSync(file, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(SRC, f)), []);
  });

  it('keeps disk and clock access of the session layer inside its disk/ folder', () => {
    const sessionDir = path.join(SRC, 'core', 'session');
    const impure = /(?:from\s+['"](?:node:)?fs(?:\/promises)?['"]|Date\.now\(|new Date\(\))/;
    const offenders = filesUnder(sessionDir)
      .filter((file) => !file.includes(`${path.sep}disk${path.sep}`))
      .filter((file) => impure.test(readFileSync(file, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(SRC, f)), []);
  });
});
