/**
 * What one Send does before its request leaves (issue 27, "a prompt does its work once"), measured
 * side by side in one run on a generated workspace (1 000 files / 20 MB; ARBOR_BENCH_CHECKPOINT_SCALE
 * scales it as in checkpoints.bench.ts):
 *
 * 1. prompt() → the request leaving (the SDK hands it to `fetch`) with the workspace's files recorded
 *    before the prompt, next to recording off. The request goes out beside the recording (the user
 *    message is saved once the files before it are recorded); the reply is read ahead and handed on
 *    only then, so no event is emitted early, held and replayed. Saving the message before the
 *    request leaves would put the whole recording on this path (measured while this was written:
 *    463 ms against 1.9 ms, 242×, on a loaded machine), which a user would see. What remains of the
 *    recording here is the part of its start that runs before it first waits.
 * 2. The settings reads of a prompt: pi's two settings files were read twice per prompt (the agent's
 *    inputs for its build check and its configuration check); now once, kept until a change event.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AgentSession } from '../src/core/agent';
import { openFileCheckpointStore, SessionFilesRecorder } from '../src/core/checkpoints';
import { readPiSettings } from '../src/core/context';
import { createAnthropicProvider } from '../src/core/llm';
import { inMemorySession } from '../src/core/session';
import { CachedRead } from '../src/core/util/cachedRead';
import { reply, startFakeAnthropic, text } from '../test/support/fakeAnthropic';
import { medianMs, msLine, ratioLine, watchFetch } from './measure';

const FILES = Math.round(1000 * Number(process.env.ARBOR_BENCH_CHECKPOINT_SCALE ?? '1'));
const RUNS = 9;
const clock = (): Date => new Date();
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'arbor-send-bench-'));
  try {
    await sendToRequest(tmp);
    await settingsReads(tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function sendToRequest(tmp: string): Promise<void> {
  const root = path.join(tmp, 'workspace');
  for (let index = 0; index < FILES; index++) {
    const folder = path.join(root, `dir${index % 20}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `file${index}.txt`), randomBytes(10 * 1024).toString('hex'));
  }
  const home = path.join(tmp, 'home');
  mkdirSync(home);
  const store = await openFileCheckpointStore({ root, home, stateHome: path.join(tmp, 'state'), now: () => Date.now() });
  await store.snapshot();
  const server = await startFakeAnthropic();
  const fetchWatch = watchFetch();
  try {
    server.setHandler(() => reply(text('ok')));
    const provider = createAnthropicProvider({ apiKey: 'bench-key', baseUrl: server.url, now: () => Date.now() });
    let edit = 0;
    const send = async (recording: boolean): Promise<number> => {
      // The user changed a file since the last turn: the recording has something to store.
      writeFileSync(path.join(root, 'dir0', 'file0.txt'), `edited ${edit++}`);
      const session = inMemorySession(root, clock);
      const agent = new AgentSession({
        session,
        provider,
        settings: { model: 'claude-sonnet-4-6', compaction: { enabled: false } },
        clock,
        root,
        systemPrompt: 'bench',
        ...(recording ? { workspaceRecorder: new SessionFilesRecorder(session, store) } : {}),
      });
      const start = performance.now();
      await agent.prompt('what changed?');
      agent.dispose();
      if (recording && !session.entries.some((entry) => entry.type === 'custom')) throw new Error('no files were recorded');
      return fetchWatch.last() - start;
    };
    await send(false);
    await send(true);
    const off: number[] = [];
    const on: number[] = [];
    for (let index = 0; index < RUNS; index++) {
      off.push(await send(false));
      on.push(await send(true));
    }
    console.log(`workspace: ${FILES} files; one file edited before each Send`);
    console.log(msLine('prompt() → request leaves, files not recorded', median(off)));
    console.log(msLine('prompt() → request leaves, files recorded beside it', median(on)));
    console.log(ratioLine('prompt() → request leaves, recording on / off', median(on) / median(off)));
  } finally {
    fetchWatch.restore();
    await server.close();
  }
}

async function settingsReads(tmp: string): Promise<void> {
  const agentDir = path.join(tmp, 'agent');
  const cwd = path.join(tmp, 'project');
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(path.join(cwd, '.pi'), { recursive: true });
  writeFileSync(path.join(agentDir, 'settings.json'), JSON.stringify({ compaction: { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 } }));
  writeFileSync(path.join(cwd, '.pi', 'settings.json'), JSON.stringify({ compaction: { keepRecentTokens: 30000 } }));
  const read = (): ReturnType<typeof readPiSettings> => readPiSettings({ cwd, agentDir, trusted: true });
  const cached = new CachedRead(read);
  await cached.get();
  const before = await medianMs(RUNS * 10, async () => {
    await read();
    await read();
  });
  const now = await medianMs(RUNS * 10, async () => {
    await cached.get();
    await cached.get();
  });
  console.log(msLine("pi's settings per prompt, read twice (before)", before));
  console.log(msLine("pi's settings per prompt, kept until a change event (now)", now));
  console.log(ratioLine("pi's settings per prompt, now / before", now / before));
}
