import { strict as assert } from 'node:assert';
import {
  compact,
  CompactionError,
  DEFAULT_COMPACTION_SETTINGS,
  historyPrompt,
  joinTextBlocks,
  prepareCompaction,
  SUMMARIZATION_SYSTEM_PROMPT,
  summaryMaxTokens,
  type CompactionPreparation,
} from '../../../src/core/compaction';
import type { SessionEntry } from '../../../src/core/session';
import { assistant, toolCall, toolResult, user } from '../../support/builders';
import { loadFixture, sha256 } from './support/fixtures';
import { chars, compactionEntry, pathOf } from './support/path';
import { loadPi, type FauxReply } from './support/piOracle';
import { byKind, isPrefixRequest, ScriptedSummarizer } from './support/scriptedSummarizer';

const settings = (keepRecentTokens: number) => ({ ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens });

/** Two full turns and a third whose end is kept: a split turn with history before it. */
function splitPath(): SessionEntry[] {
  const read = toolCall('read', { path: 'src/a.ts' });
  return pathOf(user('first task'), assistant('done first'), user('second task'), assistant([read]), toolResult(read, chars(2000)), assistant(chars(2000)));
}

async function compacted(preparation: CompactionPreparation, summarizer: ScriptedSummarizer, extra: object = {}) {
  const outcome = await compact(preparation, { summarizer, ...extra });
  assert.equal(outcome.kind, 'compacted');
  return (outcome as Extract<typeof outcome, { kind: 'compacted' }>).result;
}

describe('compact with a scripted summarizer', () => {
  it('sends one user message per request with our system prompt, asking for the model\'s whole output limit as pi 1.6 does', async () => {
    const pi = await loadPi();
    const fake = pi.fakeModel((prompt) => (prompt.includes('# Instructions') ? 'P' : 'H'));
    try {
      await pi.compact(pi.prepareCompaction(splitPath(), settings(600)), fake.model, 'key');
    } finally {
      fake.dispose();
    }
    assert.equal(fake.requests.length, 2);
    // pi passes no maxTokens: the provider asks for the model's limit, fitted into the window.
    assert.deepEqual(fake.requests.map((request) => request.options.maxTokens), [undefined, undefined]);
    const summarizer = new ScriptedSummarizer(byKind);
    const preparation = prepareCompaction(splitPath(), { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 600, reserveTokens: 50000 })!;
    assert.equal(preparation.isSplitTurn, true);
    await compacted(preparation, summarizer, { summarizerContextWindow: 200000, maxOutputTokens: 64000 });
    assert.deepEqual(summarizer.requests.map((r) => r.maxTokens), [64000, 64000], 'the reserve sizes nothing');
    for (const request of summarizer.requests) {
      assert.equal(request.messages.length, 1);
      assert.equal(request.messages[0]!.role, 'user');
      // Our own system prompt: the reference's (317 chars, sha 78c24210…) is not ours to copy.
      assert.equal(request.systemPrompt, SUMMARIZATION_SYSTEM_PROMPT);
    }
  });

  it('asks for reasoning at the session thinking level only on reasoning models', async () => {
    const preparation = prepareCompaction(splitPath(), settings(600))!;
    for (const [thinkingLevel, modelReasoning, expected] of [['off', true, undefined], ['high', true, 'high'], ['high', false, undefined]] as const) {
      const summarizer = new ScriptedSummarizer(byKind);
      await compacted(preparation, summarizer, { thinkingLevel, modelReasoning });
      assert.deepEqual(summarizer.requests.map((r) => r.reasoning), [expected, expected], `${thinkingLevel}/${modelReasoning}`);
    }
  });

  it('builds the history-update prompt byte for byte like the reference (sha from the fixture)', async () => {
    const { path, expected } = await loadFixture('synthetic-branched');
    const previousSummary = prepareCompaction(path, settings(1000))!.previousSummary;
    // The fixture's only requests update an empty conversation; the update prompt is pi's text, word for word.
    const records: { customInstructions: string | null; requests: { promptText: { length: number; sha256: string } }[] }[] = expected.fauxLLM.compact;
    const plain = records.find((c) => c.customInstructions === null)!;
    const focused = records.find((c) => c.customInstructions === 'Focus on the test files')!;
    const prompt = historyPrompt({ conversation: '', previousSummary });
    assert.equal(prompt.length, plain.requests[0].promptText.length);
    assert.equal(sha256(prompt), plain.requests[0].promptText.sha256);
    const withFocus = historyPrompt({ conversation: '', previousSummary, customInstructions: 'Focus on the test files' });
    assert.equal(sha256(withFocus), focused.requests[0].promptText.sha256);
    assert.ok(withFocus.includes('\n\nAdditional focus: Focus on the test files'));
    assert.ok(prompt.startsWith('<conversation>\n\n</conversation>\n\n<previous-summary>\n'));
  });

  it('summarizes the whole span with the initial prompt when there is no previous summary', async () => {
    const summarizer = new ScriptedSummarizer(byKind);
    const path = pathOf(user('q1'), assistant('a1'), user(chars(4000)), assistant('a2'));
    await compacted(prepareCompaction(path, settings(500))!, summarizer);
    assert.equal(summarizer.requests.length, 1);
    assert.equal(summarizer.prompt(0), historyPrompt({ conversation: '[User]: q1\n\n[Assistant]: a1' }));
  });

  it('passes the /compact instructions to the turn-prefix request too, as pi 1.6 does', async () => {
    const pi = await loadPi();
    const focus = 'Focus on the test files';
    const fake = pi.fakeModel((prompt) => (prompt.includes('# Instructions') ? 'P' : 'H'));
    try {
      await pi.compact(pi.prepareCompaction(splitPath(), settings(600)), fake.model, 'key', undefined, focus);
    } finally {
      fake.dispose();
    }
    assert.equal(fake.prompts.length, 2);
    for (const prompt of fake.prompts) assert.ok(prompt.endsWith(`\n\nAdditional focus: ${focus}`), 'pi: history and prefix');
    const summarizer = new ScriptedSummarizer(byKind);
    const preparation = prepareCompaction(splitPath(), settings(600))!;
    assert.equal(preparation.isSplitTurn, true);
    await compacted(preparation, summarizer, { customInstructions: focus });
    assert.equal(summarizer.requests.length, 2);
    for (let i = 0; i < 2; i++) assert.ok(summarizer.prompt(i).endsWith(`\n\nAdditional focus: ${focus}`), `request ${i}`);
  });

  it('carries the previous summary forward when a split turn has no history of its own, as pi 1.6 does, without its old file lists', async () => {
    const pi = await loadPi();
    const edit = toolCall('edit', { path: 'src/x.ts', edits: [] });
    const read = toolCall('read', { path: 'src/x.ts' });
    const details = { readFiles: ['prev-read.ts'], modifiedFiles: ['prev-mod.ts'] };
    const previousFiles = '\n\n<read-files>\nprev-read.ts\n</read-files>\n\n<modified-files>\nprev-mod.ts\n</modified-files>';
    const path = pathOf(
      user('u1'),
      assistant([toolCall('read', { path: 'old.ts' })]),
      compactionEntry({ summary: `PREV SUMMARY${previousFiles}`, firstKeptEntryId: 'e4', details }),
      user('u2'),
      assistant([edit]),
      toolResult(edit, chars(800)),
      assistant([read]),
      toolResult(read, 'x'),
      assistant('a4'),
    );
    const files = '\n\n<read-files>\nprev-read.ts\n</read-files>\n\n<modified-files>\nprev-mod.ts\nsrc/x.ts\n</modified-files>';
    const fake = pi.fakeModel(() => 'P');
    try {
      const theirs = await pi.compact(pi.prepareCompaction(path, settings(150)), fake.model, 'key');
      assert.equal(fake.prompts.length, 1, 'only the turn-prefix request');
      // 0.73.1 wrote "No prior history." and lost the previous summary; pi 1.6 keeps it, file lists included.
      assert.equal(theirs.summary, `PREV SUMMARY${previousFiles}\n\n---\n\n**Turn Context (split turn):**\n\nP${files}`);
    } finally {
      fake.dispose();
    }
    const summarizer = new ScriptedSummarizer(() => ({ text: 'P' }));
    const ours = await compacted(prepareCompaction(path, settings(150))!, summarizer);
    assert.equal(summarizer.requests.length, 1, 'still only the turn-prefix request');
    // Arbor lists the files once, at the end (deliberately differs from pi, which repeats the old lists in the middle).
    assert.equal(ours.summary, `PREV SUMMARY\n\n---\n\n**Turn Context (split turn):**\n\nP${files}`);
  });

  it('appends the file lists and stores them as details', async () => {
    const read = toolCall('read', { path: 'src/b.ts' });
    const edit = toolCall('edit', { path: 'src/a.ts' });
    const path = pathOf(user('q'), assistant([read, edit]), toolResult(read, 'b'), toolResult(edit, 'ok'), user(chars(4000)), assistant('done'));
    const result = await compacted(prepareCompaction(path, settings(500))!, new ScriptedSummarizer(() => ({ text: 'S' })));
    assert.equal(result.summary, 'S\n\n<read-files>\nsrc/b.ts\n</read-files>\n\n<modified-files>\nsrc/a.ts\n</modified-files>');
    assert.deepEqual(result.details, { readFiles: ['src/b.ts'], modifiedFiles: ['src/a.ts'] });
    const plain = await compacted(prepareCompaction(pathOf(user('q'), assistant('a'), user(chars(4000)), assistant('done')), settings(500))!, new ScriptedSummarizer(() => ({ text: 'S' })));
    assert.equal(plain.summary, 'S');
    assert.deepEqual(plain.details, { readFiles: [], modifiedFiles: [] });
  });

  it('makes no request for an empty span, as pi 1.6 (0.73.1 asked the model to summarize an empty conversation)', async () => {
    const pi = await loadPi();
    const { path } = await loadFixture('synthetic-branched');
    assert.equal(pi.prepareCompaction(path, settings(20000)), undefined, 'pi 1.6: "Nothing to compact"');
    const summarizer = new ScriptedSummarizer();
    assert.deepEqual(await compact(prepareCompaction(path, settings(20000))!, { summarizer }), { kind: 'nothing-to-compact', reason: 'empty-span' });
    assert.equal(summarizer.requests.length, 0);
  });

  it('fails with the reference messages when a request fails', async () => {
    const failing = (kind: string) => new ScriptedSummarizer((request) => {
      if (isPrefixRequest(request) === (kind === 'prefix')) throw new Error('529 overloaded');
      return { text: 'ok' };
    });
    const preparation = prepareCompaction(splitPath(), settings(600))!;
    await assert.rejects(compact(preparation, { summarizer: failing('history') }), (error: CompactionError) => error.reason === 'summarization-failed' && error.message === 'Summarization failed: 529 overloaded');
    await assert.rejects(compact(preparation, { summarizer: failing('prefix') }), { message: 'Turn prefix summarization failed: 529 overloaded' });
  });

  it('writes no summary that stopped at the output limit or called a tool, failing with pi 1.6\'s messages', async () => {
    const pi = await loadPi();
    const path = splitPath();
    const cases: { reply: FauxReply; refused: 'history' | 'prefix' }[] = [
      { reply: { text: '## Goal\nhalf', stopReason: 'length' }, refused: 'history' },
      { reply: { text: '## Goal\nhalf', stopReason: 'length' }, refused: 'prefix' },
      { reply: { text: 'Let me read it.', toolCall: true }, refused: 'history' },
      { reply: { text: 'Let me read it.', toolCall: true }, refused: 'prefix' },
    ];
    for (const { reply, refused } of cases) {
      const answer = (prefix: boolean): FauxReply => (prefix === (refused === 'prefix') ? reply : { text: 'fine' });
      const fake = pi.fakeModel((prompt) => answer(prompt.includes('# Instructions')));
      let theirs: string;
      try {
        theirs = await pi.compact(pi.prepareCompaction(path, settings(600)), fake.model, 'key').then(() => 'written', (error: Error) => error.message);
      } finally {
        fake.dispose();
      }
      const summarizer = new ScriptedSummarizer((request) => {
        const { text, stopReason, toolCall } = answer(isPrefixRequest(request));
        return { text, ...(stopReason ? { stopReason } : {}), ...(toolCall ? { calledTool: true } : {}) };
      });
      const ours = await compact(prepareCompaction(path, settings(600))!, { summarizer }).then(() => 'written', (error: CompactionError) => `${error.reason}: ${error.message}`);
      assert.notEqual(theirs, 'written');
      assert.equal(ours, `summarization-failed: ${theirs}`, `${refused}: ${JSON.stringify(reply)}`);
    }
  });

  it('joins the text blocks of a multi-block reply with a newline, without thinking', async () => {
    const reply = joinTextBlocks([{ type: 'text', text: 'A' }, { type: 'thinking' }, { type: 'text', text: 'B' }]);
    const path = pathOf(user('q'), assistant([toolCall('read', { path: 'r.ts' })]), user(chars(4000)), assistant('done'));
    const result = await compacted(prepareCompaction(path, settings(500))!, new ScriptedSummarizer(() => ({ text: reply })));
    assert.equal(result.summary, 'A\nB\n\n<read-files>\nr.ts\n</read-files>');
  });

  it('runs the history and turn-prefix requests in parallel and merges them', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const summarizer = new ScriptedSummarizer(async (request) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return byKind(request, 0);
    });
    const result = await compacted(prepareCompaction(splitPath(), settings(600))!, summarizer);
    assert.equal(maxInFlight, 2);
    assert.equal(result.summary, '[history]\n\n---\n\n**Turn Context (split turn):**\n\n[turn prefix]\n\n<read-files>\nsrc/a.ts\n</read-files>');
  });

  it('records Arbor\'s bookkeeping beside pi\'s fields, timed by the injected clock', async () => {
    let now = 1000;
    const summarizer = new ScriptedSummarizer(() => ({ text: 'S', usage: { input: 120, output: 30 }, model: 'claude-haiku' }));
    const result = await compacted(prepareCompaction(pathOf(user('q'), assistant('a'), user(chars(4000)), assistant('done')), settings(500))!, summarizer, { now: () => (now += 250) });
    assert.deepEqual(result.usage, { input: 120, output: 30, cacheRead: 0, cacheWrite: 0, totalTokens: 150, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } });
    assert.deepEqual(result.arbor, {
      tokensAfter: 1 + 1001,
      summarizerModel: 'claude-haiku',
      requests: 1,
      chunks: 1,
      durationMs: 500,
      summarizedEntries: 2,
      adjustments: [],
    });
    // Clock reads: start 1250, the request's timestamp 1500, the end 1750 (the "after" reads no clock).
    assert.equal(summarizer.requests[0]!.messages[0]!.timestamp, 1500);
  });

  it('adds up the usage and the cost of every request of a split turn in pi\'s Usage shape', async () => {
    const cost = (input: number, output: number) => ({ input, output, cacheRead: 0.5, cacheWrite: 0.25, total: input + output + 0.75 });
    const summarizer = new ScriptedSummarizer((request) => {
      const prefix = (request.messages[0]!.content as { text: string }[])[0]!.text.includes('## Original Request');
      return prefix
        ? { text: 'P', usage: { input: 10, output: 2, cacheRead: 4, cacheWrite: 1, cost: cost(1, 2) } }
        : { text: 'H', usage: { input: 20, output: 3, cacheRead: 5, cacheWrite: 6, cost: cost(4, 8) } };
    });
    const result = await compacted(prepareCompaction(splitPath(), settings(600))!, summarizer);
    assert.equal(summarizer.requests.length, 2);
    assert.deepEqual(result.usage, { input: 30, output: 5, cacheRead: 9, cacheWrite: 7, totalTokens: 51, cost: { input: 5, output: 10, cacheRead: 1, cacheWrite: 0.5, total: 16.5 } });
  });
});

describe("a summary request's output limit (pi-ai's rule: the model's limit fitted into the window)", () => {
  it('is the model\'s output limit when the window has room for it after the input and a 4096-token margin', () => {
    assert.equal(summaryMaxTokens({ inputTokens: 10000, contextWindow: 200000, maxOutputTokens: 64000 }), 64000);
    // 200 000 − 150 000 − 22 500 (15 % of the input) = 27 500 < 32 768: only the fixed margin, at most 32 768.
    assert.equal(summaryMaxTokens({ inputTokens: 150000, contextWindow: 200000, maxOutputTokens: 64000 }), 32768);
    // 200 000 − 180 000 − 4096.
    assert.equal(summaryMaxTokens({ inputTokens: 180000, contextWindow: 200000, maxOutputTokens: 64000 }), 15904);
    assert.equal(summaryMaxTokens({ inputTokens: 199000, contextWindow: 200000, maxOutputTokens: 64000 }), 1);
  });

  it('is what the window leaves when the limit is unknown (the provider then applies the model\'s)', () => {
    // 128 000 − 1000 − 4096.
    assert.equal(summaryMaxTokens({ inputTokens: 1000, contextWindow: 128000 }), 122904);
    // 15 % of 100 000 is more than 4096: 1 000 000 − 100 000 − 15 000.
    assert.equal(summaryMaxTokens({ inputTokens: 100000, contextWindow: 1000000 }), 885000);
  });
});
