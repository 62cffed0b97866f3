import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { compactSession, DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import { createSessionFile, loadSessionFile, openSessionFile, type CompactionEntry, type CustomEntry, type Session } from '../../../src/core/session';
import { assistant, steppingClock, user } from '../../support/builders';
import { reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';
import { sessionWithHistory } from './historySession';
import { arborChild as arbor } from './runArbor';

const KEY = 'sk-ant-cli-test-key';

/** Appends messages to a session file as another writer would (the CLI reopens it each time). */
async function appendMessages(file: string, ...messages: Parameters<Session['appendMessage']>[0][]): Promise<void> {
  const { session } = await openSessionFile(file, { createIfMissing: false });
  for (const message of messages) await session.appendMessage(message);
  await session.sync();
}

describe('arbor pin, and arbor run --tools recall (built CLI against the fake server)', function () {
  this.timeout(60000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: path.join(dir(), 'state'), PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') });

  it('pin: pins entry ID with an arbor.pin entry, --remove unpins, an unknown id is refused in one line', async () => {
    const session = await sessionWithHistory(dir());
    const target = session.getBranch()[0]!.id;
    const pinned = await arbor(dir(), env(), 'pin', session.file!, target, '--json');
    assert.equal(pinned.code, 0, pinned.stderr);
    const report = JSON.parse(pinned.stdout) as { targetId: string; pinned: boolean; pinEntryId: string };
    assert.deepEqual({ targetId: report.targetId, pinned: report.pinned }, { targetId: target, pinned: true });
    const removed = await arbor(dir(), env(), 'pin', session.file!, target, '--remove');
    assert.equal(removed.stdout, `unpinned: ${target}\n`);
    const { tree } = await loadSessionFile(session.file!);
    const pins = tree.entries.filter((entry): entry is CustomEntry => entry.type === 'custom' && entry.customType === 'arbor.pin');
    assert.deepEqual(pins.map((entry) => entry.data), [{ v: 1, targetId: target, pinned: true }, { v: 1, targetId: target, pinned: false }]);
    assert.equal(pins[0]!.id, report.pinEntryId);
    const unknown = await arbor(dir(), env(), 'pin', session.file!, 'ffffffff');
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr, `arbor pin: ${session.file!}: Entry ffffffff not found\n`);
  });

  it('pin then compact: the compaction entry\'s summary holds the pinned message\'s text verbatim', async () => {
    const session = await sessionWithHistory(dir());
    const first = session.getBranch()[0]!;
    const firstText = (first.message as { content: { text: string }[] }).content[0]!.text;
    assert.equal((await arbor(dir(), env(), 'pin', session.file!, first.id)).code, 0);
    server().script(reply(text('SUMMARY OF THE OLD PART')));
    const run = await arbor(dir(), env(), 'compact', session.file!, '--keep-recent', '300', '--json');
    assert.equal(run.code, 0, run.stderr);
    const { compactionId } = JSON.parse(run.stdout) as { compactionId: string };
    const { tree } = await loadSessionFile(session.file!);
    const summary = (tree.get(compactionId) as CompactionEntry).summary;
    assert.equal(summary.startsWith('SUMMARY OF THE OLD PART\n\n## Pinned (verbatim)\n'), true);
    assert.equal(summary.includes(`### user · entry ${first.id}\n\`\`\`\n${firstText}\n\`\`\``), true);
  });

  it('compact --pin-budget N: over the budget the warning is on stderr, and the pin is still carried', async () => {
    const session = await sessionWithHistory(dir());
    const first = session.getBranch()[0]!;
    assert.equal((await arbor(dir(), env(), 'pin', session.file!, first.id)).code, 0);
    server().script(reply(text('SUMMARY')), reply(text('SUMMARY')));
    const within = await arbor(dir(), env(), 'compact', session.file!, '--keep-recent', '300', '--json');
    assert.equal(within.code, 0, within.stderr);
    assert.equal(within.stderr, '');
    // The second compaction carries the pin again (now summarized by the first): over a budget of 1 token.
    await appendMessages(session.file!, user(`more ${'words '.repeat(400)}`), assistant('ok'));
    const over = await arbor(dir(), env(), 'compact', session.file!, '--keep-recent', '300', '--pin-budget', '1', '--json');
    assert.equal(over.code, 0, over.stderr);
    assert.match(over.stderr, /^arbor compact: 1 pinned message takes about \d+ tokens, over the pin budget of 1 \(arbor\.compaction\.pinBudget\)\./);
    const { compactionId } = JSON.parse(over.stdout) as { compactionId: string };
    const { tree } = await loadSessionFile(session.file!);
    assert.equal((tree.get(compactionId) as CompactionEntry).summary.includes(`### user · entry ${first.id}\n`), true);
  });

  it('run --tools recall: offers recall with a string query, and its result holds the summarized originals of this branch only', async () => {
    const session = await createSessionFile({ dir: dir(), cwd: dir(), clock: steppingClock() });
    await session.appendMessage(user('the staging password hint is heron'));
    const fork = await session.appendMessage(assistant('noted the heron hint'));
    await session.appendMessage(user(`long ${'words and more words '.repeat(300)}`));
    await session.appendMessage(assistant('heron kept in the recent part'));
    const leaf = session.leafId!;
    await session.branch(fork);
    await session.appendMessage(user('heron on another branch'));
    await session.branch(leaf);
    const compacted = await compactSession(session, { settings: { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 300 }, summarizer: new ScriptedSummarizer(() => ({ text: 'S' })) });
    assert.equal(compacted.kind, 'compacted');
    await session.sync();
    server().script(reply(toolUse('recall', { query: 'heron' }, 'toolu_recall_1')), reply(text('The hint is heron.')));
    const run = await arbor(dir(), env(), 'run', session.file!, 'what was the hint?', '--tools', 'recall', '--json');
    assert.equal(run.code, 0, run.stderr);
    const [first, second] = server().messageRequests();
    const tools = (first!.body as unknown as { tools: { name: string; input_schema: { properties: Record<string, { type: string }>; required: string[] } }[] }).tools;
    assert.deepEqual(tools.map((tool) => [tool.name, tool.input_schema.properties['query']!.type, tool.input_schema.required]), [['recall', 'string', ['query']]]);
    const result = (second!.body as unknown as { messages: { content: { type: string; tool_use_id?: string; content?: string | { text: string }[] }[] }[] }).messages.at(-1)!.content[0]!;
    assert.equal(result.tool_use_id, 'toolu_recall_1');
    const resultText = typeof result.content === 'string' ? result.content : result.content!.map((block) => block.text).join('');
    assert.equal(resultText.includes('the staging password hint is heron'), true);
    assert.equal(resultText.includes('noted the heron hint'), true);
    assert.equal(resultText.includes('heron kept in the recent part'), false);
    assert.equal(resultText.includes('heron on another branch'), false);
  });
});
