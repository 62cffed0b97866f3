/**
 * Workspace checkpoints (issue 19, "must hold"), on a generated workspace of 10 000 files / 200 MB
 * in a temp folder (ARBOR_BENCH_CHECKPOINT_SCALE=0.1 makes it 1 000 files / 20 MB for a quick look):
 *
 * 1. The first snapshot (opening the store included) next to a plain `git add -A && git
 *    write-tree` into a fresh private repository: ≤ 1.2×.
 * 2. An incremental snapshot after a one-file edit next to the same two commands on the warm
 *    private index: ≤ 1.5×.
 * 3. Restoring 100 changed files next to `git read-tree` + `git checkout-index` of them: ≤ 2×
 *    when the files now are recorded, as after an agent's step; reported when they were changed
 *    outside and must be stored first.
 * 4. An agent turn with one `edit` (fake Anthropic server, each reply delayed by MODEL_DELAY_MS as a
 *    model's answer is) with checkpoints on next to off: ≤ 1.1×.
 * Plain git runs with the store's isolation (its own GIT_DIR and index, no user configuration).
 * The two sides of each comparison run in turns, so that neither always runs after the other.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AgentSession } from '../src/core/agent';
import { createTools } from '../src/core/agent/tools/registry';
import { openFileCheckpointStore, SessionFilesRecorder, type FileCheckpointStore } from '../src/core/checkpoints';
import { gitEnvironment } from '../src/core/checkpoints/git';
import { createAnthropicProvider } from '../src/core/llm';
import { inMemorySession } from '../src/core/session';
import { reply, slow, startFakeAnthropic, text, toolUse } from '../test/support/fakeAnthropic';
import { alternatingMediansMs, msLine, ratioLine } from './measure';

const SCALE = Number(process.env.ARBOR_BENCH_CHECKPOINT_SCALE ?? '1');
const FILES = Math.round(10_000 * SCALE);
const FILE_BYTES = 20 * 1024;
const MODEL_DELAY_MS = 300;
const clock = (): Date => new Date();
const BENCH_SESSION = 'bench-session';

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'arbor-checkpoints-bench-'));
  try {
    const root = path.join(tmp, 'workspace');
    generateWorkspace(root);
    console.log(`workspace: ${FILES} files, ${((FILES * FILE_BYTES) / 1048576).toFixed(0)} MB`);
    const home = path.join(tmp, 'home');
    mkdirSync(home);
    const baseline = path.join(tmp, 'baseline.git');
    await firstSnapshot(root, home, tmp, baseline);
    const store = await openFileCheckpointStore({ root, home, stateHome: path.join(tmp, 'state-main'), now: () => Date.now() });
    await store.snapshot();
    await incremental(root, store, baseline);
    await restoring(root, store, baseline);
    await agentTurn(root, store);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function generateWorkspace(root: string): void {
  for (let index = 0; index < FILES; index++) {
    const folder = path.join(root, `dir${index % 100}`, `sub${index % 7}`);
    if (index < 700) mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `file${index}.txt`), randomBytes(FILE_BYTES / 2).toString('hex'));
  }
}

function plainGit(gitDir: string, root: string, args: string[], input?: string): void {
  execFileSync('git', ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', ...args], { cwd: root, env: gitEnvironment({ program: 'git', gitDir, workTree: root }), input: input ?? '', stdio: ['pipe', 'ignore', 'pipe'] });
}

async function firstSnapshot(root: string, home: string, tmp: string, baseline: string): Promise<void> {
  let round = 0;
  let storeRound = 0;
  const [plain, ours] = await alternatingMediansMs(
    3,
    () => {
      const gitDir = path.join(tmp, `plain-${round++}.git`);
      plainGit(gitDir, root, ['init', '--quiet', '--template=', gitDir]);
      plainGit(gitDir, root, ['add', '-A']);
      plainGit(gitDir, root, ['write-tree']);
      if (round < 3) rmSync(gitDir, { recursive: true, force: true });
      else execFileSync('mv', [gitDir, baseline]);
    },
    async () => {
      const store = await openFileCheckpointStore({ root, home, stateHome: path.join(tmp, `state-${storeRound++}`) });
      await store.snapshot();
      await store.clear();
    },
    { before: settle },
  );
  console.log(msLine('first snapshot: git add -A && git write-tree (fresh repository)', plain));
  console.log(msLine('first snapshot: open the store + snapshot()', ours));
  console.log(ratioLine('first snapshot / plain git', ours / plain, { max: 1.2 }));
}

async function incremental(root: string, store: FileCheckpointStore, baseline: string): Promise<void> {
  let edit = 0;
  const touch = (): void => writeFileSync(path.join(root, 'dir3', 'sub3', 'file3.txt'), `edit ${edit++}`);
  const [plain, ours] = await alternatingMediansMs(
    9,
    () => {
      plainGit(baseline, root, ['add', '-A']);
      plainGit(baseline, root, ['write-tree']);
    },
    async () => {
      await store.snapshot();
    },
    {
      before: () => {
        touch();
        settle();
      },
    },
  );
  console.log(msLine('one-file edit: git add -A && git write-tree (warm index)', plain));
  console.log(msLine('one-file edit: snapshot()', ours));
  console.log(ratioLine('incremental snapshot / plain git', ours / plain, { max: 1.5 }));
}

/**
 * Restoring a state 100 files away. The files now are usually recorded already (the agent
 * snapshots after each tool that may change files), so the restore's own snapshot only confirms
 * them: that is the case held to the limit. When the 100 files were changed outside since the last
 * snapshot, the restore first stores them (100 new blobs and the trees above them), which plain
 * git never does: that case is reported beside it.
 */
async function restoring(root: string, store: FileCheckpointStore, baseline: string): Promise<void> {
  const changed = Array.from({ length: 100 }, (_, index) => `dir${index % 100}/sub${index % 7}/file${index}.txt`);
  const change = (): void => {
    for (const file of changed) writeFileSync(path.join(root, file), randomBytes(64).toString('hex'));
  };
  plainGit(baseline, root, ['add', '-A']);
  const plainTree = execFileSync('git', ['write-tree'], { cwd: root, env: gitEnvironment({ program: 'git', gitDir: baseline, workTree: root }) }).toString().trim();
  // Recorded for a session, as a recorder does: a restore takes only such a state.
  const state = (await store.snapshot({ session: BENCH_SESSION })).state;
  const plain = (): void => {
    plainGit(baseline, root, ['read-tree', plainTree]);
    plainGit(baseline, root, ['checkout-index', '-f', '-z', '--stdin'], changed.map((file) => `${file}\0`).join(''));
  };
  const ours = async (): Promise<void> => {
    // Made equal to the state, as `arbor restore` does (the files changed outside are overwritten too).
    const report = await store.restore(state, { session: BENCH_SESSION, overwriteOutside: true });
    if (report.restored.length !== 100) throw new Error(`restored ${report.restored.length} files, not 100`);
  };
  const [plainRecorded, recorded] = await alternatingMediansMs(5, plain, ours, {
    before: async (side) => {
      change();
      if (side === 1) await store.snapshot();
      settle();
    },
  });
  console.log(msLine('restore 100 files: git read-tree + git checkout-index', plainRecorded));
  console.log(msLine('restore 100 files recorded by a step: restore()', recorded));
  console.log(ratioLine('restore / plain git', recorded / plainRecorded, { max: 2 }));
  const [plainOutside, outside] = await alternatingMediansMs(5, plain, ours, {
    before: () => {
      change();
      settle();
    },
  });
  console.log(msLine('restore 100 files changed outside: git read-tree + git checkout-index', plainOutside));
  console.log(msLine('restore 100 files changed outside: restore() (stores them first)', outside));
  console.log(ratioLine('restore of files changed outside / plain git (no limit)', outside / plainOutside));
}

/** Lets the disk finish writing what came before, so that no run pays for the one before it. */
function settle(): void {
  execFileSync('sync');
}

async function agentTurn(root: string, store: FileCheckpointStore): Promise<void> {
  const server = await startFakeAnthropic();
  try {
    let round = 0;
    const turn = async (on: boolean): Promise<number> => {
      const session = inMemorySession(root, clock);
      const provider = createAnthropicProvider({ apiKey: 'bench-key', baseUrl: server.url, now: () => Date.now() });
      const file = `dir5/sub5/file${5 + 7 * (round % 10)}.txt`;
      writeFileSync(path.join(root, file), `old text ${round}\n`);
      server.script(
        reply(toolUse('edit', { path: file, edits: [{ oldText: `old text ${round}`, newText: `new text ${round}` }] }, `toolu_${round}`), slow({ headerDelayMs: MODEL_DELAY_MS })),
        reply(text('done'), slow({ headerDelayMs: MODEL_DELAY_MS })),
      );
      round++;
      const agent = new AgentSession({
        session,
        provider,
        tools: createTools({ only: ['edit'] }),
        allowedTools: ['edit'],
        settings: { model: 'claude-sonnet-4-6', compaction: { enabled: false } },
        clock,
        root,
        systemPrompt: 'bench',
        ...(on ? { workspaceRecorder: new SessionFilesRecorder(session, store) } : {}),
      });
      const start = performance.now();
      await agent.prompt('edit the file');
      const ms = performance.now() - start;
      agent.dispose();
      if (on && !session.entries.some((entry) => entry.type === 'custom')) throw new Error('no checkpoint was recorded');
      return ms;
    };
    const off: number[] = [];
    const on: number[] = [];
    for (let index = 0; index < 5; index++) {
      off.push(await turn(false));
      on.push(await turn(true));
    }
    const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(`agent turn: one edit, two replies each delayed ${MODEL_DELAY_MS} ms by the fake server`);
    console.log(msLine('agent turn, checkpoints off', median(off)));
    console.log(msLine('agent turn, checkpoints on', median(on)));
    console.log(ratioLine('agent turn on / off', median(on) / median(off), { max: 1.1 }));
  } finally {
    await server.close();
  }
}
