/**
 * The `mcp_servers` section in the requests the agent sends: the real agent, a real MCP server (the
 * HTTP fixture) behind the MCP tool source, the real SDK against the fake Anthropic server. Show
 * Context builds its document with the same code, so it shows the section as sent.
 */
import { strict as assert } from 'node:assert';
import { AgentSession, composeSystemPrompt, contextDocument, NO_PROMPT_PARTS } from '../../../src/core/agent';
import { narrowedToolSource, type ToolSource } from '../../../src/core/agent/tools/toolSource';
import { createTools, toolSpecs } from '../../../src/core/agent/tools/registry';
import { createAnthropicProvider } from '../../../src/core/llm';
import { McpConnections } from '../../../src/core/mcp/connections/connections';
import { mcpToolSource } from '../../../src/core/mcp/tools/mcpToolSource';
import { McpTools } from '../../../src/core/mcp/tools/toolSet';
import { inMemorySession } from '../../../src/core/session';
import { steppingClock } from '../../support/builders';
import { readContextDocument } from '../../support/contextDocument';
import { text, useFakeAnthropic } from '../../support/fakeAnthropic';
import { httpSpec, startHttpFixture, type HttpFixture } from '../../support/mcpServers';
import { useTempDir } from '../../support/tempDir';

const SECTION = [
  '<mcp_servers>',
  'These MCP servers have tools that are not declared to you yet: load the ones you need with `tool_search` before calling them.',
  '- mcp__docs (tool_search): The project documentation.',
  '</mcp_servers>',
].join('\n');

describe('the MCP servers in the system prompt of agent requests', function () {
  this.timeout(30_000);
  const server = useFakeAnthropic();
  const dir = useTempDir();
  let http: HttpFixture | undefined;
  let connections: McpConnections | undefined;

  afterEach(async () => {
    await connections?.stop();
    await http?.close();
    connections = undefined;
    http = undefined;
  });

  async function deferredServerSource(): Promise<ToolSource> {
    http = await startHttpFixture();
    connections = new McpConnections();
    connections.start([httpSpec('docs', http.url, { exposure: 'deferred', description: 'The project documentation.' })]);
    await connections.waitForAll(20_000);
    return mcpToolSource(connections, new McpTools(connections));
  }

  function agentWith(toolSource?: ToolSource): AgentSession {
    const clock = steppingClock();
    const provider = createAnthropicProvider({ apiKey: 'sk-ant-test', baseUrl: server().url, now: () => clock().getTime(), retry: { maxAttempts: 1 } });
    return new AgentSession({
      session: inMemorySession(dir(), clock),
      provider,
      tools: createTools({ only: ['read', 'ls'] }),
      ...(toolSource ? { toolSource } : {}),
      settings: { model: 'claude-sonnet-4-5' },
      clock,
      root: dir(),
      delay: async () => undefined,
    });
  }

  const systemOf = (index: number): string => (server().messageRequests()[index]!.body!.system as { text: string }[])[0]!.text;
  /** The prompt without any section the tools add, for Arbor's tools and those the source declares now. */
  const plainPrompt = (source?: ToolSource): string =>
    composeSystemPrompt({ root: dir(), tools: [...toolSpecs(createTools({ only: ['read', 'ls'] })), ...(source?.toolsFor([]) ?? []).map((tool) => tool.spec)] }, NO_PROMPT_PARTS);

  it('ends the prompt with the deferred server in <mcp_servers>, the same text in every request, and Show Context shows it', async () => {
    const source = await deferredServerSource();
    const agent = agentWith(source);
    server().script(text('One.'), text('Two.'));
    await agent.prompt('first');
    await agent.prompt('second');
    const shown = readContextDocument(contextDocument(await agent.showContext()));
    assert.equal(systemOf(0), `${plainPrompt(source)}\n\n${SECTION}`);
    assert.equal(systemOf(1), systemOf(0));
    assert.equal(shown.system, systemOf(0));
    agent.dispose();
  });

  it('leaves the prompt as it was without MCP servers, and without the servers an allow-list removes', async () => {
    const source = await deferredServerSource();
    const narrowed = narrowedToolSource(source, ['mcp__other']);
    // A list naming the server, or one of its tools, keeps it.
    for (const allow of ['mcp__docs', 'mcp__docs__*', 'mcp__docs__echo']) assert.deepEqual(narrowedToolSource(source, [allow]).promptSection!(), source.promptSection!(), allow);
    const withoutSource = agentWith();
    const withNarrowed = agentWith(narrowed);
    server().script(text('One.'), text('Two.'));
    await withoutSource.prompt('hi');
    await withNarrowed.prompt('hi');
    assert.equal(systemOf(0), plainPrompt());
    assert.equal(systemOf(1), plainPrompt(narrowed));
    withoutSource.dispose();
    withNarrowed.dispose();
  });
});
