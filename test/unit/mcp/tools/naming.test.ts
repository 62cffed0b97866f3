import { strict as assert } from 'node:assert';
import { McpConnections } from '../../../../src/core/mcp/connections/connections';
import { loadPiMcp } from '../../../../src/core/mcp/connections/piMcp';
import { McpToolNames } from '../../../../src/core/mcp/tools/naming';
import { McpTools } from '../../../../src/core/mcp/tools/toolSet';
import { TOOL_NAMES } from '../../../../src/core/agent/tools/registry';
import { httpSpec, startHttpFixture, type HttpFixture } from '../../../support/mcpServers';

describe('MCP tool names', () => {
  it("names a server's tools as pi's createMcpToolName does, characters other than letters, digits and _ made _", async () => {
    const lib = await loadPiMcp();
    const names = new McpToolNames().assign(lib, 'my-server', ['read.file', 'list']);
    assert.deepEqual([...names.values()], ['mcp__my_server__read_file', 'mcp__my_server__list']);
    assert.deepEqual([...names.values()], [lib.createMcpToolName('my-server', 'read.file'), lib.createMcpToolName('my-server', 'list')]);
  });

  it('gives every tool whose sanitized name collides the hash suffix, whatever their order', async () => {
    const lib = await loadPiMcp();
    const forward = new McpToolNames().assign(lib, 's', ['a-b', 'a_b', 'c']);
    const backward = new McpToolNames().assign(lib, 's', ['a_b', 'a-b', 'c']);
    const taken = (): boolean => true;
    assert.deepEqual([forward.get('a-b'), forward.get('a_b'), forward.get('c')], [lib.createMcpToolName('s', 'a-b', taken), lib.createMcpToolName('s', 'a_b', taken), 'mcp__s__c']);
    assert.deepEqual([...backward.entries()].sort(), [...forward.entries()].sort());
    assert.notEqual(forward.get('a-b'), forward.get('a_b'));
  });

  it('keeps a name with its tool when the list changes, and never gives it to another tool or an Arbor tool name', async () => {
    const lib = await loadPiMcp();
    const names = new McpToolNames(new Set(['mcp__s__reserved']));
    const first = names.assign(lib, 's', ['x', 'reserved']);
    const again = names.assign(lib, 't-s', ['x']);
    assert.equal(first.get('reserved'), lib.createMcpToolName('s', 'reserved', () => true));
    assert.equal(names.assign(lib, 's', ['x']).get('x'), 'mcp__s__x');
    assert.deepEqual([again.get('x'), names.owner('mcp__s__x')], ['mcp__t_s__x', { server: 's', tool: 'x' }]);
  });

  describe('of a real server', () => {
    let http: HttpFixture;
    let connections: McpConnections;
    afterEach(async () => {
      await connections.stop();
      await http.close();
    });

    it("names its tools as pi would, hash suffixes on colliding and overlong names, none taking an Arbor tool's name", async () => {
      http = await startHttpFixture({ colliding: true });
      connections = new McpConnections();
      connections.start([httpSpec('fix-ture', http.url)]);
      await connections.waitForDirect(20_000);
      const lib = await loadPiMcp();
      const tools = new McpTools(connections, { reservedNames: TOOL_NAMES });
      const names = new Map(tools.entries().map((entry) => [entry.tool.name, entry.name]));
      const long = `very_long_${'x'.repeat(70)}`;
      assert.deepEqual(
        [names.get('echo'), names.get('a-b'), names.get('a_b'), names.get('a.c'), names.get(long)],
        ['mcp__fix_ture__echo', lib.createMcpToolName('fix-ture', 'a-b', () => true), lib.createMcpToolName('fix-ture', 'a_b', () => true), 'mcp__fix_ture__a_c', lib.createMcpToolName('fix-ture', long)],
      );
      assert.ok([...names.values()].every((name) => name.length <= 64 && !(TOOL_NAMES as readonly string[]).includes(name)));
      assert.deepEqual(tools.toolFor('mcp__fix_ture__a_c')!.spec.inputSchema, { type: 'object', properties: { x: { type: 'string' } } });
    });
  });
});
