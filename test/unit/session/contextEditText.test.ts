/**
 * The text side of the user's context edits: an entry's text as written and as the model sees it,
 * Shorten for the model (checked against pi 1.6.0's own context building), and several rows
 * hidden with one plan.
 */
import { strict as assert } from 'node:assert';
import {
  applyContextEditPlan,
  buildSessionContext,
  hideFromModel,
  modelTextOf,
  planHideMany,
  planShorten,
  replaceForModel,
  shortenedText,
  type Session,
} from '../../../src/core/session';
import { assistant, memorySession, toolCall, toolResult, user } from '../../support/builders';
import { refusal } from './editRefusal';
import { loadPi, type PiModule } from '../../support/pi';

describe('the text of context edits: model text, Shorten for the model, several hidden at once', function () {
  this.timeout(30_000);
  let pi: PiModule;
  before(async () => {
    pi = await loadPi();
  });

  const lines = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

  async function turn(session: Session, output: string) {
    const ask = await session.appendMessage(user('run the tests'));
    const call = toolCall('bash', { command: 'npm test' }, 'call-t');
    const reply = await session.appendMessage(assistant([{ type: 'text', text: 'running' }, { type: 'text', text: 'them now' }, call], { stopReason: 'toolUse' }));
    const result = await session.appendMessage(toolResult(call, output));
    const answer = await session.appendMessage(assistant('all pass'));
    return { ask, reply, result, answer };
  }


  it('gives an entry\'s text as written and as the model sees it: edited, hidden, shown again', async () => {
    const session = memorySession();
    const ids = await turn(session, 'ok');
    assert.deepEqual(modelTextOf(session, ids.reply), { original: 'running\n\nthem now', seen: 'running\n\nthem now' });
    await replaceForModel(session, ids.reply, 'ran them');
    assert.deepEqual(modelTextOf(session, ids.reply), { original: 'running\n\nthem now', seen: 'ran them' });
    await hideFromModel(session, ids.answer);
    assert.deepEqual(modelTextOf(session, ids.answer), { original: 'all pass', seen: undefined });
    assert.deepEqual(modelTextOf(session, ids.ask), { original: 'run the tests', seen: 'run the tests' });
    assert.equal(refusal(() => modelTextOf(session, 'nope')), 'unknown-entry: No entry with id nope');
  });

  it('shortens a text to its first and last lines with a note of what was left out', () => {
    assert.equal(shortenedText(lines(5), 'e1', { headLines: 2, tailLines: 2 }), undefined, 'one line left out is not worth a note');
    assert.equal(
      shortenedText(lines(7), 'e1', { headLines: 2, tailLines: 2 }),
      'line 1\nline 2\n[… 3 lines (21 characters) left out here by the user; the session keeps the full output: recall "e1" returns it …]\nline 6\nline 7',
    );
    const long = shortenedText(lines(100), 'abc123');
    assert.equal(long?.split('\n').length, 41);
    assert.equal(long?.split('\n')[20], '[… 60 lines (480 characters) left out here by the user; the session keeps the full output: recall "abc123" returns it …]');
  });

  it('Shorten for the model gives pi\'s context the shortened output, and the original stays in the file', async () => {
    const session = memorySession();
    const output = lines(50);
    const ids = await turn(session, output);
    const plan = planShorten(session, ids.result);
    assert.equal(plan.description, `Gives the model a shortened version of the tool result ${ids.result}.`);
    await applyContextEditPlan(session, plan);
    const theirs = pi.buildSessionContext(session.entries as never, session.leafId);
    assert.deepEqual(buildSessionContext(session.tree, session.leafId), theirs);
    const sent = theirs.messages[2] as { role: string; content: { type: string; text: string }[] };
    assert.equal(sent.role, 'toolResult');
    assert.equal(sent.content[0]!.text, shortenedText(output, ids.result));
    assert.deepEqual(modelTextOf(session, ids.result), { original: output, seen: shortenedText(output, ids.result) });
  });

  it('refuses to shorten anything but a tool result, and a short output', async () => {
    const session = memorySession();
    const ids = await turn(session, lines(41));
    assert.equal(refusal(() => planShorten(session, ids.answer)), `not-a-tool-result: Entry ${ids.answer} is not a tool result: only a tool's output is shortened`);
    assert.equal(refusal(() => planShorten(session, ids.result)), `too-short: The output of entry ${ids.result} has no more than 41 lines: there is nothing to leave out`);
  });

  it('hides several rows with one plan: partners once, in branch order, entries already hidden left out', async () => {
    const session = memorySession();
    const ids = await turn(session, 'ok');
    const next = await session.appendMessage(user('thanks'));
    const plan = planHideMany(session, [next, ids.result, ids.reply]);
    assert.deepEqual(plan.edits.map((edit) => edit.targetId), [ids.reply, ids.result, next]);
    assert.equal(
      plan.description,
      `Hides the user message ${next} from the model. Hides the tool result ${ids.result} from the model, and also the reply that holds its tool call, so no tool call is left without its result.`,
    );
    await applyContextEditPlan(session, plan);
    const theirs = pi.buildSessionContext(session.entries as never, session.leafId).messages as { role: string }[];
    assert.deepEqual(theirs.map((message) => message.role), ['user', 'assistant']);
    assert.equal(refusal(() => planHideMany(session, [next, ids.reply])), `already-hidden: Entry ${next} is already hidden from the model`);
    const more = planHideMany(session, [next, ids.answer]);
    assert.deepEqual(more.edits, [{ targetId: ids.answer, replacement: null }]);
  });
});
