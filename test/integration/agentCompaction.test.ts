// Compaction settings, Compact Session and Undo Compaction in the real extension host. Token
// counts use chars/4 here (arbor.tokenEstimator = chars4), so where a cut falls is known from pi's
// rule alone: walk back from the end adding estimates until keepRecentTokens is reached, and cut
// at that user message.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SessionEntry } from '../../src/core/session/types';
import { reply, text, usage } from '../support/fakeAnthropic';
import { configure, entriesOnDisk, requestMessages, send, useAgent, wireText, whenIdle } from './agentSupport';
import { own } from './support';

const SUMMARY = '## Goal\nThe summary of what came before.';
/** 6000 characters: 1500 tokens at chars/4; the replies are a few tokens, so each turn is ~1500. */
const turnText = (n: number): string => `Turn ${n}: ${'x'.repeat(5992 - String(n).length)}`;

function userEntries(file: string): SessionEntry[] {
  return entriesOnDisk(file).filter((entry) => entry.type === 'message' && (entry as { message: { role: string } }).message.role === 'user');
}

function compactions(file: string): (SessionEntry & { firstKeptEntryId: string; summary: string })[] {
  return entriesOnDisk(file).filter((entry) => entry.type === 'compaction') as never;
}

describe('Compaction settings and commands', () => {
  const agent = useAgent();

  beforeEach(async () => {
    await configure({ tokenEstimator: 'chars4', modelOverrides: { 'claude-haiku-4-5': { contextWindow: 40_000 } } });
    // Summary requests (and anything not scripted) get the summary.
    agent.server().setHandler(() => text(SUMMARY));
  });

  /** Two turns; the second reply reports 30 000 input tokens (over 40 000 − 16 384, under 40 000 − 1 000). */
  async function twoTurnsNearTheWindow(): Promise<string> {
    agent.server().script(reply(text('One.'), usage({ input_tokens: 3000 })), reply(text('Two.'), usage({ input_tokens: 30_000 })));
    await send(agent.host(), turnText(1));
    await send(agent.host(), turnText(2));
    await whenIdle();
    return agent.host().session!.file!;
  }

  it('compacts by itself past the window minus arbor.compaction.reserveTokens', async () => {
    await configure({ 'compaction.keepRecentTokens': 1000 });
    const file = await twoTurnsNearTheWindow();
    const [compaction] = compactions(file);
    assert.ok(compaction, 'a compaction entry was written');
    assert.equal(compaction.summary.startsWith(SUMMARY), true);
    assert.equal(compaction.firstKeptEntryId, userEntries(file)[1]!.id);
    assert.equal(agent.server().messageRequests().length, 3);
  });

  it('does not compact by itself when arbor.compaction.enabled is false', async () => {
    await configure({ 'compaction.keepRecentTokens': 1000, 'compaction.enabled': false });
    const file = await twoTurnsNearTheWindow();
    assert.deepEqual(compactions(file), []);
    assert.equal(agent.server().messageRequests().length, 2);
  });

  it('does not compact by itself while under the window minus a smaller arbor.compaction.reserveTokens', async () => {
    await configure({ 'compaction.keepRecentTokens': 1000, 'compaction.reserveTokens': 1000 });
    const file = await twoTurnsNearTheWindow();
    assert.deepEqual(compactions(file), []);
  });

  async function threeTurns(): Promise<string> {
    agent.server().script(text('One.'), text('Two.'), text('Three.'));
    for (const n of [1, 2, 3]) await send(agent.host(), turnText(n));
    return agent.host().session!.file!;
  }

  for (const [keep, turn] of [
    [1000, 3],
    [2000, 2],
  ] as const) {
    it(`Compact Session keeps the turns that fill arbor.compaction.keepRecentTokens = ${keep} (from turn ${turn})`, async () => {
      await configure({ 'compaction.keepRecentTokens': keep });
      const file = await threeTurns();
      assert.equal(await vscode.commands.executeCommand('arbor.compactSession', await own('')), true);
      const [compaction] = compactions(file);
      assert.equal(compaction?.firstKeptEntryId, userEntries(file)[turn - 1]!.id);
    });
  }

  it('Compact Session sends the focus instructions with the summary request', async () => {
    await configure({ 'compaction.keepRecentTokens': 1000 });
    await threeTurns();
    const focus = 'Focus on the numbering of the turns';
    assert.equal(await vscode.commands.executeCommand('arbor.compactSession', await own(focus)), true);
    const prompt = requestMessages(agent.server()).map(wireText).join('\n');
    assert.ok(prompt.includes(focus), 'the focus text is in the summary request');
  });

  it('Undo Compaction moves before the compaction, even after more turns, and the next prompt branches from there', async () => {
    await configure({ 'compaction.keepRecentTokens': 1000 });
    const file = await threeTurns();
    assert.equal(await vscode.commands.executeCommand('arbor.compactSession', await own('')), true);
    agent.server().script(text('Four.'), text('After undo.'));
    await send(agent.host(), 'a turn after the compaction');
    const [compaction] = compactions(file);
    assert.equal(await vscode.commands.executeCommand('arbor.undoCompaction'), true);
    assert.equal(agent.host().session!.leafId, compaction!.parentId);

    await send(agent.host(), 'after undo');
    const messages = requestMessages(agent.server());
    assert.deepEqual(messages.filter((m) => m.role === 'user').map(wireText), [turnText(1), turnText(2), turnText(3), 'after undo']);
    const last = userEntries(file).at(-1)!;
    assert.equal(last.parentId, compaction!.parentId);
    // The compaction is still in the file, for redo.
    assert.equal(compactions(file).length, 1);
  });
});
