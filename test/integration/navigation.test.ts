// Moving in the session tree inside the real extension host: AgentHost.navigate and the
// Go to Entry / Branch from Here commands against the fake Anthropic server. The summary question
// itself is a quick pick (driven in test/e2e/navigation.test.ts); here arbor.branchSummary is
// "always" or "never", which answer it without asking.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SessionEntry } from '../../src/core/session/types';
import { reply, slow, text } from '../support/fakeAnthropic';
import { branchMessages, colourThenFruit, configure, entriesOnDisk, heldReply, nextEvent, requestMessages, send, TEST_KEY, useAgent, wireText } from './agentSupport';
import { own, until, waitForLog } from './support';

const SUMMARY = '## Goal\nSummary marker: the fruit branch named a pear.';
/** What the model sees in front of a branch summary (the wrapper pi puts around a branchSummary message). */
const SUMMARY_WRAPPER = 'The following is a summary of a branch that this conversation came back from:';

type Entry = SessionEntry & { message?: { role: string; content: unknown }; summary?: string; fromId?: string; customType?: string };

function userEntry(file: string, said: string): Entry {
  const found = (entriesOnDisk(file) as Entry[]).find((entry) => entry.message?.role === 'user' && JSON.stringify(entry.message.content).includes(said));
  assert.ok(found, `no user entry "${said}" in the file`);
  return found;
}

describe('Navigation in the session tree', () => {
  const agent = useAgent();

  afterEach(async () => {
    await configure({ branchSummary: undefined });
  });

  const twoTurns = (): Promise<string> => colourThenFruit(agent);
  const messages = (): SessionEntry[] => branchMessages(agent.host());

  /** Records what the commands put into the chat's input. */
  function inputs(): { texts: string[]; dispose(): void } {
    const texts: string[] = [];
    const subscription = agent.host().onDidRequestInput((value) => texts.push(value));
    return { texts, dispose: () => subscription.dispose() };
  }

  it('navigates with a summary: the branch_summary sits at the new position and the next request carries it', async () => {
    const file = await twoTurns();
    const fruit = userEntry(file, 'Name a fruit');
    const oldLeaf = agent.host().session!.leafId;
    const before = entriesOnDisk(file).length;
    agent.server().script(text(SUMMARY));
    const result = await agent.host().navigate(fruit.id, { summarize: true });
    assert.equal(result.cancelled, false);
    assert.equal(!result.cancelled && result.editorText, 'Name a fruit');

    const added = entriesOnDisk(file).slice(before) as Entry[];
    assert.deepEqual(added.map((entry) => entry.type), ['branch_summary']);
    const [summary] = added;
    assert.equal(summary!.parentId, fruit.parentId, 'the summary is not a child of the new position (the fruit message\'s parent)');
    assert.equal(summary!.fromId, oldLeaf);
    assert.ok(summary!.summary!.includes('Summary marker: the fruit branch named a pear.'));
    assert.equal(agent.host().session!.leafId, summary!.id);
    // The summary request covered the branch left behind (the pear reply), not the fruit question.
    const summaryRequest = wireText(requestMessages(agent.server(), 2)[0]!);
    assert.ok(summaryRequest.includes('A pear.') && !summaryRequest.includes('Name a fruit'), summaryRequest);

    agent.server().script(text('A leek.'));
    await send(agent.host(), 'Name a vegetable');
    const sent = requestMessages(agent.server()).map(wireText);
    assert.deepEqual(sent.slice(0, 2), ['Name a colour', 'Teal.']);
    assert.ok(sent[2]!.startsWith(SUMMARY_WRAPPER) && sent[2]!.includes('Summary marker'), sent[2]);
    assert.ok(sent.at(-1)!.includes('Name a vegetable'));
    assert.ok(!sent.some((message) => message.includes('Name a fruit') || message.includes('A pear.')), 'the request carries the branch left behind');
    assert.equal(userEntry(file, 'Name a vegetable').parentId, summary!.id);
  });

  it('sends a prompt made while a move is summarizing from the new position, after the summary (not from the branch being left)', async () => {
    await configure({ branchSummary: 'always' });
    const file = await twoTurns();
    const colourReply = messages()[1]!;
    const requests = agent.server().messageRequests().length;
    agent.server().script(reply(text(SUMMARY), slow({ headerDelayMs: 1500 })), text('A kiwi.'));
    const moving = vscode.commands.executeCommand('arbor.tree.activate', colourReply.id);
    await until('the summary request to arrive', () => agent.server().messageRequests().length > requests);
    const ended = nextEvent(agent.host(), 'run_end');
    const sending = agent.host().prompt('Name a green fruit');
    assert.equal(await moving, 'moved');
    await sending;
    await ended;
    const summary = (entriesOnDisk(file) as Entry[]).find((entry) => entry.type === 'branch_summary')!;
    assert.equal(summary.parentId, colourReply.id);
    assert.equal(userEntry(file, 'Name a green fruit').parentId, summary.id, 'the prompt went to the branch being left');
    const sent = requestMessages(agent.server()).map(wireText);
    assert.ok(!sent.some((message) => message.includes('Name a fruit') || message.includes('A pear.')), 'the request carries the branch left behind');
  });

  it('sends the typed focus with the summary request', async () => {
    await twoTurns();
    const colourReply = messages()[1]!.id;
    agent.server().script(text(SUMMARY));
    await agent.host().navigate(colourReply, { summarize: true, customInstructions: 'the choice of fruit' });
    assert.ok(wireText(requestMessages(agent.server(), 2)[0]!).includes('Additional focus: the choice of fruit'));
  });

  it('Go to Entry with "never": nothing added but the position marker, the text in the input, and the next request without the old branch', async () => {
    await configure({ branchSummary: 'never' });
    const file = await twoTurns();
    const fruit = userEntry(file, 'Name a fruit');
    const before = entriesOnDisk(file).length;
    const requests = agent.server().messageRequests().length;
    const put = inputs();
    try {
      assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', fruit.id), 'moved');
      assert.deepEqual(put.texts, ['Name a fruit']);
    } finally {
      put.dispose();
    }
    const added = entriesOnDisk(file).slice(before) as Entry[];
    assert.deepEqual(added.map((entry) => [entry.type, entry.customType, entry.parentId]), [['custom', 'arbor.position', fruit.parentId]]);
    assert.equal(agent.server().messageRequests().length, requests, 'a request was sent while moving');
    assert.equal(agent.host().session!.leafId, fruit.parentId);

    agent.server().script(text('A plum.'));
    await send(agent.host(), 'Name another fruit');
    assert.deepEqual(requestMessages(agent.server()).map(wireText), ['Name a colour', 'Teal.', 'Name another fruit']);
    assert.equal(userEntry(file, 'Name another fruit').parentId, fruit.parentId, 'the resent message is not a sibling of the first');
  });

  it('Go to Entry with "always" summarizes, given the row element instead of the id', async () => {
    await configure({ branchSummary: 'always' });
    const file = await twoTurns();
    const colourReply = messages()[1]!;
    agent.server().script(text(SUMMARY));
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', { entry: { id: colourReply.id } }), 'moved');
    const last = entriesOnDisk(file).at(-1) as Entry;
    assert.deepEqual([last.type, last.parentId], ['branch_summary', colourReply.id]);
  });

  it('Go to Entry on the current position, or forward along the branch, asks nothing and summarizes nothing', async () => {
    await configure({ branchSummary: 'always' });
    const file = await twoTurns();
    const session = agent.host().session!;
    const requests = agent.server().messageRequests().length;
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', session.leafId), 'unchanged');
    const [, colourReply, , pearReply] = messages();
    await agent.host().navigate(colourReply!.id, { atTarget: true });
    const before = entriesOnDisk(file).length;
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', pearReply!.id), 'moved');
    assert.deepEqual((entriesOnDisk(file).slice(before) as Entry[]).map((entry) => entry.customType), ['arbor.position']);
    assert.equal(session.leafId, pearReply!.id);
    assert.equal(agent.server().messageRequests().length, requests, 'a summary was requested');
  });

  it('Branch from Here on a user message puts the position at the message itself', async () => {
    await configure({ branchSummary: 'never' });
    const file = await twoTurns();
    const fruit = userEntry(file, 'Name a fruit');
    const put = inputs();
    try {
      assert.equal(await vscode.commands.executeCommand('arbor.tree.branchFromHere', fruit.id), 'moved');
      assert.deepEqual(put.texts, [], 'Branch from Here put text into the input');
    } finally {
      put.dispose();
    }
    assert.equal(agent.host().session!.leafId, fruit.id);
  });

  it('summarizing without a key fails in plain words and leaves the position; moving without a summary needs no key', async () => {
    await configure({ branchSummary: 'always' });
    const file = await twoTurns();
    const session = agent.host().session!;
    const leaf = session.leafId;
    const colourReply = messages()[1]!.id;
    const before = entriesOnDisk(file).length;
    await vscode.commands.executeCommand('arbor.clearApiKey');
    try {
      await assert.rejects(agent.host().navigate(colourReply, { summarize: true }), (error: Error & { reason?: string }) => error.reason === 'no-key' && /Set Anthropic API Key/.test(error.message));
      assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', colourReply), 'failed');
      assert.equal(session.leafId, leaf);
      assert.equal(entriesOnDisk(file).length, before);
      await configure({ branchSummary: 'never' });
      assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', colourReply), 'moved');
      assert.equal(session.leafId, colourReply);
    } finally {
      await vscode.commands.executeCommand('arbor.setApiKey', await own(TEST_KEY));
    }
  });

  it('summarizing with the server down fails, logs it and leaves the position and the file unchanged', async () => {
    await configure({ branchSummary: 'always' });
    const file = await twoTurns();
    const session = agent.host().session!;
    const leaf = session.leafId;
    const before = entriesOnDisk(file).length;
    await agent.server().close();
    assert.equal(await vscode.commands.executeCommand('arbor.tree.activate', messages()[1]!.id), 'failed');
    assert.equal(session.leafId, leaf);
    assert.equal(entriesOnDisk(file).length, before);
    assert.match(await waitForLog(/Branch summary failed \(summarization-failed\)/), /Branch summary failed \(summarization-failed\)/);
  });

  it('stopping the summary cancels the move: nothing written, the position unchanged', async () => {
    const file = await twoTurns();
    const session = agent.host().session!;
    const leaf = session.leafId;
    const before = entriesOnDisk(file).length;
    const held = heldReply(text(SUMMARY));
    agent.server().script(held.handler);
    try {
      const moving = agent.host().navigate(messages()[1]!.id, { summarize: true });
      await held.arrived;
      agent.host().stop();
      assert.deepEqual(await moving, { cancelled: true, aborted: true });
    } finally {
      held.release();
    }
    assert.equal(session.leafId, leaf);
    assert.equal(entriesOnDisk(file).length, before);
  });
});

