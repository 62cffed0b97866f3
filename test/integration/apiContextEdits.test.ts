// The API's context edits in the real extension host: another extension hides, replaces and shows
// again an entry of the open session through `getApi(1)`; the file gets pi's context_edit entries,
// the next request at the fake server carries what the edit says, a refused edit rejects with a
// ContextEditError naming its reason, and onDidEditContext tells every edit once — the API's, and
// one another program (pi) wrote to the file.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ArborApiV1, ArborExports, ContextEditError, DidEditContextEvent } from '../../api/arbor';
import { serializeLine } from '../../src/core/session';
import { text } from '../support/fakeAnthropic';
import { branchMessages, colourThenFruit, entriesOnDisk, requestMessages, send, useAgent, whenIdle, wireText } from './agentSupport';
import { ARBOR_ID, until } from './support';

async function api(): Promise<ArborApiV1> {
  const exports = (await vscode.extensions.getExtension<ArborExports>(ARBOR_ID)!.activate()) as ArborExports;
  return exports.getApi(1)!;
}

/** The texts of the last request's messages, role first. */
function sent(agent: ReturnType<typeof useAgent>): string[] {
  return requestMessages(agent.server()).map((message) => `${message.role}: ${wireText(message)}`);
}

async function refusal(promise: Promise<unknown>): Promise<ContextEditError> {
  return promise.then(
    () => assert.fail('the edit was not refused'),
    (error: unknown) => error as ContextEditError,
  );
}

describe("Arbor's API: hide, replace and show again an entry for the model", () => {
  const agent = useAgent();
  let events: DidEditContextEvent[];
  let listening: vscode.Disposable | undefined;

  beforeEach(async () => {
    events = [];
    listening = (await api()).onDidEditContext((event) => events.push(event));
  });

  afterEach(() => listening?.dispose());

  it('hides a reply, gives another its text, shows the first again: the file, the requests and the events follow', async () => {
    const file = await colourThenFruit(agent);
    await whenIdle();
    const [, teal, , pear] = branchMessages(agent.host()).map((entry) => entry.id);
    const arbor = await api();

    const hidden = await arbor.hideFromModel(teal!);
    assert.equal(hidden.entryIds.length, 1);
    assert.deepEqual(hidden.targetIds, [teal]);
    assert.equal(hidden.description, `Hides the reply ${teal} from the model.`);
    const edit = entriesOnDisk(file).at(-1)!;
    assert.deepEqual([edit.id, edit.type, edit['targetId'], edit['replacement']], [hidden.entryIds[0], 'context_edit', teal, null]);
    await until('the hide is told', () => events.length === 1);
    assert.deepEqual(events, [{ sessionFile: file, entryIds: hidden.entryIds, targetIds: [teal], byOtherProgram: false }]);

    agent.server().script(text('An oak.'));
    await send(agent.host(), 'Name a tree');
    await whenIdle();
    assert.deepEqual(sent(agent), ['user: Name a colour', 'user: Name a fruit', 'assistant: A pear.', 'user: Name a tree']);

    const replaced = await arbor.replaceForModel(pear!, 'A plum.');
    assert.deepEqual(replaced.targetIds, [pear]);
    const shown = await arbor.showToModelAgain(teal!);
    assert.deepEqual(shown.targetIds, [teal]);
    agent.server().script(text('A rose.'));
    await send(agent.host(), 'Name a flower');
    assert.deepEqual(sent(agent), [
      'user: Name a colour',
      'assistant: Teal.',
      'user: Name a fruit',
      'assistant: A plum.',
      'user: Name a tree',
      'assistant: An oak.',
      'user: Name a flower',
    ]);
    await until('all three edits are told', () => events.length === 3);
    assert.deepEqual(
      events.map((event) => [event.entryIds, event.targetIds, event.byOtherProgram]),
      [
        [hidden.entryIds, [teal], false],
        [replaced.entryIds, [pear], false],
        [shown.entryIds, [teal], false],
      ],
    );
  });

  it('refuses an unknown id, a second hide and an entry off the current branch with a ContextEditError, appending nothing', async () => {
    const file = await colourThenFruit(agent);
    await whenIdle();
    const [colour, teal] = branchMessages(agent.host()).map((entry) => entry.id);
    const arbor = await api();
    await arbor.hideFromModel(teal!);
    const lines = entriesOnDisk(file).length;

    const unknown = await refusal(arbor.hideFromModel('nosuchid'));
    assert.deepEqual([unknown.name, unknown.reason, unknown.message], ['ContextEditError', 'unknown-entry', 'No entry with id nosuchid']);
    const again = await refusal(arbor.hideFromModel(teal!));
    assert.deepEqual([again.reason, again.message], ['already-hidden', `Entry ${teal} is already hidden from the model`]);
    assert.equal(entriesOnDisk(file).length, lines);
    await agent.host().navigate(colour!);
    await whenIdle();
    const moved = entriesOnDisk(file).length;
    const elsewhere = await refusal(arbor.replaceForModel(teal!, 'Blue.'));
    assert.deepEqual([elsewhere.reason, elsewhere.message], ['not-on-branch', `Entry ${teal} is not on the current branch: move to it first`]);
    assert.equal(entriesOnDisk(file).length, moved);
  });

  it('refuses with no session open', async () => {
    await vscode.commands.executeCommand('arbor.newSession');
    const none = await refusal((await api()).hideFromModel('abcd1234'));
    assert.deepEqual([none.name, none.reason], ['ContextEditError', 'no-session']);
  });

  it("tells an edit another program wrote to the file (pi's context_edit line) as another program's", async () => {
    const file = await colourThenFruit(agent);
    const session = agent.host().session!;
    await session.sync();
    const [, teal] = branchMessages(agent.host()).map((entry) => entry.id);
    const id = randomBytes(4).toString('hex');
    fs.appendFileSync(file, serializeLine({ type: 'context_edit', id, parentId: session.leafId, timestamp: new Date().toISOString(), targetId: teal!, replacement: null }));
    await until('the other program\'s edit is told', () => events.length === 1, 15_000);
    assert.deepEqual(events, [{ sessionFile: file, entryIds: [id], targetIds: [teal], byOtherProgram: true }]);
  });
});
