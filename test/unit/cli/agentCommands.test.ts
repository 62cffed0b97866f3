import { strict as assert } from 'node:assert';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createSessionFile, loadSessionFile, positionOnOpen, type SessionEntry } from '../../../src/core/session';
import { assistant, steppingClock, toolCall, toolResult as toolResultOf, user } from '../../support/builders';
import { chunks, reply, slow, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { sessionWithHistory } from './historySession';
import { arborChild as arbor } from './runArbor';

const KEY = 'sk-ant-cli-test-key';

function messageTexts(entries: readonly SessionEntry[]): string[] {
  return entries.filter((e) => e.type === 'message').map((e) => `${(e.message as { role: string }).role}:${JSON.stringify((e.message as { content: unknown }).content)}`);
}

describe('arbor run and arbor compact (built CLI against the fake server)', function () {
  this.timeout(60000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  /** The CLI's state folder (checkpoints) inside the test's folder, never the user's. */
  const state = (): string => path.join(dir(), 'state');
  // pi's agent folder in the temp folder: the user's own ~/.pi (settings, AGENTS.md) is never read.
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: state(), PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') });

  it('run: creates the session, appends the prompt and the reply, and prints reply, entry ids and usage', async () => {
    const file = path.join(dir(), 'new.jsonl');
    server().script(reply(text('Hi there')));
    // Without checkpoints: the entries are the run's alone (test/unit/cli/checkpoints.test.ts has them).
    const run = await arbor(dir(), env(), 'run', file, 'hello', '--json', '--no-checkpoints');
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
    const printed = JSON.parse(run.stdout) as { reply: string; entryIds: string[]; usage: { input: number; output: number } };
    const { tree, header } = await loadSessionFile(file);
    assert.equal(header.cwd, dir());
    assert.deepEqual(printed.entryIds, tree.entries.map((e) => e.id));
    assert.deepEqual(tree.entries.map((e) => e.type), ['model_change', 'message', 'message']);
    assert.equal(printed.reply, 'Hi there');
    assert.equal(printed.usage.input, server().lastRequest().inputTokens);
    assert.ok(!readFileSync(file, 'utf8').includes(KEY));
  });

  it('run --tools read --yes: offers only read, runs it in the current folder, and sends its result', async () => {
    writeFileSync(path.join(dir(), 'notes.txt'), 'the secret word is tulip\n');
    const file = path.join(dir(), 'tools.jsonl');
    server().script(reply(toolUse('read', { path: 'notes.txt' }, 'toolu_read_1')), reply(text('The word is tulip.')));
    const run = await arbor(dir(), env(), 'run', file, 'what is the word?', '--tools', 'read', '--yes', '--json');
    assert.equal(run.code, 0, run.stderr);
    const [first, second] = server().messageRequests();
    const firstBody = first!.body as unknown as { tools: { name: string }[] };
    assert.deepEqual(firstBody.tools.map((t) => t.name), ['read']);
    const toolResult = JSON.stringify((second!.body as unknown as { messages: unknown[] }).messages.at(-1));
    assert.match(toolResult, /"tool_use_id":"toolu_read_1"/);
    assert.match(toolResult, /the secret word is tulip/);
    assert.equal((JSON.parse(run.stdout) as { reply: string }).reply, 'The word is tulip.');
  });

  it('run with a refused key: exit 1 with the reason, the prompt kept on a branch of its own and the position back before it', async () => {
    const file = path.join(dir(), 'refused.jsonl');
    const run = await arbor(dir(), { ...env(), ANTHROPIC_API_KEY: 'sk-ant-not-the-right-key' }, 'run', file, 'hello', '--json', '--no-checkpoints');
    assert.equal(run.code, 1, run.stderr);
    const printed = JSON.parse(run.stdout) as { reason: string; error: string; unanswered: boolean; reply: string };
    assert.equal(printed.reason, 'auth');
    assert.equal(printed.unanswered, true);
    assert.equal(printed.reply, '');
    const { tree } = await loadSessionFile(file);
    const [modelChange, user, reply] = tree.entries;
    assert.deepEqual([modelChange!.type, user!.type, reply!.type], ['model_change', 'message', 'message']);
    assert.equal((reply!.message as { stopReason: string }).stopReason, 'error');
    // Reopened, the session continues from before the prompt: running it again does not repeat it.
    assert.equal(positionOnOpen(tree), modelChange!.id);
    const text = await arbor(dir(), { ...env(), ANTHROPIC_API_KEY: 'sk-ant-not-the-right-key' }, 'run', file, 'hello', '--no-checkpoints');
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^\nerror \(auth\): .*\nThe prompt got no reply: it stays in the session on a branch of its own, and the position is back where it was sent from\.\n$/);
  });

  /** `<tmp>/here` (where arbor runs) and `<tmp>/elsewhere` (the session's header cwd), each with its own notes.txt. */
  function twoFolders() {
    const here = path.join(dir(), 'here');
    const elsewhere = path.join(dir(), 'elsewhere');
    mkdirSync(here);
    mkdirSync(elsewhere);
    writeFileSync(path.join(here, 'notes.txt'), 'the word here is tulip\n');
    writeFileSync(path.join(elsewhere, 'notes.txt'), 'the word elsewhere is rose\n');
    return { here, elsewhere };
  }

  const lastToolResult = (): string => JSON.stringify((server().lastRequest().body as unknown as { messages: unknown[] }).messages.at(-1));

  it('run: the tools work in the folder it was started in, not the one the session header names, and stderr says so', async () => {
    const { here, elsewhere } = twoFolders();
    const session = await createSessionFile({ dir: dir(), cwd: elsewhere, clock: steppingClock() });
    server().script(reply(toolUse('read', { path: 'notes.txt' }, 'toolu_read_1')), reply(text('Tulip.')));
    const run = await arbor(here, env(), 'run', session.file!, 'what is the word?', '--tools', 'read', '--yes');
    assert.equal(run.code, 0, run.stderr);
    assert.match(lastToolResult(), /the word here is tulip/);
    assert.equal(run.stderr, `arbor run: the tools work in ${here}, not in ${elsewhere} where the session was started (--cwd DIR chooses)\n`);
    assert.equal(run.stdout, 'Tulip.\n');
  });

  it("run on a session that called tools Arbor does not have: says on stderr which ones, once, and the run goes on", async () => {
    const session = await createSessionFile({ dir: dir(), cwd: dir(), clock: steppingClock() });
    await session.appendMessage(user('search the docs'));
    const search = toolCall('mcp__docs__search_pages', { query: 'x' }, 'toolu_mcp_1');
    await session.appendMessage(assistant([search], { stopReason: 'toolUse' }));
    await session.appendMessage(toolResultOf(search, 'three pages'));
    await session.appendMessage(assistant('found them'));
    await session.sync();
    server().script(reply(text('Going on.')));
    const run = await arbor(dir(), env(), 'run', session.file!, 'go on', '--tools', 'read', '--no-checkpoints');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stderr,
      'arbor run: This conversation called tools Arbor does not have: docs/search_pages (an MCP tool). Their earlier calls and results stay in the conversation; a new call to one fails (the tool is not found).\n',
    );
    assert.equal(run.stdout, 'Going on.\n');
    assert.match(JSON.stringify(server().lastRequest().body), /"name":"mcp__docs__search_pages"/);
  });

  it('run --cwd DIR: the tools work in DIR, a new session records it, and a missing folder is refused in one line', async () => {
    const { here, elsewhere } = twoFolders();
    const file = path.join(dir(), 'new.jsonl');
    server().script(reply(toolUse('read', { path: 'notes.txt' }, 'toolu_read_1')), reply(text('Rose.')));
    const run = await arbor(here, env(), 'run', file, 'what is the word?', '--tools', 'read', '--yes', '--cwd', elsewhere);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    assert.match(lastToolResult(), /the word elsewhere is rose/);
    assert.equal((await loadSessionFile(file)).header.cwd, elsewhere);
    const missing = await arbor(here, env(), 'run', file, 'again', '--cwd', path.join(dir(), 'gone'));
    assert.deepEqual({ code: missing.code, stderr: missing.stderr }, { code: 2, stderr: `arbor run: --cwd ${path.join(dir(), 'gone')}: no such folder\n` });
  });

  it('run: checkpoints a long reply in its own state folder (0700), nothing beside the session, and removes it at the end', async () => {
    const file = path.join(dir(), 'long.jsonl');
    const checkpoints = path.join(state(), 'arbor', 'checkpoints');
    server().script(reply(text('A long answer that streams for well over a second. '.repeat(8)), chunks(10), slow({ chunkDelayMs: 40 })));
    let seen: string[] = [];
    const watching = setInterval(() => {
      // Only the checkpoint itself: a save also makes a temporary file for a moment, renamed over it.
      if (seen.length === 0 && existsSync(checkpoints)) seen = readdirSync(checkpoints).filter((name) => name.endsWith('.json'));
    }, 10);
    const run = await arbor(dir(), env(), 'run', file, 'take your time').finally(() => clearInterval(watching));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(seen.length, 1);
    assert.match(seen[0]!, /^[0-9a-f]{32}\.json$/);
    assert.equal(statSync(checkpoints).mode & 0o777, 0o700);
    assert.deepEqual(readdirSync(checkpoints), []);
    assert.deepEqual(readdirSync(dir()).sort(), ['long.jsonl', 'state']);
  });

  it('run without a key: exit 2 and one line, nothing written', async () => {
    const file = path.join(dir(), 'nokey.jsonl');
    const run = await arbor(dir(), { ANTHROPIC_BASE_URL: server().url, PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') }, 'run', file, 'hello');
    assert.equal(run.code, 2);
    assert.equal(run.stderr, 'arbor run: ANTHROPIC_API_KEY is not set (see arbor --help)\n');
    assert.equal(server().messageRequests().length, 0);
  });

  it('compact: appends one compaction with the focus instructions sent, and prints its id and sizes', async () => {
    const session = await sessionWithHistory(dir());
    const lastQuestion = session.getBranch().at(-2)!;
    server().script(reply(text('SUMMARY OF THE OLD PART')));
    const run = await arbor(dir(), env(), 'compact', session.file!, '--keep-recent', '300', '--instructions', 'Focus on question 2', '--json');
    assert.equal(run.code, 0, run.stderr);
    const printed = JSON.parse(run.stdout) as { compactionId: string; tokensBefore: number; tokensAfter: number; firstKeptEntryId: string };
    const { tree } = await loadSessionFile(session.file!);
    const compaction = tree.get(printed.compactionId)!;
    assert.equal(compaction.type, 'compaction');
    assert.equal(compaction.firstKeptEntryId, lastQuestion.id);
    assert.equal(printed.firstKeptEntryId, lastQuestion.id);
    assert.ok(printed.tokensAfter < printed.tokensBefore, `${printed.tokensAfter} < ${printed.tokensBefore}`);
    assert.match(JSON.stringify(server().lastRequest().body), /Focus on question 2/);
    assert.deepEqual(messageTexts(tree.entries).length, 8);
  });
});
