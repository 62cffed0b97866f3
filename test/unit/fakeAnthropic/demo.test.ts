import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import Anthropic from '@anthropic-ai/sdk';
import { historyPrompt, SUMMARIZATION_SYSTEM_PROMPT } from '../../../src/core/compaction';
import { DEMO_HELP, demoFlow, demoHandler } from '../../support/fakeAnthropic/demoScript';
import { useFakeAnthropic } from '../../support/fakeAnthropic';

type Param = Anthropic.MessageParam;
/** The demo's tools, declared as the API requires of a request whose history holds tool calls. */
const tools: Anthropic.Tool[] = ['read', 'edit', 'bash'].map((name) => ({ name, description: name, input_schema: { type: 'object' } }));
const base = { model: 'claude-demo', max_tokens: 1000, tools };

/** Plays the demo's three prompts with their tool results and returns the replies. */
async function playDemo(client: Anthropic): Promise<Anthropic.Message[]> {
  const history: Param[] = [];
  const replies: Anthropic.Message[] = [];
  const send = async (message: Param): Promise<Anthropic.Message> => {
    history.push(message);
    const answer = await client.messages.stream({ ...base, messages: history }).finalMessage();
    history.push({ role: 'assistant', content: answer.content });
    replies.push(answer);
    return answer;
  };
  const toolResult = (answer: Anthropic.Message, content: string): Param => {
    const call = answer.content.find((b) => b.type === 'tool_use');
    assert.ok(call, 'expected a tool call');
    return { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content }] };
  };
  await send({ role: 'user', content: 'Show me an example' });
  const read = await send({ role: 'user', content: 'Now change notes.md please' });
  const edit = await send(toolResult(read, '\n# Notes\nsecond line\n'));
  await send(toolResult(edit, 'Successfully replaced 1 block in notes.md.'));
  await send({ role: 'user', content: 'And a long one' });
  return replies;
}

const describeReply = (m: Anthropic.Message): string =>
  m.content.map((b) => (b.type === 'tool_use' ? `tool_use ${b.name} ${JSON.stringify(b.input)}` : b.type)).join(', ');

describe('fake Anthropic demo conversation', () => {
  const server = useFakeAnthropic({ handler: demoHandler() });

  it('answers "an example" with Markdown, "change notes.md" with a read then an edit of what was read and a closing reply, "a long one" with a long reply', async () => {
    const replies = await playDemo(new Anthropic({ apiKey: 'any', baseURL: server().url, maxRetries: 0 }));
    assert.deepEqual(replies.map(describeReply), [
      'thinking, text',
      'text, tool_use read {"path":"notes.md"}',
      'text, tool_use edit {"path":"notes.md","edits":[{"oldText":"# Notes","newText":"# Notes (edited by the Arbor demo)"}]}',
      'text',
      'text',
    ]);
    const [markdown, , , , long] = replies.map((m) => m.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
    assert.match(markdown ?? '', /```ts\n[\s\S]*\n```/);
    assert.ok((long ?? '').length > 2000, 'the long reply is long');
    assert.deepEqual(replies.map((m) => m.stop_reason), ['end_turn', 'tool_use', 'tool_use', 'end_turn', 'end_turn']);
  });

  it('answers by the words of the prompt, not by its turn: a long reply first, then code, then the list of what it answers to', async () => {
    const client = new Anthropic({ apiKey: 'any', baseURL: server().url, maxRetries: 0 });
    const history: Param[] = [];
    const texts: string[] = [];
    for (const prompt of ['Write a long answer', 'Now a code example', 'Hello there']) {
      history.push({ role: 'user', content: prompt });
      const answer = await client.messages.stream({ ...base, messages: history }).finalMessage();
      history.push({ role: 'assistant', content: answer.content });
      texts.push(answer.content.map((b) => b.type).join(', '));
      if (prompt === 'Hello there') assert.equal(answer.content.map((b) => (b.type === 'text' ? b.text : '')).join(''), DEMO_HELP);
    }
    assert.deepEqual(texts, ['text', 'thinking, text', 'text']);
    assert.ok(JSON.stringify(history[1]).length > 2000, 'the first reply is the long one');
  });

  it('runs a bash command when asked to, then quotes what it printed', async () => {
    const client = new Anthropic({ apiKey: 'any', baseURL: server().url, maxRetries: 0 });
    const asked: Param[] = [{ role: 'user', content: 'Run a command in the shell' }];
    const call = await client.messages.stream({ ...base, messages: asked }).finalMessage();
    assert.equal(describeReply(call), 'text, tool_use bash {"command":"ls"}');
    const id = call.content.find((b) => b.type === 'tool_use')!.id;
    asked.push({ role: 'assistant', content: call.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'README.md\nsrc' }] });
    const closing = await client.messages.stream({ ...base, messages: asked }).finalMessage();
    assert.deepEqual(closing.content.map((b) => (b.type === 'text' ? b.text : b.type)), ['The command printed:\n\n```\nREADME.md\nsrc\n```']);
  });

  it('picks a flow by the first rule the prompt\'s words match', () => {
    const flows = ['Read the notes', 'Change README.md', 'What is in src/slugify.ts?', 'Run a command', 'bash please', 'Tell me more', 'A longer one', 'Show me an example', 'Write a function', 'Run the example', 'e.g. hello', 'Hi'].map(demoFlow);
    assert.deepEqual(flows, ['file', 'file', 'file', 'bash', 'bash', 'long', 'long', 'code', 'code', 'bash', 'help', 'help']);
  });

  it("answers a compaction's summary request with a structured summary, whatever the turn", async () => {
    const client = new Anthropic({ apiKey: 'any', baseURL: server().url, maxRetries: 0 });
    const prompt = historyPrompt({ conversation: '[User]: Show me an example\n\n[Assistant]: Here is one.' });
    const asked: Param[] = [{ role: 'user', content: 'Show me an example' }, { role: 'assistant', content: 'Here.' }, { role: 'user', content: prompt }];
    const answer = await client.messages.stream({ ...base, system: SUMMARIZATION_SYSTEM_PROMPT, messages: asked }).finalMessage();
    const summary = answer.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    assert.deepEqual(answer.content.map((b) => b.type), ['text']);
    assert.deepEqual(summary.match(/^## .+$/gm), ['## Goal', '## Constraints & Preferences', '## Progress', '## Key Decisions', '## Next Steps', '## Critical Context']);
  });

  it('runs from the command line, printing its URL first', async () => {
    const cli = path.resolve(__dirname, '../../support/fakeAnthropic/cli.ts');
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', cli, '--delay', '0', '--key', 'demo-key'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const firstLine = createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
      const url = (await firstLine).value as string;
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const replies = await playDemo(new Anthropic({ apiKey: 'demo-key', baseURL: url, maxRetries: 0 }));
      assert.equal(replies.length, 5);
      const refused = await new Anthropic({ apiKey: 'other', baseURL: url, maxRetries: 0 }).messages
        .create({ ...base, messages: [{ role: 'user', content: 'hi' }] })
        .catch((e: unknown) => e);
      assert.ok(refused instanceof Anthropic.AuthenticationError);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
