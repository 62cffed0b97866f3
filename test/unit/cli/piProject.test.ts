/**
 * `arbor run` and `arbor compact` know the project as pi does (the built CLI, as a process,
 * against the fake server): the system prompt carries pi's context files in pi's order, the
 * compaction budgets come from pi's settings for the current folder, and `run --json` counts the
 * compaction it ran. pi's agent folder is a temp folder (`PI_CODING_AGENT_DIR`).
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, symlinkSync } from 'node:fs';
import * as path from 'node:path';
import { createTools, toolSpecs } from '../../../src/core/agent/tools/registry';
import { ProjectPrompt } from '../../../src/core/context';
import { loadSessionFile, type AssistantMessage, type CompactionEntry } from '../../../src/core/session';
import type { SpendTotals } from '../../../src/core/tokens';
import { reply, text, usage, useFakeAnthropic } from '../../support/fakeAnthropic';
import { askPiNode22 } from '../../support/piNode22';
import { useTempDir } from '../../support/tempDir';
import { plant, plantContextTree } from '../context/support';
import { sessionWithHistory } from './historySession';
import { arborChild as arbor } from './runArbor';

const KEY = 'sk-ant-cli-test-key';

describe('arbor run and compact know the project as pi does (built CLI against the fake server)', function () {
  this.timeout(60000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const tmp = useTempDir();
  const agentDir = (): string => path.join(tmp(), 'agent');
  const workspace = (): string => path.join(tmp(), 'root', 'parent', 'ws');
  // The temp folder is the home folder: the planted folders above the workspace lie inside it.
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, PI_CODING_AGENT_DIR: agentDir(), HOME: tmp() });
  const systemText = (): string => ((server().lastRequest().body!.system as { text: string }[])[0]!).text;

  it("run sends the extension's system prompt: every file pi loads, in pi's order, and no other", async () => {
    plantContextTree(tmp());
    server().script(text('Noted.'));
    const run = await arbor(workspace(), env(), 'run', path.join(workspace(), 'new.jsonl'), 'hello');
    assert.deepEqual([run.code, run.stderr], [0, '']);
    const sent = systemText();
    const extension = await new ProjectPrompt({ cwd: workspace(), agentDir: agentDir(), trusted: true, contextFiles: true, home: tmp() }).systemPrompt({ root: workspace(), tools: toolSpecs(createTools()) });
    assert.equal(sent, extension);
    const files = await askPiNode22({ call: 'contextFiles', cwd: workspace(), agentDir: agentDir() });
    assert.equal(files.length, 4);
    const positions = files.map((file) => sent.indexOf(`<project_instructions path="${file.path}">\n${file.content}\n</project_instructions>`));
    assert.ok(positions.every((at, i) => at > 0 && (i === 0 || at > positions[i - 1]!)), `in pi's order: ${positions.join(', ')}`);
    assert.doesNotMatch(sent, /Sibling rules|Workspace Claude rules/);
  });

  it('run sends nothing of a CLAUDE.md or .pi/APPEND_SYSTEM.md that links out of the folder, names each on stderr with the flag that reads it, and --allow-context reads it', async () => {
    plant(tmp(), { 'secrets/id_ed25519': 'PRIVATE-KEY-MATERIAL\n', 'secrets/credentials': 'aws_secret_access_key = SECRET-VALUE\n' });
    const key = path.join(tmp(), 'secrets', 'id_ed25519');
    const credentials = path.join(tmp(), 'secrets', 'credentials');
    mkdirSync(path.join(workspace(), '.pi'), { recursive: true });
    symlinkSync(path.relative(workspace(), key), path.join(workspace(), 'CLAUDE.md'));
    symlinkSync(credentials, path.join(workspace(), '.pi', 'APPEND_SYSTEM.md'));
    server().script(text('Noted.'), text('Noted again.'));
    const run = await arbor(workspace(), env(), 'run', path.join(workspace(), 'new.jsonl'), 'hello');
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(JSON.stringify(server().lastRequest().body), /PRIVATE-KEY|SECRET-VALUE/);
    const outside = (name: string, target: string): string => `warning: ${path.join(workspace(), name)} was not read: it leads to ${target}, outside the workspace. --allow-context ${target} reads it.\n`;
    assert.equal(run.stderr, outside(path.join('.pi', 'APPEND_SYSTEM.md'), credentials) + outside('CLAUDE.md', key));
    const allowed = await arbor(workspace(), env(), 'run', path.join(workspace(), 'new.jsonl'), 'again', '--allow-context', path.join(tmp(), 'secrets'));
    assert.deepEqual([allowed.code, allowed.stderr], [0, '']);
    assert.match(systemText(), /PRIVATE-KEY-MATERIAL/);
    assert.match(systemText(), /SECRET-VALUE/);
  });

  it('run --no-context-files sends none of them', async () => {
    plantContextTree(tmp());
    server().script(text('Noted.'));
    const run = await arbor(workspace(), env(), 'run', path.join(workspace(), 'new.jsonl'), 'hello', '--no-context-files');
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(systemText(), /<project_context>|[A-Z][a-z]+ rules/);
  });

  it("compact takes keepRecentTokens from pi's settings for the current folder, and a flag wins over them", async () => {
    mkdirSync(workspace(), { recursive: true });
    const withoutSettings = await sessionWithHistory(workspace());
    const nothing = await arbor(workspace(), env(), 'compact', withoutSettings.file!);
    // pi's default keeps 20 000 recent tokens: all of this short session.
    assert.deepEqual([nothing.code, nothing.stderr], [2, `arbor compact: ${withoutSettings.file}: Nothing to compact (all of it fits in the recent messages kept verbatim)\n`]);
    plant(workspace(), { '.pi/settings.json': '{"compaction":{"keepRecentTokens":300}}' });
    server().script(reply(text('SUMMARY'), usage({ input_tokens: 900, output_tokens: 60 })));
    const compacted = await arbor(workspace(), env(), 'compact', withoutSettings.file!, '--json');
    assert.equal(compacted.code, 0, compacted.stderr);
    const printed = JSON.parse(compacted.stdout) as { firstKeptEntryId: string; usage: CompactionEntry['usage'] };
    assert.equal(printed.firstKeptEntryId, withoutSettings.getBranch().at(-2)!.id);
    const { tree } = await loadSessionFile(withoutSettings.file!);
    assert.deepEqual(printed.usage, (tree.entries.at(-1) as CompactionEntry).usage);
    assert.deepEqual([printed.usage!.input, printed.usage!.output], [900, 60]);
    const flagged = await sessionWithHistory(path.join(tmp(), 'other'));
    const flagWins = await arbor(workspace(), env(), 'compact', flagged.file!, '--keep-recent', '50000');
    assert.equal(flagWins.code, 2);
  });

  it("compact takes pi's model override for the model the session runs on, not for --model", async () => {
    mkdirSync(workspace(), { recursive: true });
    // The session's replies come from anthropic/claude-sonnet-4-6; only its override keeps little enough to compact.
    const overridden = await sessionWithHistory(workspace());
    plant(workspace(), { '.pi/settings.json': '{"compaction":{"keepRecentTokens":50000,"modelOverrides":{"anthropic/claude-sonnet-4-6":{"keepRecentTokens":300}}}}' });
    server().script(text('SUMMARY'));
    const compacted = await arbor(workspace(), env(), 'compact', overridden.file!, '--model', 'claude-haiku-4-5', '--json');
    assert.equal(compacted.code, 0, compacted.stderr);
    assert.equal((JSON.parse(compacted.stdout) as { firstKeptEntryId: string }).firstKeptEntryId, overridden.getBranch().at(-2)!.id);
    const other = await sessionWithHistory(path.join(tmp(), 'other'));
    plant(workspace(), { '.pi/settings.json': '{"compaction":{"keepRecentTokens":50000,"modelOverrides":{"anthropic/claude-haiku-4-5":{"keepRecentTokens":300}}}}' });
    const nothing = await arbor(workspace(), env(), 'compact', other.file!, '--model', 'claude-haiku-4-5');
    assert.deepEqual([nothing.code, nothing.stderr], [2, `arbor compact: ${other.file}: Nothing to compact (all of it fits in the recent messages kept verbatim)\n`]);
  });

  it("warns about a broken pi settings file by name and compacts with the defaults", async () => {
    mkdirSync(workspace(), { recursive: true });
    const session = await sessionWithHistory(workspace());
    plant(tmp(), { 'agent/settings.json': '{"compaction": ' });
    server().script(text('SUMMARY'));
    const run = await arbor(workspace(), env(), 'compact', session.file!, '--keep-recent', '300');
    assert.equal(run.code, 0);
    assert.match(run.stderr, new RegExp(`^warning: pi's settings file ${path.join(agentDir(), 'settings.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not used: it is not valid JSON \\(.+\\)\\.\\n$`));
  });

  it('run --json counts the compaction it ran in its usage, apart from the replies', async () => {
    mkdirSync(workspace(), { recursive: true });
    const session = await sessionWithHistory(workspace());
    plant(workspace(), { '.pi/settings.json': '{"compaction":{"keepRecentTokens":300,"reserveTokens":16384}}' });
    // The reply fills a 200 000-token window past its threshold: the run compacts after the turn.
    server().script(reply(text('Here you go.'), usage({ input_tokens: 190_000, output_tokens: 40 })), reply(text('SUMMARY'), usage({ input_tokens: 2000, output_tokens: 150 })));
    const run = await arbor(workspace(), env(), 'run', session.file!, 'one more', '--model', 'claude-sonnet-4-5', '--json');
    assert.equal(run.code, 0, run.stderr);
    const printed = JSON.parse(run.stdout) as { entryIds: string[]; usage: SpendTotals };
    const { tree } = await loadSessionFile(session.file!);
    const appended = printed.entryIds.map((id) => tree.get(id)!);
    const compaction = appended.find((entry) => entry.type === 'compaction') as CompactionEntry;
    const replyUsage = (appended.find((entry) => entry.type === 'message' && (entry.message as AssistantMessage).role === 'assistant')!.message as AssistantMessage).usage;
    assert.deepEqual([printed.usage.summaries.input, printed.usage.summaries.output, printed.usage.summaries.count], [compaction.usage!.input, compaction.usage!.output, 1]);
    assert.deepEqual([compaction.usage!.input, compaction.usage!.output], [2000, 150]);
    assert.deepEqual([printed.usage.replies.input, printed.usage.replies.count], [replyUsage.input, 1]);
    assert.equal(printed.usage.input, 190_000 + 2000);
    assert.equal(printed.usage.cost, replyUsage.cost!.total + compaction.usage!.cost!.total);
    assert.doesNotMatch(JSON.stringify(server().messageRequests()[1]!.body), /cache_control/);
  });
});
