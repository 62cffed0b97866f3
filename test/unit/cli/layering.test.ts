import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../../../src/cli');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : full.endsWith('.ts') ? [full] : [];
  });
}

describe('the CLI layer', () => {
  it('imports only Node built-ins, its own files and src/core (no vscode, no packages)', () => {
    const offenders: string[] = [];
    for (const file of filesUnder(CLI)) {
      const source = readFileSync(file, 'utf8');
      const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?\bfrom\s+['"]([^'"]+)['"]/gm), ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)];
      for (const [, specifier] of specifiers) {
        const target = path.resolve(path.dirname(file), specifier!);
        const allowed = specifier!.startsWith('node:') || (specifier!.startsWith('.') && (target.startsWith(CLI) || target.startsWith(path.resolve(CLI, '../core'))));
        if (!allowed) offenders.push(`${path.relative(CLI, file)}: ${specifier}`);
      }
    }
    assert.deepEqual(offenders, []);
  });
});
