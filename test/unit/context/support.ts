/**
 * Planted folder trees for the project-context tests, a file-system port that counts what it is
 * asked, and pi's agent folder pointed at a temp folder while a test runs (so the user's own
 * ~/.pi is never read, by Arbor or by pi).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { nodeContextFs, type ContextFs } from '../../../src/core/context';

/** Writes each `relative path → content` under `root`, creating folders. */
export function plant(root: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

/**
 * Under `root`: pi's agent folder `agent/` with a global AGENTS.md, then `root/` (AGENTS.md), a
 * parent with CLAUDE.md only, the workspace `root/parent/ws` with both files (AGENTS.md is the
 * one pi reads), and a sibling folder whose file must never load.
 */
export function plantContextTree(root: string): void {
  plant(root, {
    'agent/AGENTS.md': 'Global rules.\n',
    'root/AGENTS.md': 'Root rules.\n',
    'root/parent/CLAUDE.md': 'Parent rules, Claude style.\n',
    'root/parent/ws/AGENTS.md': 'Workspace rules.\n',
    'root/parent/ws/CLAUDE.md': 'Workspace Claude rules (never read: AGENTS.md comes first).\n',
    'root/parent/sibling/AGENTS.md': 'Sibling rules.\n',
  });
}

export interface CountingFs extends ContextFs {
  stats: string[];
  realpaths: string[];
  reads: string[];
  reset(): void;
}

/** The real file system, with every stat, realpath and read recorded by path. */
export function countingFs(): CountingFs {
  const fs: CountingFs = {
    stats: [],
    realpaths: [],
    reads: [],
    reset() {
      fs.stats = [];
      fs.realpaths = [];
      fs.reads = [];
    },
    stat(file) {
      fs.stats.push(file);
      return nodeContextFs.stat(file);
    },
    realpath(file) {
      fs.realpaths.push(file);
      return nodeContextFs.realpath(file);
    },
    read(file, maxBytes) {
      fs.reads.push(file);
      return nodeContextFs.read(file, maxBytes);
    },
  };
  return fs;
}

/** How many times each path appears, for the paths that appear more than once. */
export function repeated(paths: readonly string[]): string[] {
  return [...new Set(paths.filter((p, i) => paths.indexOf(p) !== i))];
}

/** Points `$PI_CODING_AGENT_DIR` (and nothing else of pi's) at `dir()` for each test. */
export function usePiAgentDirEnv(dir: () => string): void {
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.PI_CODING_AGENT_DIR;
    process.env.PI_CODING_AGENT_DIR = dir();
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.PI_CODING_AGENT_DIR;
    else process.env.PI_CODING_AGENT_DIR = saved;
  });
}
