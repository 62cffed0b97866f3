/**
 * Child process of `bundle.bench.ts`: loads a built `extension.js` with a stand-in `vscode`
 * module (every API a no-op) and prints, as JSON, how long `require` + `activate()` took (wall
 * and CPU time) and
 * which of the bundle's own files were loaded during it (the tokenizer must not be).
 * Run as plain Node (bundle.bench.ts compiles it first: tsx would transform the bundle as it loads).
 * Usage: node bundleActivate.js <dist/extension.js> <src dir>
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;

/**
 * Anything: callable, constructible, every property another stand-in (or the value `known` gives
 * it); not a promise. A `get(key, default)` call (configuration, memento) answers its default.
 */
function standIn(name = '', known: Record<string, unknown> = {}): unknown {
  const cache = new Map<PropertyKey, unknown>(Object.entries(known));
  return new Proxy(function () {}, {
    get(_target, key) {
      if (key === 'then') return undefined;
      if (key === Symbol.toPrimitive) return () => '0';
      if (key === Symbol.iterator) return function* () {};
      if (!cache.has(key)) cache.set(key, standIn(String(key)));
      return cache.get(key);
    },
    set(_target, key, value) {
      cache.set(key, value);
      return true;
    },
    apply: (_target, _this, args: unknown[]) => (name === 'get' && args.length >= 2 ? args[1] : standIn()),
    construct: () => standIn() as object,
  });
}

/**
 * Where activation wants a path (the global storage, the workspace folder, the extension's
 * media), a stand-in will not do: path.join refuses it. A file URI that knows its path.
 */
class FileUri {
  private constructor(
    readonly fsPath: string,
    readonly scheme = 'file',
    readonly query = '',
  ) {}
  static file(fsPath: string): FileUri {
    return new FileUri(path.resolve(fsPath));
  }
  /** A URI of any scheme (the extension's virtual documents): it keeps its path as given. */
  static from(parts: { scheme: string; path?: string; query?: string }): FileUri {
    return new FileUri(parts.path ?? '', parts.scheme, parts.query ?? '');
  }
  static joinPath(base: FileUri, ...parts: string[]): FileUri {
    return new FileUri(path.join(base.fsPath, ...parts), base.scheme);
  }
  static parse(value: string): FileUri {
    const url = new URL(value);
    return new FileUri(url.pathname, url.protocol.replace(/:$/, ''), url.search.replace(/^\?/, ''));
  }
  get path(): string {
    return this.fsPath;
  }
  with(): FileUri {
    return this;
  }
  toString(): string {
    return `${this.scheme}://${this.fsPath}${this.query ? `?${this.query}` : ''}`;
  }
}

/**
 * The `vscode` namespace: esbuild copies a module's own properties when it imports it, so every
 * name the sources use (`vscode.window`, ...) must be there up front. One workspace folder is
 * open, as when a user starts VS Code on a project.
 */
function vscodeStandIn(srcDir: string, workspaceDir: string): Record<string, unknown> {
  const names = new Set<string>();
  const scan = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) scan(full);
      else if (entry.name.endsWith('.ts')) for (const match of fs.readFileSync(full, 'utf8').matchAll(/\bvscode\.(\w+)/g)) names.add(match[1]!);
    }
  };
  scan(srcDir);
  const known: Record<string, unknown> = {
    Uri: FileUri,
    workspace: standIn('workspace', { workspaceFolders: [{ uri: FileUri.file(workspaceDir), name: path.basename(workspaceDir), index: 0 }] }),
  };
  return Object.fromEntries([...names].map((name) => [name, known[name] ?? standIn(name)]));
}

const bundle = path.resolve(process.argv[2] ?? 'dist/extension.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-bench-activate-'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
const vscode = vscodeStandIn(path.resolve(process.argv[3] ?? 'src'), path.join(scratch, 'workspace'));
const loaded: string[] = [];
const moduleWithLoad = Module as unknown as { _load: Loader };
const originalLoad = moduleWithLoad._load;
moduleWithLoad._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  if (request.startsWith('./')) loaded.push(request);
  return originalLoad.call(this, request, parent, isMain);
};

const context = {
  subscriptions: [] as unknown[],
  extensionUri: FileUri.file(path.dirname(path.dirname(bundle))),
  globalStorageUri: FileUri.file(path.join(scratch, 'global-storage')),
  secrets: standIn(),
  workspaceState: standIn(),
  extension: { packageJSON: { version: 'bench' } },
  storagePath: path.join(scratch, 'storage'),
};

// The extension host has Node's built-ins loaded long before any extension: load them first here too.
for (const builtin of ['fs', 'path', 'os', 'crypto', 'child_process', 'util', 'stream', 'events', 'http', 'https', 'url']) require(`node:${builtin}`);

// CPU time as well as wall time: on a machine busy with other work, the wall time mostly measures the wait for a core.
const cpuStart = process.cpuUsage();
const start = performance.now();
const extension = require(bundle) as { activate(context: unknown): unknown };
const required = performance.now();
extension.activate(context);
const activated = performance.now();
const cpu = process.cpuUsage(cpuStart);
console.log(JSON.stringify({ requireMs: required - start, activateMs: activated - required, cpuMs: (cpu.user + cpu.system) / 1000, loaded }));
