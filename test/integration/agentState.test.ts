// What the chat relies on beyond requests: a prompt that could not be sent rejects in plain words
// and leaves the position as it was (the text stays in the chat), the token estimator setting
// changes the meter's reading while another setting keeps the agent and its reading, and the session
// this window had comes back after a reload.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { messageRole } from '../../src/core/session/kind';
import { CurrentSession } from '../../src/vscode/currentSession/currentSession';
import { SessionMemory } from '../../src/vscode/currentSession/workspaceState';
import { reply, startFakeAnthropic, text, usage } from '../support/fakeAnthropic';
import { configure, send, TEST_KEY, useAgent, contextStatus } from './agentSupport';
import { own } from './support';

interface TypedError {
  name: string;
  reason: string;
  message: string;
}

async function rejection(promise: Promise<unknown>): Promise<TypedError> {
  try {
    await promise;
  } catch (error) {
    return error as TypedError;
  }
  throw new Error('expected the prompt to be rejected');
}

/** A session file with a single user message and no reply: every token of it is estimated. */
function writeUnansweredSession(dir: string, prompt: string): string {
  const file = path.join(dir, 'unanswered.jsonl');
  const header = { type: 'session', version: 3, id: 'int-estimator-0001', timestamp: '2026-11-30T10:00:00.000Z', cwd: dir };
  const user = { type: 'message', id: 'u0000001', parentId: null, timestamp: '2026-11-30T10:00:01.000Z', message: { role: 'user', content: [{ type: 'text', text: prompt }], timestamp: 1 } };
  fs.writeFileSync(file, `${JSON.stringify(header)}\n${JSON.stringify(user)}\n`);
  return file;
}

describe('Agent state, failures and restore', () => {
  const agent = useAgent();

  it('rejects a prompt without a key, naming the command, and creates nothing', async () => {
    await vscode.commands.executeCommand('arbor.clearApiKey');
    try {
      const error = await rejection(agent.host().prompt('hello'));
      assert.equal(error.name, 'PromptError');
      assert.equal(error.reason, 'no-key');
      assert.match(error.message, /Set Anthropic API Key/);
      assert.equal(agent.host().session, undefined);
      assert.equal(agent.server().messageRequests().length, 0);
      assert.equal(agent.host().state.hasKey, false);
    } finally {
      await vscode.commands.executeCommand('arbor.setApiKey', await own(TEST_KEY));
    }
  });

  it('rejects a prompt whose key is refused, moves back before it, and sends it again cleanly', async () => {
    await vscode.commands.executeCommand('arbor.setApiKey', await own('sk-ant-wrong-key'));
    const error = await rejection(agent.host().prompt('first try'));
    assert.equal(error.reason, 'auth');
    const session = agent.host().session!;
    const user = session.entries.find((entry) => messageRole(entry) === 'user')!;
    // The failed attempt stays in the tree; the position is back where the prompt was sent from.
    assert.equal(session.leafId, user.parentId);
    await vscode.commands.executeCommand('arbor.setApiKey', await own(TEST_KEY));
    agent.server().script(text('Now it works.'));
    await send(agent.host(), 'first try');
    const users = agent.server().lastRequest().body!.messages as { role: string }[];
    assert.equal(users.filter((message) => message.role === 'user').length, 1);
  });

  it('rejects a prompt when the server cannot be reached', async function () {
    this.timeout(60_000);
    const gone = await startFakeAnthropic({ apiKey: TEST_KEY });
    const url = gone.url;
    await gone.close();
    await configure({ baseUrl: url });
    const error = await rejection(agent.host().prompt('anyone there?'));
    assert.equal(error.reason, 'network');
    assert.ok(error.message.includes(url), error.message);
  });

  it('reads the context with the estimator arbor.tokenEstimator names', async () => {
    const prompt = 'function add(a, b) { return a + b; } // ' + 'tokens '.repeat(200);
    const file = writeUnansweredSession(agent.sessions(), prompt);
    assert.equal(await vscode.commands.executeCommand('arbor.openSession', await own(file)), true);
    await configure({ tokenEstimator: 'chars4' });
    const chars4 = await contextStatus();
    await configure({ tokenEstimator: 'tokenizer' });
    const tokenizer = await contextStatus();
    // pi's estimate: the text's length over 4, rounded up.
    assert.equal(chars4?.contextTokens, Math.ceil(prompt.length / 4));
    assert.equal(chars4?.reportedTokens, 0);
    assert.notEqual(tokenizer?.contextTokens, chars4?.contextTokens);
    assert.ok((tokenizer?.contextTokens ?? 0) > 0);
  });

  it('keeps the agent, and its reading, when a setting changes between prompts: the meter keeps its calibration', async () => {
    await configure({ tokenEstimator: 'chars4' });
    const question = (n: number): string => `Question ${n}: ${'word '.repeat(400)}`;
    // The second request grew by 1010 tokens for a question estimated at about 505: a ratio of about 2.
    agent
      .server()
      .script(
        reply(text('One.'), usage({ input_tokens: 1000, output_tokens: 10 })),
        reply(text('Two.'), usage({ input_tokens: 2020, output_tokens: 10 })),
        reply(text('Three.'), usage({ input_tokens: 3040, output_tokens: 10 })),
      );
    await send(agent.host(), question(1));
    await send(agent.host(), question(2));
    await send(agent.host(), question(3));
    // At the third question, its tokens are estimated after the second reply's usage, calibrated
    // by the two replies before it on the path.
    const third = agent.host().session!.getBranch().filter((entry) => messageRole(entry) === 'user')[2]!;
    await agent.host().moveTo(third.id);
    const before = await contextStatus();
    await configure({ maxOutputTokens: 1234 });
    const after = await contextStatus();
    assert.ok((before?.calibrationRatio ?? 1) > 1.5, `calibration ratio ${before?.calibrationRatio}`);
    assert.equal(after?.calibrationRatio, before?.calibrationRatio);
    assert.equal(after?.contextTokens, before?.contextTokens);
  });

  it('reopens the remembered session at the same position (a window reload, simulated)', async () => {
    agent.server().script(text('One.'), text('Two.'));
    await send(agent.host(), 'first');
    await send(agent.host(), 'second');
    const file = agent.host().session!.file!;
    const firstReply = agent.host().session!.getBranch().find((entry) => messageRole(entry) === 'assistant')!;
    await vscode.commands.executeCommand('arbor.openSession', await own(file)); // a second window's view of it
    const state = new Map<string, unknown>();
    const memento = { get: (key: string) => state.get(key), update: async (key: string, value: unknown) => void state.set(key, value), keys: () => [...state.keys()] } as unknown as vscode.Memento;
    const log = vscode.window.createOutputChannel('Arbor restore test', { log: true });
    try {
      const before = new CurrentSession(log, new SessionMemory(memento));
      const opened = await before.open(file);
      await opened.branch(firstReply.id);
      await opened.flush();
      before.dispose();
      const after = new CurrentSession(log, new SessionMemory(memento));
      await after.restore();
      assert.equal(after.session?.file, file);
      assert.equal(after.session?.leafId, firstReply.id);
      after.dispose();
    } finally {
      log.dispose();
    }
  });
});
