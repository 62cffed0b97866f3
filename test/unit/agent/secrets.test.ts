import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AgentSession, type AgentEvent } from '../../../src/core/agent';
import { createAnthropicProvider } from '../../../src/core/llm';
import { createSessionFile } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { chunks, overflow, reply, slow, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { echoTool } from './support/fakeTools';

const KEY = 'sk-ant-api03-SECRET-never-written-0123456789';

describe('the API key and the agent', function () {
  this.timeout(30000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();

  it('never appears in the files of the session folder, the logs or any event, only in the auth header', async () => {
    const clock = steppingClock();
    const session = await createSessionFile({ dir: dir(), cwd: dir(), clock });
    const logs: string[] = [];
    const log = (line: string): void => void logs.push(line);
    const provider = createAnthropicProvider({ apiKey: KEY, baseUrl: server().url, now: () => clock().getTime(), log: { debug: log, info: log, warn: log, error: log } });
    const events: AgentEvent[] = [];
    const agent = new AgentSession({
      session,
      provider,
      tools: [echoTool()],
      settings: { model: 'claude-sonnet-4-6', compaction: { keepRecentTokens: 5 } },
      clock,
      root: dir(),
      logger: { debug: log, info: log, warn: log, error: log },
      checkpointEveryMs: 1,
      delay: async () => undefined,
    });
    agent.onEvent((event) => events.push(event));
    server().script(
      reply(text('Let me echo that slowly.'), toolUse('echo', { text: 'x' }), chunks(3), slow({ chunkDelayMs: 5 })),
      text('Echoed.'),
      overflow(250000, 200000),
      text('SUMMARY'),
      text('After recovery.'),
    );
    await agent.prompt('please echo');
    await agent.prompt('and now?');
    await session.sync();

    assert.equal(server().messageRequests().length, 5);
    const files = readdirSync(dir()).map((name) => readFileSync(path.join(dir(), name), 'utf8'));
    const everything = [...files, ...logs, JSON.stringify(events)].join('\n');
    assert.equal(everything.includes(KEY), false);
    assert.equal(everything.includes(KEY.slice(-12)), false);
    for (const request of server().messageRequests()) {
      assert.equal(request.rawBody.includes(KEY), false);
      const auth = [request.headers['x-api-key'], request.headers.authorization].join(' ');
      assert.ok(auth.includes(KEY));
    }
  });
});
