import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentSession, checkpointFileFor } from '../../../src/core/agent';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile, openSessionFile, type AssistantMessage } from '../../../src/core/session';
import { chunks, reply, slow, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { requestProblems } from './support/validBody';

const CHILD = path.join(__dirname, 'support', 'crashChild.ts');
const LONG_REPLY = 'The answer streams slowly, word by word, so that the process can die in the middle of it. '.repeat(4);

let bundle: Promise<string> | undefined;

/** The child bundled once per test run (starting it through tsx takes seconds on a busy machine). */
function childBundle(): Promise<string> {
  bundle ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arbor-crash-child-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const esbuild = await import('esbuild');
    const outfile = path.join(dir, 'crashChild.js');
    await esbuild.build({ entryPoints: [CHILD], outfile, bundle: true, format: 'cjs', platform: 'node', target: 'node20', logLevel: 'silent' });
    return outfile;
  })();
  return bundle;
}

/** Runs the child until `ready` says so, then kills it with SIGKILL. */
async function runAndKill(args: string[], ready: (lines: string[]) => boolean): Promise<void> {
  const script = await childBundle();
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (ready(lines)) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`the child ended by itself: ${lines.join(',')} ${stderr}`))));
  });
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('a process killed mid-turn', function () {
  this.timeout(60000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  /** Arbor's own checkpoint folder, apart from the session's. */
  const checkpoints = (): string => path.join(dir(), 'state', 'checkpoints');

  async function newSessionFile(): Promise<{ file: string; id: string }> {
    const session = await createSessionFile({ dir: dir(), cwd: dir(), clock: () => new Date() });
    return { file: session.file!, id: session.id };
  }

  async function reopen(file: string) {
    const clock = (): Date => new Date();
    const { session } = await openSessionFile(file, { clock });
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-crash-test-key', baseUrl: server().url, now: () => Date.now() });
    const agent = await AgentSession.create({ session, provider, settings: { model: 'claude-sonnet-4-6' }, clock, root: dir(), checkpointFolder: checkpoints() });
    return { session, agent };
  }

  it('mid-stream: reopening keeps the streamed part as a stopped reply, pi opens the file, and the next request is valid', async () => {
    const { file, id } = await newSessionFile();
    server().script(reply(text(LONG_REPLY), chunks(6), slow({ chunkDelayMs: 30 })));
    const checkpoint = checkpointFileFor(checkpoints(), { file, id });
    await runAndKill([file, server().url, 'Explain slowly', checkpoints()], (lines) => lines.filter((l) => l === 'text_delta').length >= 8 && existsSync(checkpoint));

    const pi = await loadPi();
    assert.deepEqual(
      pi.SessionManager.open(file, dir()).buildSessionContext().messages.map((m: { role: string }) => m.role),
      ['user'],
      'pi opens the file as the dead process left it',
    );
    const { session, agent } = await reopen(file);
    const recovered = session.getBranch().at(-1)!.message as AssistantMessage;
    assert.equal(recovered.stopReason, 'aborted');
    const partialText = (recovered.content[0] as { text: string }).text;
    assert.ok(partialText.length > 0 && LONG_REPLY.startsWith(partialText), `a streamed prefix, got ${JSON.stringify(partialText)}`);
    assert.equal(existsSync(checkpoint), false);
    assert.deepEqual(
      pi.SessionManager.open(file, dir()).buildSessionContext().messages.map((m: { role: string }) => m.role),
      ['user', 'assistant'],
      'pi opens the recovered file',
    );

    server().script(text('Continuing.'));
    await agent.prompt('Go on');
    const body = server().lastRequest().body;
    assert.deepEqual(requestProblems(body), []);
    assert.equal(JSON.stringify(body).includes(partialText.slice(0, 30)), false, 'a stopped reply is not sent');
    assert.ok(!readFileSync(file, 'utf8').includes('sk-ant-crash-test-key'));
  });

  it('mid-tool: the call gets a result in the file before the next prompt, and the request pairs them', async () => {
    const { file } = await newSessionFile();
    server().script(reply(text('Waiting.'), toolUse('wait', {}, 'toolu_wait_1')));
    await runAndKill([file, server().url, 'Wait for it', checkpoints()], (lines) => lines.includes('tool_start'));

    const pi = await loadPi();
    assert.deepEqual(
      pi.SessionManager.open(file, dir()).buildSessionContext().messages.map((m: { role: string }) => m.role),
      ['user', 'assistant'],
    );
    const { session, agent } = await reopen(file);
    server().script(text('Sorry about that.'));
    await agent.prompt('What happened?');
    const body = server().lastRequest().body;
    assert.deepEqual(requestProblems(body), []);
    const roles = session.getBranch().filter((e) => e.type === 'message').map((e) => (e.message as { role: string }).role);
    assert.deepEqual(roles, ['user', 'assistant', 'toolResult', 'user', 'assistant']);
    await waitFor(() => server().messageRequests().length === 2);
  });
});
