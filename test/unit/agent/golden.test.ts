/**
 * Golden request bodies: what the agent sends, through the real Anthropic adapter and SDK, as the
 * fake server recorded it — after a compaction, a branch switch with a summary, a fork, and a
 * reopen. The expected bodies are written out by hand. Prompt-cache markers (`cache_control`)
 * are the adapter's business (its own tests pin them) and are removed before comparing.
 */
import { strict as assert } from 'node:assert';
import { AgentSession } from '../../../src/core/agent';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile, forkSession, openSessionFile, type Session } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { echoTool } from './support/fakeTools';
import { requestProblems } from './support/validBody';

const MODEL = 'claude-sonnet-4-6';
const SYSTEM = 'You are the test agent.';
const ECHO_TOOL = { name: 'echo', description: 'Echoes its text', input_schema: { type: 'object', properties: { text: { type: 'string' } } } };

function withoutCacheMarkers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCacheMarkers);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'cache_control').map(([key, inner]) => [key, withoutCacheMarkers(inner)]));
  }
  return value;
}

const userText = (value: string) => ({ role: 'user', content: [{ type: 'text', text: value }] });
const assistantText = (value: string) => ({ role: 'assistant', content: [{ type: 'text', text: value }] });

/** The body of an agent request with the echo tool and these messages. */
function agentBody(messages: unknown[]) {
  return { model: MODEL, messages, max_tokens: 128000, stream: true, system: [{ type: 'text', text: SYSTEM }], thinking: { type: 'disabled' }, tools: [ECHO_TOOL] };
}

describe('golden request bodies', function () {
  this.timeout(30000);
  const server = useFakeAnthropic();
  const dir = useTempDir();

  function agentFor(session: Session, keepRecentTokens = 20000): AgentSession {
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-golden', baseUrl: server().url, now: () => Date.parse('2026-03-01T00:00:00.000Z') });
    return new AgentSession({
      session,
      provider,
      tools: [echoTool()],
      settings: { model: MODEL, compaction: { keepRecentTokens } },
      clock: steppingClock(),
      root: dir(),
      systemPrompt: SYSTEM,
      delay: async () => undefined,
    });
  }

  async function newSession(): Promise<Session> {
    return createSessionFile({ dir: dir(), cwd: dir(), clock: steppingClock() });
  }

  /** q1/a1, then q2 answered with an echo tool call, its result and a closing text. */
  async function converse(agent: AgentSession): Promise<void> {
    server().script(text('first answer'), reply(text('I will echo.'), toolUse('echo', { text: 'hello' }, 'toolu_echo_1')), text('Echoed hello.'));
    await agent.prompt('first question');
    await agent.prompt('second question');
  }

  function lastBody(): unknown {
    const body = server().lastRequest().body;
    assert.deepEqual(requestProblems(body), []);
    return withoutCacheMarkers(body);
  }

  const toolTurn = [
    userText('second question'),
    { role: 'assistant', content: [{ type: 'text', text: 'I will echo.' }, { type: 'tool_use', id: 'toolu_echo_1', name: 'echo', input: { text: 'hello' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_echo_1', content: 'echo: hello', is_error: false }] },
    assistantText('Echoed hello.'),
  ];

  it('after a compaction: the summary message first, then the kept tail, then the new prompt', async () => {
    const agent = agentFor(await newSession(), 6);
    await converse(agent);
    server().script(text('third answer'));
    await agent.prompt('third question');
    server().script(text('SUMMARY ONE'));
    await agent.compact();
    server().script(text('fourth answer'));
    await agent.prompt('fourth question');
    assert.deepEqual(
      lastBody(),
      agentBody([
        userText('The conversation history before this point was compacted into the following summary:\n\n<summary>\nSUMMARY ONE\n</summary>'),
        userText('third question'),
        assistantText('third answer'),
        userText('fourth question'),
      ]),
    );
  });

  it('after a branch switch with a summary: the old branch only as its summary', async () => {
    const session = await newSession();
    const agent = agentFor(session);
    await converse(agent);
    const firstAnswer = session.getBranch().find((e) => e.type === 'message' && (e.message as { role: string; content: { text?: string }[] }).content[0]?.text === 'first answer')!;
    server().script(text('BRANCH SUMMARY'));
    await agent.navigate(firstAnswer.id, { summarize: true });
    server().script(text('another answer'));
    await agent.prompt('another question');
    assert.deepEqual(
      lastBody(),
      agentBody([
        userText('first question'),
        assistantText('first answer'),
        userText(
          'The following is a summary of a branch that this conversation came back from:\n\n<summary>\nThe user explored a different conversation branch before returning here.\nSummary of that exploration:\n\nBRANCH SUMMARY</summary>',
        ),
        userText('another question'),
      ]),
    );
  });

  it('after a fork: only the forked path, nothing of the source after the fork point', async () => {
    const source = await newSession();
    await converse(agentFor(source));
    const second = source.getBranch().find((e) => e.type === 'message' && (e.message as { role: string; content: { text?: string }[] }).content[0]?.text === 'second question')!;
    const { session: fork, selectedText } = await forkSession(source, second.id, { dir: dir(), position: 'before', clock: steppingClock() });
    assert.equal(selectedText, 'second question');
    server().script(text('forked answer'));
    await agentFor(fork).prompt('a different second question');
    assert.deepEqual(lastBody(), agentBody([userText('first question'), assistantText('first answer'), userText('a different second question')]));
  });

  it('after reopening the file: the same context as before, tool calls paired, the other branch left out', async () => {
    const session = await newSession();
    const agent = agentFor(session);
    await converse(agent);
    const afterTool = session.leafId!;
    server().script(text('abandoned answer'));
    await agent.prompt('abandoned question');
    await session.branch(afterTool);
    await session.sync();
    agent.dispose();

    const { session: reopened } = await openSessionFile(session.file!, { clock: steppingClock('2026-02-01T00:00:00.000Z') });
    server().script(text('answer after reopening'));
    await agentFor(reopened).prompt('question after reopening');
    assert.deepEqual(lastBody(), agentBody([userText('first question'), assistantText('first answer'), ...toolTurn, userText('question after reopening')]));
  });
});
