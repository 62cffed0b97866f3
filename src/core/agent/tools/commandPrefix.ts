/**
 * Which first words of a bash command an approval card may offer to allow with any arguments
 * after them (a prefix rule), or none: then the card offers only the command exactly as written.
 *
 * A prefix allows every later argument, so it is offered only where the first words fix what runs
 * and the rest cannot change that: a well-known tool whose second word picks one of its own
 * subcommands (`npm test`, `git status`, `cargo build`, `make test`; a package script after `run`:
 * `npm run build`), both plain fixed words (letters, digits, `-`, `_`, `.`; a script's name may
 * hold `:`), nothing before the subcommand. Everything else gets the exact command:
 *
 * - programs that run what they are given: wrappers and runners (`env`, `timeout`, `xargs`,
 *   `find`, `sudo`, `npx`, …), shells (`sh`, `bash`, …) and interpreters (`python3`, `node`,
 *   `awk`, `sed` — its `e` command runs a shell command and `w` writes any file —, …): every program
 *   not listed below, in fact, since the prefix would allow any arguments;
 * - a listed tool with an option before its subcommand (`git -C pkg status`, `make -j4 test`),
 *   with a subcommand that runs any program, fetches code to run or changes what later runs
 *   (`npm exec`, `pnpm dlx`, `git submodule`, `go run`, …), or holding anywhere an option that does
 *   (`git fetch --upload-pack=…`, `cargo test --config …`, `npm test --script-shell=…`,
 *   `make test -f …`, `make test SHELL=…`);
 * - a subcommand or script named like a program that runs what it is given (`yarn node …`).
 */

/** What a tool's subcommands and options may do. */
interface ToolProfile {
  /** Subcommands that run any program, fetch code to run or change what later runs. */
  readonly unsafe: readonly string[];
  /** Options that run code, read settings that do, or act on another folder (anywhere in the command). */
  readonly options: readonly string[];
  /** Subcommands whose next word names a package script, which the prefix keeps. */
  readonly scripts?: readonly string[];
  /** Only these subcommands (the tool runs any program named by another word: `pnpm curl`). */
  readonly only?: readonly string[];
  /** Arguments `NAME=value` override what runs (make's variables: `SHELL=…`). */
  readonly assignments?: boolean;
}

/** npm, pnpm and yarn take their settings as options anywhere: these change what a script runs with, or where. */
const PACKAGE_MANAGER_OPTIONS = ['--script-shell', '--node-options', '--userconfig', '--globalconfig', '--prefix', '-C', '--dir', '--cwd', '--registry', '--call', '-c', '--shell', '-g', '--global', '--location'];

const TOOLS: Readonly<Record<string, ToolProfile>> = {
  npm: {
    unsafe: ['exec', 'x', 'explore', 'init', 'create', 'innit', 'config', 'c', 'set', 'pkg', 'set-script', 'edit'],
    options: PACKAGE_MANAGER_OPTIONS,
    scripts: ['run', 'run-script', 'rum', 'urn'],
  },
  pnpm: {
    unsafe: [],
    options: PACKAGE_MANAGER_OPTIONS,
    scripts: ['run', 'run-script'],
    only: ['install', 'i', 'add', 'remove', 'rm', 'uninstall', 'update', 'up', 'upgrade', 'test', 't', 'start', 'run', 'run-script', 'list', 'ls', 'outdated', 'audit', 'why', 'prune', 'dedupe', 'fetch', 'pack', 'store'],
  },
  yarn: {
    unsafe: ['exec', 'dlx', 'node', 'create', 'init', 'workspace', 'workspaces', 'plugin', 'set', 'config', 'policies', 'global'],
    options: PACKAGE_MANAGER_OPTIONS,
    scripts: ['run'],
  },
  git: {
    unsafe: ['submodule', 'bisect', 'filter-branch', 'config', 'difftool', 'mergetool', 'daemon', 'instaweb', 'credential', 'upload-pack', 'receive-pack', 'upload-archive', 'shell', 'archive', 'send-email', 'worktree', 'clone', 'hook', 'p4', 'svn', 'web--browse'],
    options: ['-c', '--config', '-C', '--git-dir', '--work-tree', '--exec-path', '--namespace', '--upload-pack', '-u', '--receive-pack', '--exec', '-x', '--template', '--output', '-o', '-O', '--open-files-in-pager', '--separate-git-dir', '--ext-diff'],
  },
  cargo: {
    unsafe: ['install', 'script'],
    options: ['--config', '-Z', '-C', '--manifest-path'],
  },
  go: {
    unsafe: ['run', 'tool', 'install', 'env'],
    options: ['-exec', '-toolexec', '-vettool', '-overlay', '-modfile', '-C'],
  },
  make: {
    unsafe: [],
    options: ['-f', '--file', '--makefile', '-C', '--directory', '--eval', '-E', '-I', '--include-dir'],
    assignments: true,
  },
};

/**
 * Programs that run what their arguments name: never a subcommand or script name of a prefix
 * (`yarn node -e …` runs code). As programs of their own they get the exact command anyway, like
 * every program not in TOOLS.
 */
const RUNS_WHAT_IT_IS_GIVEN = new Set([
  // wrappers and runners
  'env', 'timeout', 'nice', 'nohup', 'xargs', 'find', 'exec', 'command', 'sudo', 'doas', 'su', 'runuser', 'pkexec', 'time', 'watch',
  'stdbuf', 'ionice', 'chroot', 'setsid', 'flock', 'parallel', 'builtin', 'eval', 'source', 'unbuffer', 'script', 'taskset', 'chrt',
  'nsenter', 'unshare', 'strace', 'ltrace', 'gdb', 'valgrind', 'fakeroot', 'faketime', 'ssh', 'tmux', 'screen', 'busybox', 'expect',
  'npx', 'pnpx', 'bunx', 'uvx', 'pipx', 'cross-env', 'dotenv', 'env-cmd', 'nodemon', 'watchexec', 'entr', 'concurrently', 'direnv', 'nix',
  // shells
  'sh', 'bash', 'zsh', 'dash', 'fish', 'ksh', 'mksh', 'ash', 'csh', 'tcsh', 'yash', 'nu', 'xonsh', 'elvish', 'pwsh', 'powershell', 'cmd',
  // interpreters, and editors that run commands
  'python', 'pypy', 'py', 'node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'irb', 'php', 'lua', 'luajit', 'Rscript', 'R', 'awk', 'gawk',
  'mawk', 'nawk', 'sed', 'tclsh', 'wish', 'julia', 'java', 'jshell', 'groovy', 'scala', 'kotlin', 'osascript', 'swift', 'tsx', 'ts-node',
  'esno', 'vite-node', 'babel-node', 'coffee', 'ghci', 'runghc', 'runhaskell', 'escript', 'elixir', 'iex', 'vim', 'vi', 'nvim', 'ex', 'ed', 'emacs',
]);

/** An interpreter with its version in its name (`python3.12`, `node20`, `perl5`): the same program. */
const VERSIONED = /^(python|pypy|node|nodejs|ruby|perl|php|lua|luajit|tclsh|wish|julia)[0-9.]*$/;

const PLAIN_WORD = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** A package script's name (`test:unit`). */
const SCRIPT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.:-]*$/;

/** The words a prefix rule may keep for a command of these words, or undefined: only the exact command. */
export function proposedPrefix(words: readonly string[]): string[] | undefined {
  const [program, subcommand, script] = words;
  const profile = program === undefined ? undefined : Object.hasOwn(TOOLS, program) ? TOOLS[program] : undefined;
  if (profile === undefined || subcommand === undefined || !fixedWord(subcommand, PLAIN_WORD)) return undefined;
  if (profile.unsafe.includes(subcommand) || (profile.only !== undefined && !profile.only.includes(subcommand))) return undefined;
  if (words.some((word) => riskyArgument(profile, word))) return undefined;
  if (!profile.scripts?.includes(subcommand)) return [program!, subcommand];
  return script !== undefined && fixedWord(script, SCRIPT_NAME) ? [program!, subcommand, script] : undefined;
}

/**
 * Whether a command's words hold, after its program, an option that makes a listed tool run other
 * code or act elsewhere (`git fetch --upload-pack=…`, `npm test --node-options=…`, `make test
 * SHELL=…`). A prefix rule (`bash(git fetch)`) never covers such a command: the card would not have
 * proposed the prefix for it, so the rule asks again. Quotes are taken off first, as the shell does.
 */
export function widensWhatRuns(words: readonly string[]): boolean {
  const [program, ...rest] = words;
  const profile = program === undefined || !Object.hasOwn(TOOLS, program) ? undefined : TOOLS[program];
  return profile !== undefined && rest.some((word) => riskyArgument(profile, word.replace(/['"]/g, '')));
}

/** Whether a program by this name runs what it is given (a wrapper, a shell, an interpreter). */
export function runsWhatItIsGiven(name: string): boolean {
  return RUNS_WHAT_IT_IS_GIVEN.has(name) || VERSIONED.test(name);
}

function fixedWord(word: string, shape: RegExp): boolean {
  return shape.test(word) && !runsWhatItIsGiven(word);
}

function riskyArgument(profile: ToolProfile, word: string): boolean {
  if (profile.assignments && /^[A-Za-z_.][A-Za-z0-9_.]*[+:?!]*=/.test(word)) return true;
  return profile.options.some((option) => isOption(word, option));
}

/**
 * Whether `word` gives `option`: a long one (`--config`, go's `-exec`) alone or with `=value`
 * (go takes `--exec` too), a short one (`-f`) alone, with its value joined (`-fx.mk`) or among
 * other letters (`-kf`). Counting a few words too many only means the exact command is offered.
 */
function isOption(word: string, option: string): boolean {
  if (option.length > 2) {
    const doubled = option.startsWith('--') ? option : `-${option}`;
    return [option, doubled].some((form) => word === form || word.startsWith(`${form}=`));
  }
  return /^-[^-]/.test(word) && word.includes(option[1]!);
}
