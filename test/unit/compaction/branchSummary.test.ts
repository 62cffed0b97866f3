import { strict as assert } from 'node:assert';
import {
  BRANCH_SUMMARY_PREAMBLE,
  collectEntriesForBranchSummary,
  computeFileLists,
  generateBranchSummary,
  NO_CONTENT_TO_SUMMARIZE,
  prepareBranchEntries,
  serializeConversation,
  SUMMARIZATION_SYSTEM_PROMPT,
} from '../../../src/core/compaction';
import { convertToLlm } from '../../../src/core/session';
import { assistant, user } from '../../support/builders';
import { loadFixture } from './support/fixtures';
import { branchSummaryEntry, chars, labelEntry, pathOf } from './support/path';
import { loadPi } from './support/piOracle';
import { hangingSummarizer, ScriptedSummarizer } from './support/scriptedSummarizer';

describe('branch summaries', () => {
  it('collects nothing without an old position', async () => {
    const { tree } = await loadFixture('synthetic-branched');
    assert.deepEqual(collectEntriesForBranchSummary(tree, null, 'e03'), { entries: [], commonAncestorId: null });
  });

  it('collects the reference entries for every fixture pair', async () => {
    const { tree, expected } = await loadFixture('synthetic-branched');
    for (const record of expected.branchSummary) {
      const { entries, commonAncestorId } = collectEntriesForBranchSummary(tree, record.oldLeafId, record.targetId);
      assert.equal(commonAncestorId, record.commonAncestorId, record.targetId);
      assert.deepEqual(entries.map((e) => e.id), record.entryIds, record.targetId);
    }
    const back = collectEntriesForBranchSummary(tree, 'e14', 'b02');
    assert.equal(back.commonAncestorId, 'e10');
    assert.deepEqual(back.entries.map((e) => e.id), ['e11', 'e12', 'e13', 'e14']);
  });

  it('prepares the reference messages, tokens and files for every fixture pair, and pi 1.6\'s text', async () => {
    const pi = await loadPi();
    const { tree, expected } = await loadFixture('synthetic-branched');
    for (const record of expected.branchSummary) {
      const { entries } = collectEntriesForBranchSummary(tree, record.oldLeafId, record.targetId);
      for (const prepared of [record.prepareBranchEntries_noBudget, record.prepareBranchEntries_200kModel]) {
        const ours = prepareBranchEntries(entries, prepared.tokenBudget);
        assert.equal(ours.messages.length, prepared.messageCount);
        assert.equal(ours.totalTokens, prepared.totalTokens);
        assert.deepEqual(computeFileLists(ours.fileOps), { readFiles: prepared.readFiles, modifiedFiles: prepared.modifiedFiles });
        // 0.73.1 recorded the text with the thinking in it; pi 1.6 leaves it out.
        const theirs = pi.prepareBranchEntries(entries, prepared.tokenBudget);
        assert.equal(serializeConversation(convertToLlm(ours.messages)), pi.serializeConversation(pi.convertToLlm(theirs.messages)));
      }
    }
    assert.equal(expected.branchSummary[0].prepareBranchEntries_200kModel.tokenBudget, 200000 - 16384);
  });

  it('fills the budget newest first, squeezing in a summary while under 90%', async () => {
    const pi = await loadPi();
    const a = pathOf(branchSummaryEntry(chars(800)), user(chars(400)), assistant(chars(400)));
    const roles = (budget: number) => prepareBranchEntries(a, budget).messages.map((m) => m.role);
    assert.deepEqual(roles(250), ['branchSummary', 'user', 'assistant']);
    assert.deepEqual(roles(150), ['assistant']);
    const b = pathOf(user(chars(400)), branchSummaryEntry(chars(400)), assistant(chars(804)));
    assert.deepEqual(prepareBranchEntries(b, 250).messages.map((m) => m.role), ['branchSummary', 'assistant']);
    assert.equal(prepareBranchEntries(b, 250).totalTokens, 301);
    for (const budget of [0, 150, 250, 400]) assert.equal(prepareBranchEntries(a, budget).totalTokens, pi.prepareBranchEntries(a, budget).totalTokens);
  });

  it('summarizes with the preamble and pi 1.6\'s prompt, and writes pi\'s summary', async () => {
    const pi = await loadPi();
    const { tree, expected } = await loadFixture('synthetic-branched');
    for (const record of expected.fauxLLM.generateBranchSummary) {
      const summarizer = new ScriptedSummarizer(() => ({ text: '[faux branch summary]' }));
      const { entries } = collectEntriesForBranchSummary(tree, record.oldLeafId, record.targetId);
      const outcome = await generateBranchSummary(entries, { summarizer, contextWindow: 200000 });
      assert.equal(outcome.kind, 'summary');
      const fake = pi.fakeModel(() => '[faux branch summary]');
      let theirs: { summary: string; readFiles: string[]; modifiedFiles: string[] };
      try {
        theirs = await pi.generateBranchSummary(entries, { model: fake.model, apiKey: 'key' });
      } finally {
        fake.dispose();
      }
      const request = summarizer.requests[0]!;
      assert.equal(request.reasoning, undefined);
      assert.equal(request.systemPrompt, SUMMARIZATION_SYSTEM_PROMPT, 'our own system prompt, not the reference\'s');
      assert.equal(summarizer.prompt(0), fake.prompts[0], record.targetId);
      if (outcome.kind === 'summary') {
        assert.equal(outcome.summary, theirs.summary);
        assert.equal(outcome.summary, record.result.summary, 'the summary 0.73.1 wrote');
        assert.deepEqual([outcome.readFiles, outcome.modifiedFiles], [theirs.readFiles, theirs.modifiedFiles]);
      }
    }
  });

  it('asks a reasoning model at the session\'s thinking level, with no fixed output cap, as pi 1.6 does', async () => {
    const pi = await loadPi();
    const entries = pathOf(user('q'), assistant('a'));
    const fake = pi.fakeModel(() => 'S');
    try {
      await pi.generateBranchSummary(entries, { model: fake.model, apiKey: 'key', thinkingLevel: 'high' });
    } finally {
      fake.dispose();
    }
    assert.equal(fake.requests[0]!.options.reasoning, 'high');
    assert.equal(fake.requests[0]!.options.maxTokens, undefined, 'pi 0.73.1 asked for 2048');
    const summarizer = new ScriptedSummarizer(() => ({ text: 'S' }));
    await generateBranchSummary(entries, { summarizer, thinkingLevel: 'high', modelReasoning: true, contextWindow: 200000, maxOutputTokens: 64000 });
    assert.equal(summarizer.requests[0]!.reasoning, 'high');
    assert.equal(summarizer.requests[0]!.maxTokens, 64000);
    // A model that does not reason is asked for none; nor is any model when thinking is off.
    await generateBranchSummary(entries, { summarizer, thinkingLevel: 'high', modelReasoning: false });
    await generateBranchSummary(entries, { summarizer, thinkingLevel: 'off', modelReasoning: true });
    assert.deepEqual([summarizer.requests[1]!.reasoning, summarizer.requests[2]!.reasoning], [undefined, undefined]);
  });

  it('reads the abandoned branch as the model saw it: the latest edit of each entry among them applies, as in pi 1.6', async () => {
    const pi = await loadPi();
    const edit = (targetId: string, replacement: null | { content: string }) => ({ type: 'context_edit', targetId, replacement });
    const entries = pathOf(user('hidden question'), assistant('a1'), user('original'), assistant('a2'), edit('e1', null), edit('e3', { content: 'first' }), edit('e3', { content: 'latest' }), edit('e4', { content: 'new answer' }));
    const ours = prepareBranchEntries(entries);
    assert.deepEqual(ours.messages, pi.prepareBranchEntries(entries).messages);
    assert.deepEqual(ours.messages.map((m) => serializeConversation(convertToLlm([m]))), ['[Assistant]: a1', '[User]: latest', '[Assistant]: new answer']);
  });

  it('uses custom instructions alone when asked to replace the prompt', async () => {
    const summarizer = new ScriptedSummarizer();
    const entries = pathOf(user('q'), assistant('a'));
    await generateBranchSummary(entries, { summarizer, customInstructions: 'T', replaceInstructions: true });
    assert.equal(summarizer.prompt(0), '<conversation>\n[User]: q\n\n[Assistant]: a\n</conversation>\n\nT');
    await generateBranchSummary(entries, { summarizer, customInstructions: 'T' });
    assert.ok(summarizer.prompt(1).endsWith('\n\nAdditional focus: T'));
  });

  it('makes no request when nothing can be summarized', async () => {
    const summarizer = new ScriptedSummarizer();
    const outcome = await generateBranchSummary(pathOf(labelEntry('x')), { summarizer });
    assert.deepEqual({ ...outcome, tally: undefined }, { kind: 'summary', summary: NO_CONTENT_TO_SUMMARIZE, readFiles: [], modifiedFiles: [], summarizedMessages: 0, tally: undefined });
    assert.equal(summarizer.requests.length, 0);
  });

  it('stamps the request with the injected clock', async () => {
    const summarizer = new ScriptedSummarizer();
    await generateBranchSummary(pathOf(user('q'), assistant('a')), { summarizer, now: () => 1_234_567 });
    assert.equal(summarizer.requests[0]!.messages[0]!.timestamp, 1_234_567);
  });

  it('writes no summary that stopped at the output limit or called a tool, reporting pi 1.6\'s error', async () => {
    const pi = await loadPi();
    const entries = pathOf(user('q'), assistant('a'));
    for (const reply of [{ text: 'half', stopReason: 'length' as const }, { text: 'Let me look.', toolCall: true }]) {
      const fake = pi.fakeModel(() => reply);
      let theirs: { error?: string };
      try {
        theirs = await pi.generateBranchSummary(entries, { model: fake.model, apiKey: 'key' });
      } finally {
        fake.dispose();
      }
      const summarizer = new ScriptedSummarizer(() => ({ text: reply.text, ...(reply.stopReason ? { stopReason: reply.stopReason } : {}), ...(reply.toolCall ? { calledTool: true } : {}) }));
      const ours = await generateBranchSummary(entries, { summarizer });
      assert.ok(theirs.error);
      assert.deepEqual(ours.kind === 'error' ? ours.message : ours, theirs.error);
    }
  });

  it('reports an abort and an error instead of a summary', async () => {
    const controller = new AbortController();
    const pending = generateBranchSummary(pathOf(user('q')), { summarizer: hangingSummarizer(), signal: controller.signal });
    controller.abort();
    assert.deepEqual(await pending, { kind: 'aborted' });
    const failing = new ScriptedSummarizer(() => {
      throw new Error('overloaded');
    });
    const failed = await generateBranchSummary(pathOf(user('q')), { summarizer: failing });
    assert.deepEqual(failed.kind === 'error' ? [failed.message, (failed.error as { reason?: string }).reason] : failed, ['Branch summarization failed: overloaded', 'summarization-failed']);
    assert.ok(BRANCH_SUMMARY_PREAMBLE.endsWith('exploration:\n\n'));
  });
});
