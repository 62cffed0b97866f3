/**
 * The context pi 1.6 builds, for the shapes it writes that 0.73.1 never did: context edits (hide,
 * replace, several on one target, a restore, branch-relative), system messages and the compaction
 * checkpoint, retain-none compactions, and null content. Each session is written through pi's own
 * SessionManager, read by Arbor from the file, and compared with pi's buildSessionContext at
 * several positions, message by message.
 */
import { strict as assert } from 'node:assert';
import { buildSessionContext, buildSessionProjection, type SessionTree } from '../../../src/core/session';
import { assistant, toolCall, toolResult, usage, user } from '../../support/builders';
import { loadPi, type PiModule } from '../../support/pi';
import { arborTreeOf, type PiManager } from '../../support/piSessionFile';
import { useTempDir } from '../../support/tempDir';

const tools = [
  { name: 'read', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  { name: 'write', description: 'Write a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
];

describe("context as pi 1.6 builds it: edits, system messages, checkpoints, retain-none, null content", function () {
  this.timeout(30_000);
  const tmp = useTempDir();
  let pi: PiModule;
  before(async () => {
    pi = await loadPi();
  });

  const manager = (): PiManager => pi.SessionManager.inMemory('/home/dev/project');

  const arborTree = (sm: PiManager): Promise<SessionTree> => arborTreeOf(sm, tmp());

  /** Arbor's context equals pi's at each position, field by field. */
  async function assertSameContexts(sm: PiManager, positions: (string | null)[]): Promise<void> {
    const tree = await arborTree(sm);
    for (const position of positions) {
      const theirs = pi.buildSessionContext(sm.getEntries(), position);
      const ours = buildSessionContext(tree, position);
      assert.deepEqual(ours, theirs, `context at ${position}`);
      assert.deepEqual(buildSessionProjection(tree, position).messages, ours.messages, `projection at ${position}`);
    }
  }

  it('hides a target from the context after a null edit, and shows it again at a position before the edit', async () => {
    const sm = manager();
    const u1 = sm.appendMessage(user('first question') as never);
    const a1 = sm.appendMessage(assistant('a long wrong answer') as never);
    const u2 = sm.appendMessage(user('second question') as never);
    const edit = sm.appendContextEdit(a1, null);
    const a2 = sm.appendMessage(assistant('second answer') as never);
    await assertSameContexts(sm, [a2, edit, u2, u1, a1]);
    const tree = await arborTree(sm);
    assert.deepEqual(buildSessionContext(tree, a2).messages.map((message) => message.role), ['user', 'user', 'assistant']);
    assert.deepEqual(buildSessionContext(tree, u2).messages.map((message) => message.role), ['user', 'assistant', 'user']);
  });

  it('gives the latest of several edits of one target, replacing content as pi does for each role', async () => {
    const sm = manager();
    const u1 = sm.appendMessage(user('original question') as never);
    const call = toolCall('read', { path: 'a.ts' }, 'call-1');
    const a1 = sm.appendMessage(assistant([{ type: 'text', text: 'reading' }, call], { stopReason: 'toolUse' }) as never);
    const r1 = sm.appendMessage(toolResult(call, 'a very long file body') as never);
    const a2 = sm.appendMessage(assistant('a long answer') as never);
    sm.appendContextEdit(a2, null);
    const second = sm.appendContextEdit(a2, { content: 'short answer' });
    sm.appendContextEdit(r1, { content: 'the body, cut' });
    sm.appendContextEdit(u1, { content: 'the question, plainer' });
    const last = sm.appendContextEdit(a1, { content: [{ type: 'text', text: 'reading a.ts' }, call] });
    // A hand-written edit with a string for an assistant, which pi's API would have turned into blocks.
    const raw = JSON.parse(JSON.stringify(sm.getEntries())) as Record<string, unknown>[];
    raw.push({ type: 'context_edit', id: 'hand0001', parentId: last, timestamp: new Date().toISOString(), targetId: a2, replacement: { content: 'hand-written' } });
    const hand = pi.SessionManager.inMemory('/home/dev/project', undefined, [sm.getHeader()!, ...raw] as never);
    await assertSameContexts(sm, [last, second, a2]);
    await assertSameContexts(hand, ['hand0001']);
    const tree = await arborTree(hand);
    assert.deepEqual(buildSessionContext(tree, 'hand0001').messages.at(-1), { ...(tree.get(a2) as { message: object }).message, content: [{ type: 'text', text: 'hand-written' }] });
  });

  it('shows a target again after a restoring edit with its original content', async () => {
    const sm = manager();
    sm.appendMessage(user('q') as never);
    const a1 = sm.appendMessage(assistant('the answer') as never);
    const hidden = sm.appendContextEdit(a1, null);
    const restored = sm.appendContextEdit(a1, { content: [{ type: 'text', text: 'the answer' }] });
    await assertSameContexts(sm, [hidden, restored]);
    const tree = await arborTree(sm);
    assert.deepEqual([buildSessionContext(tree, hidden).messages.length, buildSessionContext(tree, restored).messages.length], [1, 2]);
  });

  it('puts the checkpoint before the summary, leaves kept system messages out, and keeps later patches', async () => {
    const sm = manager();
    sm.appendMessage({ role: 'system', content: '', sections: { preamble: 'P', skills: '<skills>\nS\n</skills>' }, toolsAdded: tools, timestamp: 1 } as never);
    sm.appendMessage(user('one') as never);
    const kept = sm.appendMessage(assistant('two') as never);
    sm.appendMessage({ role: 'system', content: 'extra instruction', sections: { skills: null, addendum: '<addendum>\nA\n</addendum>' }, toolsRemoved: [{ name: 'write' }], timestamp: 2 } as never);
    sm.appendMessage(user('three') as never);
    const compaction = sm.appendCompaction('summary of one', kept, 1234);
    sm.appendMessage({ role: 'system', content: '', sections: { cwd: '<cwd>\n/x\n</cwd>' }, timestamp: 3 } as never);
    const leaf = sm.appendMessage(user('four') as never);
    const entry = sm.getEntry(compaction) as { systemMessage?: { sections?: object; toolsAdded?: { name: string }[] } };
    assert.deepEqual(Object.keys(entry.systemMessage?.sections ?? {}), ['preamble', 'addendum'], 'pi wrote the checkpoint');
    await assertSameContexts(sm, [leaf, compaction]);
    const roles = buildSessionContext(await arborTree(sm), leaf).messages.map((message) => message.role);
    assert.deepEqual(roles, ['system', 'compactionSummary', 'assistant', 'user', 'system', 'user']);
  });

  it('keeps nothing before a retain-none compaction, and its next compaction starts after it', async () => {
    const sm = manager();
    sm.appendMessage(user('one') as never);
    sm.appendMessage(assistant('two') as never);
    const first = sm.appendCompaction('everything so far', null, 100);
    const u3 = sm.appendMessage(user('three') as never);
    sm.appendMessage(assistant('four') as never);
    const second = sm.appendCompaction('after the first', u3, 50);
    const leaf = sm.appendMessage(user('five') as never);
    assert.equal((sm.getEntry(first) as { firstKeptEntryId: string }).firstKeptEntryId, first);
    await assertSameContexts(sm, [first, u3, second, leaf]);
  });

  it('hides a compaction (its checkpoint and summary) with a hand-written null edit, and ignores edits the compaction summarized', async () => {
    const sm = manager();
    sm.appendMessage({ role: 'system', content: 'prompt', timestamp: 1 } as never);
    const u1 = sm.appendMessage(user('one') as never);
    sm.appendContextEdit(u1, null);
    const a1 = sm.appendMessage(assistant('two') as never);
    const compaction = sm.appendCompaction('summary', a1, 10);
    const raw = JSON.parse(JSON.stringify(sm.getEntries())) as Record<string, unknown>[];
    raw.push({ type: 'context_edit', id: 'hide0001', parentId: compaction, timestamp: new Date().toISOString(), targetId: compaction, replacement: null });
    raw.push({ type: 'message', id: 'user0001', parentId: 'hide0001', timestamp: new Date().toISOString(), message: user('after') });
    const hand = pi.SessionManager.inMemory('/home/dev/project', undefined, [sm.getHeader()!, ...raw] as never);
    await assertSameContexts(hand, [compaction, 'hide0001', 'user0001']);
    assert.deepEqual(buildSessionContext(await arborTree(hand), 'user0001').messages.map((message) => message.role), ['assistant', 'user']);
  });

  it('reads null and missing content as empty, as pi does, and keeps the entry and its children on the path', async () => {
    const sm = manager();
    const u1 = sm.appendMessage({ role: 'user', content: null, timestamp: 1 } as never);
    sm.appendMessage({ role: 'system', timestamp: 2 } as never);
    sm.appendMessage({ ...assistant('x'), content: null } as never);
    sm.appendCustomMessageEntry('note', null as never, true);
    const leaf = sm.appendMessage(user('after') as never);
    await assertSameContexts(sm, [leaf]);
    const tree = await arborTree(sm);
    assert.deepEqual(tree.pathTo(leaf)[0]!.id, u1);
    assert.deepEqual(tree.problems.orphans, []);
  });

  it('takes the thinking level and model from the raw path, hidden entries too, and accepts max', async () => {
    const sm = manager();
    sm.appendThinkingLevelChange('max');
    sm.appendMessage(user('q') as never);
    const a1 = sm.appendMessage(assistant('a', { provider: 'openai', model: 'gpt-5', usage: usage(1) }) as never);
    const leaf = sm.appendContextEdit(a1, null);
    await assertSameContexts(sm, [leaf]);
    const context = buildSessionContext(await arborTree(sm), leaf);
    assert.deepEqual([context.thinkingLevel, context.model], ['max', { provider: 'openai', modelId: 'gpt-5' }]);
  });
});
