/**
 * Runs the system's `git` for the private store: the program found by its absolute path
 * (gitProgram.ts), no shell, its own GIT_DIR, index and work tree, and nothing of the user's
 * configuration. Every GIT_* variable the caller's environment holds is
 * dropped (a hook's GIT_DIR would point git at the user's repository), the system and global
 * configuration files are not read, hooks and fsmonitor are off, and line-ending or filter
 * conversions cannot apply (info/attributes of the store unsets them for every path).
 */
import { spawn } from 'node:child_process';

export interface GitContext {
  /** An absolute path (gitProgram.ts): never a bare name looked up from the workspace. */
  program: string;
  /** PATH for what git itself starts: the absolute entries outside the workspace (default: the caller's PATH). */
  searchPath?: string;
  gitDir: string;
  workTree: string;
  /** Default: the store's own index. */
  indexFile?: string;
}

/** Settings given on every command line: they win over any file git might still read. */
const ISOLATION = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.symlinks=true',
  'core.filemode=true',
  'core.ignoreCase=false',
  'core.quotePath=false',
  'core.excludesFile=/dev/null',
  'core.attributesFile=/dev/null',
  'core.logAllRefUpdates=false',
  'core.bare=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'advice.detachedHead=false',
  'protocol.allow=never',
  // A split index's old listings go an hour after they were last used (git's default: two weeks).
  'splitIndex.sharedIndexExpire=1.hour.ago',
].flatMap((setting) => ['-c', setting]);

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export interface GitRunOptions {
  input?: string | Buffer;
  /** Exit codes that are not failures (default only 0). */
  okCodes?: readonly number[];
}

export class GitFailed extends Error {
  constructor(
    readonly args: readonly string[],
    readonly code: number | undefined,
    readonly stderr: string,
    readonly cause?: unknown,
  ) {
    super(`git ${args[0] ?? ''} failed${code !== undefined ? ` (exit ${code})` : ''}: ${stderr.trim().slice(0, 500)}`);
    this.name = 'GitFailed';
  }
}

/** The environment git runs with: the caller's minus every GIT_* variable, plus the store's. */
export function gitEnvironment(context: GitContext, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) if (!name.startsWith('GIT_') && value !== undefined) env[name] = value;
  if (context.searchPath !== undefined) {
    // One PATH, whatever case the caller's had (`Path` on Windows).
    for (const name of Object.keys(env)) if (name.toUpperCase() === 'PATH') delete env[name];
    env['PATH'] = context.searchPath;
  }
  return {
    ...env,
    GIT_DIR: context.gitDir,
    GIT_WORK_TREE: context.workTree,
    GIT_INDEX_FILE: context.indexFile ?? `${context.gitDir}/index`,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_OPTIONAL_LOCKS: '0',
    LC_ALL: 'C',
  };
}

/** Runs `git <args>` in the work tree; rejects with GitFailed on a spawn error or an exit code not allowed. */
export function runGit(context: GitContext, args: readonly string[], options: GitRunOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(context.program, [...ISOLATION, ...args], {
      cwd: context.workTree,
      env: gitEnvironment(context),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', (error) => reject(new GitFailed(args, undefined, error.message, error)));
    child.once('close', (code) => {
      const result = { code: code ?? -1, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') };
      if ((options.okCodes ?? [0]).includes(result.code)) resolve(result);
      else reject(new GitFailed(args, result.code, result.stderr));
    });
    // A git that exits before reading all input closes the pipe: the result says what failed.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}

/** The NUL-separated fields of git's `-z` output. */
export function nulFields(output: Buffer): string[] {
  const text = output.toString('utf8');
  const fields = text.split('\0');
  if (fields[fields.length - 1] === '') fields.pop();
  return fields;
}

/** A git object id (SHA-1 or SHA-256, lower-case hex). */
export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(value);
}
