import { strict as assert } from 'node:assert';
import { McpConnections } from '../../../../src/core/mcp/connections/connections';
import { mcpToolSource } from '../../../../src/core/mcp/tools/mcpToolSource';
import { mcpServersSection, type ListedServer } from '../../../../src/core/mcp/tools/serversSection';
import { McpTools } from '../../../../src/core/mcp/tools/toolSet';
import type { McpExposure } from '../../../../src/core/mcp/types';
import { importPiFile } from '../../../support/pi';
import { httpSpec, startHttpFixture, type HttpFixture } from '../../../support/mcpServers';

const INTRO = 'These MCP servers have tools that are not declared to you yet: load the ones you need with `tool_search` before calling them.';

interface ServerOptions {
  exposure?: McpExposure;
  toolExposure?: readonly (readonly [string, McpExposure])[];
  enabled?: boolean;
  description?: string;
  instructions?: string;
}

function server(name: string, options: ServerOptions = {}): ListedServer {
  const { instructions, ...overrides } = options;
  return { name, spec: httpSpec(name, 'http://127.0.0.1:9/mcp', { exposure: 'deferred', ...overrides }), ...(instructions === undefined ? {} : { instructions }) };
}

/** pi's own section for the same servers (pi's `renderServersSection`), as pi's MCP extension holds them. */
async function piSection(servers: readonly ListedServer[]): Promise<string | undefined> {
  const { renderServersSection } = await importPiFile<{ renderServersSection(servers: readonly object[]): string | undefined }>('extensions/mcp/index.js');
  return renderServersSection(
    servers.map(({ name, spec, instructions }) => ({
      entry: { name, config: { enabled: spec.enabled, exposure: spec.exposure, toolExposure: Object.fromEntries(spec.toolExposure), ...(spec.description === undefined ? {} : { description: spec.description }) } },
      ...(instructions === undefined ? {} : { connection: { instructions } }),
    })),
  );
}

describe('the mcp_servers section of the system prompt', () => {
  it('lists a deferred server with its description, and one without a description by the first line of its instructions once connected', () => {
    const servers = [server('wiki', { instructions: 'Search the team wiki.\nPages are in Markdown.' }), server('dev-radius', { description: '  Radius of the dev cluster.  ' })];
    assert.equal(
      mcpServersSection(servers),
      [INTRO, '- mcp__dev_radius (tool_search): Radius of the dev cluster.', '- mcp__wiki (tool_search): Search the team wiki.'].join('\n'),
    );
  });

  it('names a server without a description or instructions (not connected yet) without a summary', () => {
    assert.equal(mcpServersSection([server('wiki')]), `${INTRO}\n- mcp__wiki (tool_search)`);
  });

  it('lists a codemode server as reached through tool_search (Arbor has no codemode), and one with some deferred tools', () => {
    const servers = [server('code', { exposure: 'codemode' }), server('mixed', { exposure: 'direct', toolExposure: [['search_*', 'deferred']] })];
    assert.equal(mcpServersSection(servers), `${INTRO}\n- mcp__code (tool_search)\n- mcp__mixed (tool_search)`);
  });

  it('leaves out a server whose tools are all declared or hidden, and a disabled one: none left, no section', () => {
    const servers = [server('direct', { exposure: 'direct', description: 'Declared.' }), server('hidden', { exposure: 'hidden' }), server('off', { enabled: false, description: 'Off.' })];
    assert.equal(mcpServersSection(servers), undefined);
    assert.equal(mcpServersSection([...servers, server('docs')]), `${INTRO}\n- mcp__docs (tool_search)`);
  });

  it('cuts a description to 250 characters, an ellipsis last', () => {
    const text = mcpServersSection([server('docs', { description: `${'word '.repeat(60)}end` })])!;
    assert.equal(text.split('\n')[1], `- mcp__docs (tool_search): ${'word '.repeat(49)}word…`);
  });

  it('writes the server lines as pi writes them, cut descriptions included', async () => {
    const servers = [
      server('wiki', { instructions: 'Search the team wiki.\nMore.' }),
      server('dev-radius', { description: 'Radius.' }),
      server('long', { description: `${'é'.repeat(247)}   ${'x'.repeat(40)}` }),
      server('direct', { exposure: 'direct' }),
      server('off', { enabled: false }),
    ];
    const ours = mcpServersSection(servers)!.split('\n');
    const pis = (await piSection(servers))!.split('\n');
    assert.equal(ours.length, 4);
    assert.deepEqual(ours.slice(1), pis.slice(1));
  });

  it('shrinks the descriptions evenly to keep the section within 4096 characters', () => {
    const text = mcpServersSection(Array.from({ length: 20 }, (_, index) => server(`s${String(index).padStart(2, '0')}`, { description: 'x'.repeat(300) })))!;
    const lines = text.split('\n');
    // (4096 - the intro and 20 bare lines, 125 + 20 × 25) / 20 = 173, less ": ".
    assert.deepEqual([text.length, lines.length, lines[1]], [4085, 21, `- mcp__s00 (tool_search): ${'x'.repeat(170)}…`]);
  });

  it('leaves out the last servers, counted in a closing line, when their names alone pass 4096 characters', () => {
    const servers = Array.from({ length: 120 }, (_, index) => server(`server-with-a-long-name-${String(index).padStart(3, '0')}`, { description: 'Docs.' }));
    const lines = mcpServersSection(servers)!.split('\n');
    assert.deepEqual([lines.join('\n').length, lines.length], [4051, 81]);
    assert.deepEqual(lines.slice(-2), ['- mcp__server_with_a_long_name_078 (tool_search)', '- … 41 more servers; tool_search finds their tools too']);
  });

  it('is the same text for the same servers, whatever order they are configured in', () => {
    const servers = [server('b', { description: 'B.' }), server('a', { description: 'A.' })];
    assert.equal(mcpServersSection(servers), mcpServersSection([...servers].reverse()));
  });

  describe('from the tool source', () => {
    let http: HttpFixture;
    let connections: McpConnections;

    afterEach(async () => {
      await connections.stop();
      await http.close();
    });

    it('names a server by its instructions once it connected, and only the servers the allow-list keeps', async () => {
      http = await startHttpFixture({ instructions: 'Fixture tools for tests.\nSecond line.' });
      connections = new McpConnections();
      connections.start([httpSpec('fixture', http.url, { exposure: 'deferred' }), httpSpec('other', http.url, { exposure: 'codemode', description: 'Other.' }), httpSpec('direct', http.url)]);
      await connections.waitForAll(20_000);
      const source = mcpToolSource(connections, new McpTools(connections));
      assert.deepEqual(source.promptSection!(), {
        name: 'mcp_servers',
        text: `${INTRO}\n- mcp__fixture (tool_search): Fixture tools for tests.\n- mcp__other (tool_search): Other.`,
      });
      assert.deepEqual(source.promptSection!(), source.promptSection!());
      assert.deepEqual(source.promptSection!((name) => name === 'other'), { name: 'mcp_servers', text: `${INTRO}\n- mcp__other (tool_search): Other.` });
      assert.equal(source.promptSection!(() => false), undefined);
    });
  });
});
