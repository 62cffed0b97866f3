import { strict as assert } from 'node:assert';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadSessionFile, type SessionEntry } from '../../../src/core/session';
import { text, toolUse, reply, useFakeAnthropic } from '../../support/fakeAnthropic';
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
  // pi's agent folder in the temp folder: the user's own ~/.pi (settings, AGENTS.md) is never read.
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') });

  it('run: creates the session, appends the prompt and the reply, and prints reply, entry ids and usage', async () => {
    const file = path.join(dir(), 'new.jsonl');
    server().script(reply(text('Hi there')));
    const run = await arbor(dir(), env(), 'run', file, 'hello', '--json');
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

  it('run --tools read --yes: offers only read, runs it in the session folder, and sends its result', async () => {
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
