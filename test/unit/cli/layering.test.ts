import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { importsOf, typeScriptFilesUnder } from '../../support/sourceFiles';

const CLI = path.resolve(__dirname, '../../../src/cli');
const CORE = path.resolve(CLI, '../core');

describe('the CLI layer', () => {
  it('imports only Node built-ins, its own files and src/core (no vscode, no packages)', () => {
    const offenders = typeScriptFilesUnder(CLI).flatMap((file) =>
      importsOf(file)
        .filter(({ specifier }) => {
          const target = path.resolve(path.dirname(file), specifier);
          return !(specifier.startsWith('node:') || (specifier.startsWith('.') && (target.startsWith(CLI) || target.startsWith(CORE))));
        })
        .map(({ specifier, line }) => `${path.relative(CLI, file)}:${line}: ${specifier}`),
    );
    assert.deepEqual(offenders, []);
  });
});
