import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { typeScriptFilesUnder as filesUnder } from '../support/sourceFiles';

const SRC = path.resolve(__dirname, '../../src');
const CORE = path.join(SRC, 'core');

/** Every module specifier a file names: `from '…'`, `import '…'`, `require('…')`, `import('…')`. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s+|\bimport\s+|\brequire\(\s*|\bimport\(\s*)(['"])([^'"]+)\1/g)) found.push(match[2]!);
  return found;
}

/**
 * What core may not depend on: the editor (`vscode` and the glue in src/vscode, the composition
 * root src/extension.ts), the CLI, the webview, and the host↔webview protocol in src/shared (it
 * imports core's types, never the other way round).
 */
const OUTER_LAYERS = ['vscode', 'cli', 'webview', 'shared', 'extension'].map((name) => path.join(SRC, name));

function forbiddenFor(file: string, specifier: string): boolean {
  if (specifier === 'vscode') return true;
  if (!specifier.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), specifier);
  return OUTER_LAYERS.some((layer) => target === layer || target === `${layer}.ts` || target.startsWith(layer + path.sep));
}

/**
 * Reading the wall clock. Core gets the time from an injected clock (`clock: () => Date` or
 * `now: () => number` in the options), so tests can fix it; the system clock is read in one place,
 * `systemClock` in session/disk/, which callers use as the default.
 */
const READS_CLOCK = /\bDate\.now\b|\bnew Date\(\s*\)|\bperformance\.now\b/;

/**
 * The clock rule holds in all of core except session/disk/ (the default clock lives there).
 * There is no other exemption: an adapter to the real world under core (a tool that runs
 * processes or reads files) may use `fs` and `child_process`, but it too takes its clock injected.
 */
const CLOCK_EXEMPT = [path.join(CORE, 'session', 'disk') + path.sep];

describe('layering', () => {
  it('reads every kind of import statement when looking for forbidden ones', () => {
    const source = [
      "import * as vscode from 'vscode';",
      "import type { X } from '../../vscode/commands';",
      "export { y } from '../cli/main';",
      "import '../webview/chat';",
      "const z = require('../shared/protocol');",
      "const w = await import('../../extension');",
      "import { ok } from '../session';",
    ].join('\n');
    const file = path.join(CORE, 'compaction', 'example.ts');
    assert.deepEqual(specifiers(source), ['vscode', '../../vscode/commands', '../cli/main', '../webview/chat', '../shared/protocol', '../../extension', '../session']);
    assert.deepEqual(specifiers(source).filter((specifier) => forbiddenFor(file, specifier)), ['vscode', '../../vscode/commands', '../../extension']);
    assert.deepEqual(
      ['../../cli/main', '../../webview/chat', '../../shared/protocol', '../session', '../../core/tokens'].filter((specifier) => forbiddenFor(file, specifier)),
      ['../../cli/main', '../../webview/chat', '../../shared/protocol'],
    );
  });

  it('keeps src/core free of imports of vscode, src/vscode, src/cli, src/webview, src/shared and the extension entry', () => {
    const offenders = filesUnder(CORE).flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => forbiddenFor(file, specifier))
        .map((specifier) => `${path.relative(SRC, file)} imports ${specifier}`),
    );
    assert.deepEqual(offenders, []);
  });

  it('keeps file-system access of the session layer inside its disk/ folder', () => {
    const sessionDir = path.join(CORE, 'session');
    const offenders = filesUnder(sessionDir)
      .filter((file) => !file.startsWith(path.join(sessionDir, 'disk') + path.sep))
      .filter((file) => specifiers(readFileSync(file, 'utf8')).some((specifier) => /^(?:node:)?fs(?:\/promises)?$/.test(specifier)));
    assert.deepEqual(offenders.map((f) => path.relative(SRC, f)), []);
  });

  it('reads the clock nowhere in src/core but session/disk/: inject a clock (`clock` / `now` option) instead', () => {
    const offenders = filesUnder(CORE)
      .filter((file) => !CLOCK_EXEMPT.some((folder) => file.startsWith(folder)))
      .filter((file) => READS_CLOCK.test(readFileSync(file, 'utf8')));
    assert.deepEqual(
      offenders.map((f) => path.relative(SRC, f)),
      [],
      'these files read the wall clock: take `now: () => number` (or `clock: () => Date`) in their options, defaulting to systemClock from session/disk/',
    );
  });

  it('recognises the ways of reading the clock', () => {
    for (const text of ['const t = Date.now();', 'options.now ?? Date.now', 'stamp(new Date())', 'performance.now( )']) assert.match(text, READS_CLOCK, text);
    for (const text of ['new Date(entry.timestamp)', 'Date.parse(x)', 'options.now()']) assert.doesNotMatch(text, READS_CLOCK, text);
  });
});
