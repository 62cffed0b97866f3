import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { importsIn, importsOf, typeScriptFilesUnder as filesUnder, type ImportLine } from '../support/sourceFiles';

const SRC = path.resolve(__dirname, '../../src');
const CORE = path.join(SRC, 'core');

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
 * src/core's folders, lowest first: a file imports only its own folder and the folders before it.
 * The base (util, session, and workspace: the workspace's files as the tools and mentions read them)
 * at the bottom, then what the engine is made of, the engine (agent), and the render models (chat,
 * sessionTree, sessionList, export) on top.
 */
const CORE_ORDER = [
  'util',
  'session',
  'workspace',
  'llm',
  'tokens',
  'pins',
  'hooks',
  'compaction',
  'checkpoints',
  'search',
  'recall',
  'navigation',
  'agent',
  'mcp',
  'context',
  'mentions',
  'edits',
  'export',
  'chat',
  'sessionTree',
  'sessionList',
] as const;

/** The folder of src/core a path lies in or names (`../tokens`, its index), or undefined outside core. */
function coreFolder(file: string): string | undefined {
  const relative = path.relative(CORE, file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
}

/** The imports of a core file that point to a folder after its own in CORE_ORDER (or one not in it), one line each. */
function upwardImports(file: string, imports: readonly ImportLine[]): string[] {
  const own = coreFolder(file);
  if (own === undefined) return [];
  const rank = CORE_ORDER.indexOf(own as (typeof CORE_ORDER)[number]);
  return imports.flatMap(({ specifier, line }) => {
    if (!specifier.startsWith('.')) return [];
    const folder = coreFolder(path.resolve(path.dirname(file), specifier));
    if (folder === undefined || folder === own) return [];
    const targetRank = CORE_ORDER.indexOf(folder as (typeof CORE_ORDER)[number]);
    if (targetRank !== -1 && rank !== -1 && targetRank < rank) return [];
    const where = path.relative(CORE, file).split(path.sep).join('/');
    const why = targetRank === -1 ? `${folder} is not in CORE_ORDER` : `${folder} comes after ${own}`;
    return [`core/${where}:${line} imports ${specifier} (${why})`];
  });
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
    const specifiers = importsIn(source).map(({ specifier }) => specifier);
    assert.deepEqual(specifiers, ['vscode', '../../vscode/commands', '../cli/main', '../webview/chat', '../shared/protocol', '../../extension', '../session']);
    assert.deepEqual(specifiers.filter((specifier) => forbiddenFor(file, specifier)), ['vscode', '../../vscode/commands', '../../extension']);
    assert.deepEqual(
      ['../../cli/main', '../../webview/chat', '../../shared/protocol', '../session', '../../core/tokens'].filter((specifier) => forbiddenFor(file, specifier)),
      ['../../cli/main', '../../webview/chat', '../../shared/protocol'],
    );
  });

  it('keeps src/core free of imports of vscode, src/vscode, src/cli, src/webview, src/shared and the extension entry', () => {
    const offenders = filesUnder(CORE).flatMap((file) =>
      importsOf(file)
        .filter(({ specifier }) => forbiddenFor(file, specifier))
        .map(({ specifier, line }) => `${path.relative(SRC, file)}:${line} imports ${specifier}`),
    );
    assert.deepEqual(offenders, []);
  });

  it('keeps file-system access of the session layer inside its disk/ folder', () => {
    const sessionDir = path.join(CORE, 'session');
    const offenders = filesUnder(sessionDir)
      .filter((file) => !file.startsWith(path.join(sessionDir, 'disk') + path.sep))
      .filter((file) => importsOf(file).some(({ specifier }) => /^(?:node:)?fs(?:\/promises)?$/.test(specifier)));
    assert.deepEqual(offenders.map((f) => path.relative(SRC, f)), []);
  });

  it('lists every folder of src/core in the order, and nothing lies loose in src/core', () => {
    const entries = readdirSync(CORE, { withFileTypes: true });
    assert.deepEqual(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort(), [...CORE_ORDER].sort());
    assert.deepEqual(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name), []);
  });

  it('has no import in src/core that points up the order of its folders', () => {
    const found = filesUnder(CORE).flatMap((file) => upwardImports(file, importsOf(file)));
    assert.deepEqual(found, [], 'a folder imports only its own files and the folders before it in CORE_ORDER');
  });

  it('tells an import down the order from one up it or sideways into a folder not in the order', () => {
    const source = [
      "import { a } from '../util/event';",
      "import type { B } from '../agent/options';",
      "export * from '../tokens';",
      "import { c } from './tree';",
      "type D = import('../chat/items').ChatItem;",
      "const e = require('../newFolder/e');",
      "import { f } from '../../shared/protocol';",
    ].join('\n');
    const file = path.join(CORE, 'session', 'example.ts');
    assert.deepEqual(
      upwardImports(file, importsIn(source)),
      [
        'core/session/example.ts:2 imports ../agent/options (agent comes after session)',
        'core/session/example.ts:3 imports ../tokens (tokens comes after session)',
        'core/session/example.ts:5 imports ../chat/items (chat comes after session)',
        'core/session/example.ts:6 imports ../newFolder/e (newFolder is not in CORE_ORDER)',
      ],
    );
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
