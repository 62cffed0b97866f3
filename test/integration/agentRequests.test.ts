// The chat's backend in the real extension host, against the fake Anthropic server: a prompt with
// no session open starts one where the settings say, and every request carries the tools, the
// user's text verbatim and the settings' model; settings apply to the next request, no reload.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkpointFileFor } from '../../src/core/agent/checkpoint';
import { chunks, reply, slow, startFakeAnthropic, text } from '../support/fakeAnthropic';
import { configure, entriesOnDisk, requestMessages, send, TEST_KEY, useAgent, wireText } from './agentSupport';
import { arborStorage, own } from './support';

/** pi's folder name for a project (`/home/me/app` → `--home-me-app--`), written out independently of Arbor's code. */
function piProjectFolder(cwd: string): string {
  return `--${cwd.replace(/^[/\\]/, '').replace(/[/\\:]/g, '-')}--`;
}

describe('Agent requests', () => {
  const agent = useAgent();

  it('starts a session below arbor.sessionsDirectory on the first prompt and sends the tools, the text verbatim and arbor.model', async () => {
    // Arbor's own tools only: the editor's (the test runner registers one) would add tool_search.
    await configure({ 'mcp.editorTools': false });
    const host = agent.host();
    assert.equal(host.session, undefined);
    agent.server().script(text('Hello back.'));
    const prompt = 'Hi there,\n  keep   these spaces  \nand <this> & "that"';
    await send(host, prompt);

    const file = agent.host().session?.file;
    assert.ok(file);
    const cwd = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    assert.equal(path.dirname(file), path.join(agent.sessions(), piProjectFolder(cwd)));
    const body = agent.server().lastRequest().body!;
    assert.equal(body.model, 'claude-haiku-4-5');
    const toolNames = (body.tools as { name: string }[]).map((tool) => tool.name);
    assert.deepEqual(toolNames, ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls']);
    const messages = requestMessages(agent.server());
    assert.equal(messages.at(-1)!.role, 'user');
    assert.equal(wireText(messages.at(-1)!), prompt);
    // The turn is in the file once the run is over.
    const roles = entriesOnDisk(file)
      .filter((entry) => entry.type === 'message')
      .map((entry) => (entry as { message: { role: string } }).message.role);
    assert.deepEqual(roles, ['user', 'assistant']);
    assert.match(fs.readFileSync(file, 'utf8'), /Hello back\./);
  });

  it('checkpoints a long reply in its global storage while it streams, never beside the session, and removes it once the reply is in the file', async () => {
    const host = agent.host();
    agent.server().script(reply(text('A long answer that takes well over a second to arrive. '.repeat(8)), chunks(10), slow({ chunkDelayMs: 40 })));
    const folder = path.join(arborStorage(), 'checkpoints');
    const beside = new Set<string>();
    let checkpoint: string | undefined;
    let checkpointed = false;
    const watch = setInterval(() => {
      const session = host.session;
      if (!session?.file) return;
      for (const name of fs.readdirSync(path.dirname(session.file))) beside.add(name);
      checkpoint ??= checkpointFileFor(folder, { file: session.file, id: session.id });
      if (fs.existsSync(checkpoint)) checkpointed = true;
    }, 20);
    try {
      await send(host, 'Take your time');
    } finally {
      clearInterval(watch);
    }
    const file = host.session!.file!;
    assert.deepEqual([...beside], [path.basename(file)], 'nothing but the session file appeared beside it');
    assert.equal(checkpointed, true, 'a checkpoint was written in the global storage while the reply streamed');
    assert.equal(fs.existsSync(checkpointFileFor(folder, { file, id: host.session!.id })), false);
  });

  it('uses a changed arbor.model for the next request and records the change in the session', async () => {
    const host = agent.host();
    agent.server().script(text('One.'), text('Two.'));
    await send(host, 'first');
    await configure({ model: 'claude-sonnet-4-5' });
    await send(host, 'second');
    const [first, second] = agent.server().messageRequests();
    assert.equal(first!.body!.model, 'claude-haiku-4-5');
    assert.equal(second!.body!.model, 'claude-sonnet-4-5');
    const changes = entriesOnDisk(host.session!.file!)
      .filter((entry) => entry.type === 'model_change')
      .map((entry) => (entry as { modelId: string }).modelId);
    assert.deepEqual(changes, ['claude-haiku-4-5', 'claude-sonnet-4-5']);
  });

  it('sends max_tokens from arbor.maxOutputTokens, and the model limit when it is 0', async () => {
    const host = agent.host();
    agent.server().script(text('One.'), text('Two.'));
    await configure({ maxOutputTokens: 1234 });
    await send(host, 'first');
    await configure({ maxOutputTokens: 0 });
    await send(host, 'second');
    const [first, second] = agent.server().messageRequests();
    assert.equal(first!.body!.max_tokens, 1234);
    // claude-haiku-4-5's published output limit.
    assert.equal(second!.body!.max_tokens, 64_000);
  });

  it('asks for thinking as arbor.thinking says (budget on top of max_tokens, pi-ai budgets)', async () => {
    const host = agent.host();
    agent.server().script(text('Plain.'), text('Thought.'));
    await configure({ maxOutputTokens: 4000 });
    await send(host, 'no thinking');
    await configure({ thinking: 'medium' });
    await send(host, 'think');
    const [plain, thought] = agent.server().messageRequests();
    // Off on a model that can think: thinking is switched off explicitly.
    assert.deepEqual(plain!.body!.thinking, { type: 'disabled' });
    // pi-ai: medium = 8192 budget tokens, added to the answer's max_tokens.
    assert.deepEqual(thought!.body!.thinking, { type: 'enabled', budget_tokens: 8192 });
    assert.equal(thought!.body!.max_tokens, 4000 + 8192);
  });

  it('sends the next request to a changed arbor.baseUrl', async () => {
    const host = agent.host();
    const other = await startFakeAnthropic({ apiKey: TEST_KEY });
    try {
      agent.server().script(text('From the first.'));
      other.script(reply(text('From the second.')));
      await send(host, 'one');
      await configure({ baseUrl: other.url });
      await send(host, 'two');
      assert.equal(agent.server().messageRequests().length, 1);
      assert.equal(other.messageRequests().length, 1);
      assert.equal(wireText(requestMessages(other).at(-1)!), 'two');
    } finally {
      await other.close();
    }
  });

  it('Select Model writes arbor.model and records the change in the open session', async () => {
    const host = agent.host();
    agent.server().script(text('One.'), text('Two.'));
    await send(host, 'first');
    assert.equal(await vscode.commands.executeCommand('arbor.selectModel', await own('claude-opus-4-5')), 'claude-opus-4-5');
    assert.equal(vscode.workspace.getConfiguration('arbor').get('model'), 'claude-opus-4-5');
    const last = entriesOnDisk(host.session!.file!).at(-1) as { type: string; modelId?: string };
    assert.deepEqual([last.type, last.modelId], ['model_change', 'claude-opus-4-5']);
    await send(host, 'second');
    assert.equal(agent.server().lastRequest().body!.model, 'claude-opus-4-5');
  });
});
