import { strict as assert } from 'node:assert';
import { createRecallTool } from '../../../src/core/agent/tools/recall';
import { defaultSystemPrompt } from '../../../src/core/agent/systemPrompt';
import { createTools, toolSpecs } from '../../../src/core/agent/tools/registry';
import { compactSession, DEFAULT_COMPACTION_SETTINGS } from '../../../src/core/compaction';
import { recall, recallText, summarizedDocument } from '../../../src/core/recall';
import { hideFromModel, replaceForModel, type Session } from '../../../src/core/session';
import { appendTurns, assistant, memorySession, user } from '../../support/builders';
import { chars } from '../compaction/support/path';
import { ScriptedSummarizer } from '../compaction/support/scriptedSummarizer';

const settings = { ...DEFAULT_COMPACTION_SETTINGS, keepRecentTokens: 500 };

/**
 * root: "the port is 7411" (summarized) … then a branch from before the compaction that says
 * "zebra", and on the compacted branch a kept message saying "walrus".
 */
async function compactedSession(): Promise<{ session: Session; early: string }> {
  const session = memorySession();
  const early = await session.appendMessage(user('the port is 7411 on staging'));
  const fork = await session.appendMessage(assistant('ok, port 7411'));
  await appendTurns(session, 2);
  await session.appendMessage(user(chars(4000)));
  await session.appendMessage(assistant('walrus is in the kept part'));
  const leaf = session.leafId!;
  await session.branch(fork);
  await session.appendMessage(user('zebra said on another branch'));
  await session.appendMessage(assistant('zebra noted'));
  await session.branch(leaf);
  const outcome = await compactSession(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'S' })) });
  assert.equal(outcome.kind, 'compacted');
  return { session, early };
}

describe('recall', () => {
  it('finds a word said only before the cut, and returns the original messages with their ids', async () => {
    const { session, early } = await compactedSession();
    const result = recall(session.getBranch(), '7411');
    assert.deepEqual(result.entries.map((entry) => [entry.kind, entry.text]), [
      ['message:user', 'the port is 7411 on staging'],
      ['message:assistant', 'ok, port 7411'],
    ]);
    assert.equal(result.entries[0]!.id, early);
    assert.equal(result.omitted, 0);
  });

  it('needs every word, in any order, case-insensitively', async () => {
    const { session } = await compactedSession();
    assert.deepEqual(recall(session.getBranch(), 'STAGING port').entries.map((entry) => entry.text), ['the port is 7411 on staging']);
    assert.deepEqual(recall(session.getBranch(), 'staging ok').entries, []);
  });

  it('does not find what was said on another branch, nor in the kept part', async () => {
    const { session } = await compactedSession();
    assert.deepEqual(recall(session.getBranch(), 'zebra').entries, []);
    assert.deepEqual(recall(session.getBranch(), 'walrus').entries, []);
  });

  it('finds one entry by its id, only when it was summarized', async () => {
    const { session, early } = await compactedSession();
    assert.deepEqual(recall(session.getBranch(), ` ${early} `).entries.map((entry) => entry.text), ['the port is 7411 on staging']);
    const kept = session.getBranch().at(-2)!.id; // the kept answer
    assert.deepEqual(recall(session.getBranch(), kept).entries, []);
  });

  it('never returns a message hidden from the model, summarized or not, by words or by id', async () => {
    const session = memorySession();
    const hidden = await session.appendMessage(user('the port is 7411 on staging'));
    await session.appendMessage(assistant('ok, port 7411'));
    await hideFromModel(session, hidden);
    await appendTurns(session, 2);
    await session.appendMessage(user(chars(4000)));
    const late = await session.appendMessage(assistant('port 7411 again, later'));
    await hideFromModel(session, late);
    const outcome = await compactSession(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'S' })) });
    assert.equal(outcome.kind, 'compacted');
    assert.deepEqual(recall(session.getBranch(), '7411').entries.map((entry) => entry.text), ['ok, port 7411']);
    assert.deepEqual(recall(session.getBranch(), hidden).entries, []);
    assert.deepEqual(recall(session.getBranch(), late).entries, []);
  });

  it('returns the original of a message the model sees edited, before any compaction and in the kept part', async () => {
    const { session } = await compactedSession();
    const kept = session.getBranch().at(-2)!.id; // the kept answer
    await replaceForModel(session, kept, 'shortened');
    assert.deepEqual(recall(session.getBranch(), kept).entries.map((entry) => entry.text), ['walrus is in the kept part']);
    assert.deepEqual(recall(session.getBranch(), 'walrus').entries.map((entry) => entry.id), [kept]);
    const fresh = memorySession();
    const long = await fresh.appendMessage(user('a long log with 7411 in it'));
    await fresh.appendMessage(assistant('ok'));
    await replaceForModel(fresh, long, 'a log (shortened)');
    assert.deepEqual(recall(fresh.getBranch(), long).entries.map((entry) => entry.text), ['a long log with 7411 in it']);
  });

  it('finds nothing before any compaction', async () => {
    const session = memorySession();
    await session.appendMessage(user('the port is 7411'));
    const result = recall(session.getBranch(), '7411');
    assert.deepEqual(result, { entries: [], omitted: 0, searched: 0 });
    assert.equal(recallText('7411', result), 'Nothing on this branch has been summarized or edited yet: there are no originals to recall.');
  });

  it('keeps to the budget with whole messages, cuts one too long, and says how many were left out', async () => {
    const session = memorySession();
    for (let i = 0; i < 5; i++) await session.appendMessage(user(`needle ${i} ${'x'.repeat(100)}`));
    await session.appendMessage(user(`needle long ${'y'.repeat(500)}`));
    await session.appendMessage(user(chars(4000)));
    await session.appendMessage(assistant('end'));
    await compactSession(session, { settings, summarizer: new ScriptedSummarizer(() => ({ text: 'S' })) });
    const budgeted = recall(session.getBranch(), 'needle', { budgetChars: 250 });
    assert.deepEqual(budgeted.entries.map((entry) => entry.text.slice(0, 8)), ['needle 0', 'needle 1']);
    assert.equal(budgeted.omitted, 4);
    assert.match(recallText('needle', budgeted), /\n\n4 more matching messages left out \(budget\): narrow the query, or recall one by its entry id\.$/);
    const cut = recall(session.getBranch(), 'long', { messageChars: 50 });
    assert.deepEqual(cut.entries.map((entry) => [entry.text.length, entry.cut]), [[50, true]]);
  });

  it('answers the model through the tool: fenced originals under their ids, never asking', async () => {
    const { session, early } = await compactedSession();
    const tool = createRecallTool();
    assert.equal(tool.needsApproval, false);
    const result = await tool.execute({ query: 'staging' }, { root: '/', signal: new AbortController().signal, branch: () => session.getBranch() });
    assert.deepEqual(result, {
      content: [{ type: 'text', text: `[entry ${early} · message:user]\n\`\`\`\nthe port is 7411 on staging\n\`\`\`` }],
      details: { found: [early], omitted: 0 },
      isError: false,
    });
    const empty = await tool.execute({ query: '  ' }, { root: '/', signal: new AbortController().signal, branch: () => session.getBranch() });
    assert.deepEqual(empty.content, [{ type: 'text', text: 'recall: Type something to search for.' }]);
    assert.equal(empty.isError, true);
  });

  it('is mentioned in the system prompt only when the branch holds a compaction', () => {
    const specs = toolSpecs(createTools());
    assert.equal(defaultSystemPrompt(specs).includes('recall'), false);
    const compacted = defaultSystemPrompt(specs, true);
    assert.equal(compacted.includes('- recall: get back the exact original messages that the summary of this conversation replaced, by words or by entry id.'), true);
    assert.equal(compacted.includes('- Older parts of this conversation were replaced by a summary. When you need a detail the summary lacks (an exact error, a value, what the user said), use recall rather than guess.'), true);
  });
});

describe('what a compaction summarized (the read-only document)', () => {
  it('lists the summary and the originals of its branch, fenced, and nothing of other branches or the kept part', async () => {
    const { session, early } = await compactedSession();
    const doc = summarizedDocument(session.getBranch())!;
    assert.equal(doc.startsWith(`# What compaction ${session.leafId} summarized\n\n## Summary\n\n\`\`\`\nS\n\`\`\`\n\n## The `), true);
    assert.equal(doc.includes(`### message:user · entry ${early}\n\n\`\`\`\nthe port is 7411 on staging\n\`\`\``), true);
    assert.equal(doc.includes('zebra'), false);
    assert.equal(doc.includes('walrus'), false);
    assert.equal(summarizedDocument(session.getBranch().slice(0, -1)), undefined);
  });
});
