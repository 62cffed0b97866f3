/**
 * Hide, replace and show again, as the user makes them: each written through Arbor's session, then
 * read by pi 1.6.0's own context building (the oracle), which must give the expected context, with
 * every tool call still answered by its result and no result without its call.
 */
import { strict as assert } from 'node:assert';
import {
  buildSessionContext,
  ContextEditError,
  hideFromModel,
  planHide,
  planReplace,
  planUnhide,
  replaceForModel,
  showToModelAgain,
  type AgentMessage,
  type Session,
} from '../../../src/core/session';
import { assistant, memorySession, toolCall, toolResult, user } from '../../support/builders';
import { refusal } from './editRefusal';
import { loadPi, type PiModule } from '../../support/pi';

interface PiMessage {
  role: string;
  content?: unknown;
  toolCallId?: string;
}

describe('context edits the user makes (hide, replace, show again), as pi 1.6.0 reads them', function () {
  this.timeout(30_000);
  let pi: PiModule;
  before(async () => {
    pi = await loadPi();
  });

  /** pi's context at the session's position (or at `at`), checked equal to Arbor's. */
  function piContext(session: Session, at: string | null = session.leafId): PiMessage[] {
    const theirs = pi.buildSessionContext(session.entries as never, at);
    assert.deepEqual(buildSessionContext(session.tree, at), theirs, `Arbor's context at ${at} is pi's`);
    return theirs.messages as PiMessage[];
  }

  /** Every tool result follows the reply holding its call, and every call of a reply is answered before the next reply. */
  function assertPaired(messages: readonly PiMessage[]): void {
    let open = new Set<string>();
    for (const message of messages) {
      if (message.role === 'assistant') {
        assert.deepEqual([...open], [], 'a tool call left without its result');
        const blocks = Array.isArray(message.content) ? (message.content as { type: string; id?: string }[]) : [];
        open = new Set(blocks.filter((block) => block.type === 'toolCall').map((block) => block.id!));
      } else if (message.role === 'toolResult') {
        assert.ok(open.delete(message.toolCallId!), `a tool result without its call: ${message.toolCallId}`);
      }
    }
    assert.deepEqual([...open], [], 'a tool call left without its result');
  }

  const texts = (messages: readonly PiMessage[]): string[] =>
    messages.map((message) => `${message.role}:${Array.isArray(message.content) ? (message.content as { type: string; text?: string; id?: string }[]).map((b) => b.text ?? b.id).join('+') : String(message.content)}`);

  /** q → a reply calling read twice → both results → a final answer → the next question. */
  async function toolTurn(session: Session) {
    const ask = await session.appendMessage(user('look at a and b'));
    const callA = toolCall('read', { path: 'a.ts' }, 'call-a');
    const callB = toolCall('read', { path: 'b.ts' }, 'call-b');
    const reply = await session.appendMessage(assistant([{ type: 'text', text: 'reading both' }, callA, callB], { stopReason: 'toolUse' }));
    const resultA = await session.appendMessage(toolResult(callA, 'the body of a'));
    const resultB = await session.appendMessage(toolResult(callB, 'the body of b'));
    const answer = await session.appendMessage(assistant('a and b agree'));
    const next = await session.appendMessage(user('thanks'));
    return { ask, reply, resultA, resultB, answer, next };
  }

  it('hides a reply with tool calls together with the results of its calls, and says so first', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    const plan = planHide(session, turn.reply);
    assert.deepEqual(plan.edits, [turn.reply, turn.resultA, turn.resultB].map((targetId) => ({ targetId, replacement: null })));
    assert.equal(plan.description, `Hides the reply ${turn.reply} from the model, and also the 2 tool results of its tool calls, so no tool call is left without its result.`);
    const { entryIds } = await hideFromModel(session, turn.reply);
    assert.equal(entryIds.length, 3);
    assert.deepEqual(session.getBranch().slice(-3).map((entry) => entry.id), entryIds, 'appended at the position, in order');
    const messages = piContext(session);
    assertPaired(messages);
    assert.deepEqual(texts(messages), ['user:look at a and b', 'assistant:a and b agree', 'user:thanks']);
  });

  it('hides a tool result together with the reply holding its call and that reply\'s other results', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    const plan = planHide(session, turn.resultB);
    assert.deepEqual(plan.edits.map((edit) => edit.targetId), [turn.reply, turn.resultA, turn.resultB]);
    assert.equal(plan.description, `Hides the tool result ${turn.resultB} from the model, and also the reply that holds its tool call and 1 other tool result of that reply, so no tool call is left without its result.`);
    await hideFromModel(session, turn.resultB);
    const messages = piContext(session);
    assertPaired(messages);
    assert.deepEqual(texts(messages), ['user:look at a and b', 'assistant:a and b agree', 'user:thanks']);
  });

  it('hides a plain message alone', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    const { entryIds, plan } = await hideFromModel(session, turn.answer);
    assert.equal(entryIds.length, 1);
    assert.equal(plan.description, `Hides the reply ${turn.answer} from the model.`);
    assert.deepEqual(texts(piContext(session)), ['user:look at a and b', 'assistant:reading both+call-a+call-b', 'toolResult:the body of a', 'toolResult:the body of b', 'user:thanks']);
  });

  it('shows the original context again after hide then unhide, from either side of the pair', async () => {
    for (const side of ['reply', 'resultA'] as const) {
      const session = memorySession();
      const turn = await toolTurn(session);
      const before = piContext(session);
      await hideFromModel(session, turn[side]);
      const plan = planUnhide(session, turn[side === 'reply' ? 'resultB' : 'reply']);
      assert.equal(plan.edits.length, 3, `${side}: the whole pair is shown again`);
      await showToModelAgain(session, turn[side === 'reply' ? 'resultB' : 'reply']);
      const after = piContext(session);
      assert.deepEqual(after, before, `${side}: pi's context is the original again`);
      assert.throws(() => planUnhide(session, turn.reply), (error: unknown) => error instanceof ContextEditError && error.reason === 'not-edited');
    }
  });

  it('replaces a tool result\'s text, and a reply\'s text keeping its tool calls, so the request stays paired', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    await replaceForModel(session, turn.resultA, 'a, shortened');
    const { plan } = await replaceForModel(session, turn.reply, 'I read a and b');
    assert.equal(plan.description, `Gives the model other text for the reply ${turn.reply} (its 2 tool calls stay).`);
    const messages = piContext(session);
    assertPaired(messages);
    assert.deepEqual(texts(messages), ['user:look at a and b', 'assistant:I read a and b+call-a+call-b', 'toolResult:a, shortened', 'toolResult:the body of b', 'assistant:a and b agree', 'user:thanks']);
    // Show again restores the file's content.
    await showToModelAgain(session, turn.resultA);
    assert.deepEqual(texts(piContext(session)).slice(2, 3), ['toolResult:the body of a']);
  });

  it('replacing a hidden tool result shows its reply and the other result again', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    await hideFromModel(session, turn.reply);
    const { plan } = await replaceForModel(session, turn.resultB, 'b, shortened');
    assert.deepEqual(plan.edits.map((edit) => edit.targetId), [turn.reply, turn.resultA, turn.resultB]);
    const messages = piContext(session);
    assertPaired(messages);
    assert.deepEqual(texts(messages).slice(1, 4), ['assistant:reading both+call-a+call-b', 'toolResult:the body of a', 'toolResult:b, shortened']);
  });

  it('keeps the images of a user message and of a tool result when their text is replaced, after the new text', async () => {
    const session = memorySession();
    const image = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const ask = await session.appendMessage(user([{ type: 'text', text: 'what is wrong here?' }, image]));
    const call = toolCall('read', { path: 'shot.png' }, 'call-s');
    await session.appendMessage(assistant([call]));
    const result = await session.appendMessage(toolResult(call, 'Read image file [image/png]', { content: [{ type: 'text', text: 'Read image file [image/png]' }, image] }));
    await session.appendMessage(assistant('the button overlaps'));
    const { plan } = await replaceForModel(session, ask, 'what overlaps?');
    assert.equal(plan.description, `Gives the model other text for the user message ${ask} (its 1 image stays).`);
    await replaceForModel(session, result, 'a screenshot');
    const messages = piContext(session);
    assert.deepEqual(messages[0]!.content, [{ type: 'text', text: 'what overlaps?' }, image]);
    assert.deepEqual(messages[2]!.content, [{ type: 'text', text: 'a screenshot' }, image]);
  });

  it('replaces a user message with a string, as pi stores it for that role', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    const { entryIds } = await replaceForModel(session, turn.ask, 'look at a and b, briefly');
    assert.deepEqual((session.getEntry(entryIds[0]!) as { replacement: unknown }).replacement, { content: 'look at a and b, briefly' });
    assert.equal(piContext(session)[0]!.content, 'look at a and b, briefly');
  });

  it('is branch-relative: a position before the edit and another branch see the original', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    const original = piContext(session);
    await hideFromModel(session, turn.reply);
    const hiddenAt = session.leafId;
    assert.notDeepEqual(piContext(session), original);
    assert.deepEqual(piContext(session, turn.next), original, 'before the edit');
    await session.branch(turn.next);
    const other = await session.appendMessage(user('another way'));
    const messages = piContext(session, other);
    assert.deepEqual(messages.slice(0, -1), original, 'on another branch');
    // On that branch the pair is not hidden, so there is nothing to show again.
    assert.throws(() => planUnhide(session, turn.reply), (error: unknown) => error instanceof ContextEditError && error.reason === 'not-edited');
    assert.equal(piContext(session, hiddenAt).length, 3);
  });

  it('refuses, in plain words, an unknown id, an entry of another branch, one with no message, a summarized one, an empty text and a second hide', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    await session.branch(turn.ask);
    const aside = await session.appendMessage(assistant('aside'));
    const model = await session.appendModelChange('anthropic', 'claude-sonnet-4-5');
    const kept = await session.appendMessage(user('kept'));
    await session.appendCompaction({ summary: 'the start', firstKeptEntryId: kept, tokensBefore: 10 });
    assert.equal(refusal(() => planHide(session, 'nope')), 'unknown-entry: No entry with id nope');
    assert.equal(refusal(() => planHide(session, turn.answer)), `not-on-branch: Entry ${turn.answer} is not on the current branch: move to it first`);
    assert.equal(refusal(() => planHide(session, model)), `no-model-content: Entry ${model} (model_change) gives the model no message of its own to hide or edit`);
    assert.equal(refusal(() => planHide(session, aside)), `summarized: Entry ${aside} is summarized by a compaction: the model sees the summary instead`);
    assert.equal(refusal(() => planReplace(session, kept, '  ')), `empty-text: The new text for entry ${kept} is empty: hide the entry instead`);
    await hideFromModel(session, kept);
    assert.equal(refusal(() => planHide(session, kept)), `already-hidden: Entry ${kept} is already hidden from the model`);
  });

  it('keeps every request paired whatever member of a pair is hidden, replaced or shown again, in any order', async () => {
    const steps: ((session: Session, turn: Awaited<ReturnType<typeof toolTurn>>) => Promise<unknown>)[] = [
      (s, t) => hideFromModel(s, t.resultA),
      (s, t) => replaceForModel(s, t.reply, 'short'),
      (s, t) => showToModelAgain(s, t.resultB),
      (s, t) => hideFromModel(s, t.reply),
      (s, t) => replaceForModel(s, t.resultA, 'cut'),
      (s, t) => showToModelAgain(s, t.reply),
    ];
    for (let order = 0; order < steps.length; order++) {
      const session = memorySession();
      const turn = await toolTurn(session);
      for (let i = 0; i < steps.length; i++) {
        await steps[(order + i) % steps.length]!(session, turn).catch((error: unknown) => assert.ok(error instanceof ContextEditError));
        assertPaired(piContext(session));
      }
    }
  });

  it('leaves the message objects pi builds for other entries untouched', async () => {
    const session = memorySession();
    const turn = await toolTurn(session);
    const before = piContext(session) as AgentMessage[] as PiMessage[];
    await replaceForModel(session, turn.answer, 'agree');
    const after = piContext(session);
    assert.deepEqual(after.filter((_, i) => i !== 4), before.filter((_, i) => i !== 4));
  });
});
