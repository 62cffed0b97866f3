import { strict as assert } from 'node:assert';
import { McpConnections } from '../../../../src/core/mcp/connections/connections';
import { McpTools } from '../../../../src/core/mcp/tools/toolSet';
import type { McpServerSpec } from '../../../../src/core/mcp/types';
import type { Json } from '../../../../src/core/session';
import { chain, msg, user } from '../../../support/builders';
import { callContext, httpSpec, resultText, searchedBranch, toolNames, PIXEL, startHttpFixture, type HttpFixture } from '../../../support/mcpServers';

describe('MCP tool exposure', () => {
  describe('with real servers', () => {
    let http: HttpFixture;
    let connections: McpConnections;
    let tools: McpTools;

    async function serve(specs: (url: string) => McpServerSpec[], options: { resources?: boolean } = {}): Promise<void> {
      http = await startHttpFixture(options);
      connections = new McpConnections();
      connections.start(specs(http.url));
      await connections.waitForAll(20_000);
      tools = new McpTools(connections);
    }

    afterEach(async () => {
      await connections.stop();
      await http.close();
    });

    it('declares direct tools in every request, and no tool_search while no tool is deferred', async () => {
      await serve((url) => [httpSpec('d', url, { toolExposure: [['*', 'hidden'], ['echo', 'direct'], ['image', 'direct']] })]);
      assert.deepEqual(toolNames(tools.toolsForRequest([])), ['mcp__d__echo', 'mcp__d__image']);
      assert.ok(tools.toolsForRequest([]).every((tool) => tool.needsApproval));
      assert.equal(resultText(await tools.toolFor('mcp__d__fail')!.execute({}, callContext())), 'MCP tool "d/fail" is no longer available.');
    });

    it('declares a deferred tool in the next request once tool_search loaded it on the branch, and not on another branch', async () => {
      await serve((url) => [httpSpec('d', url, { exposure: 'deferred', toolExposure: [['echo', 'direct'], ['change_tools', 'hidden'], ['withdrawn', 'hidden']] }), httpSpec('c', url, { exposure: 'codemode', toolExposure: [['*', 'hidden'], ['change_tools', 'codemode']] })]);
      assert.deepEqual(toolNames(tools.toolsForRequest([])), ['mcp__d__echo', 'tool_search']);
      const search = tools.toolFor('tool_search')!;
      const result = await search.execute({ query: 'weather structured content', limit: 1 }, callContext());
      assert.deepEqual([result.details, result.isError], [{ loaded: ['mcp__d__structured'] }, false]);
      assert.equal(resultText(result), 'Loaded 1 tool; call it from your next reply:\n- mcp__d__structured: Returns the weather as structured content, mirrored as text.');
      assert.deepEqual(toolNames(tools.toolsForRequest(searchedBranch(result))), ['mcp__d__echo', 'tool_search', 'mcp__d__structured']);
      assert.deepEqual(toolNames(tools.toolsForRequest([])), ['mcp__d__echo', 'tool_search']);
      // A codemode tool is found too, and a tool already loaded on the branch is not found again.
      const next = await search.execute({ query: 'change_tools' }, callContext(undefined, searchedBranch(result)));
      assert.deepEqual(next.details, { loaded: ['mcp__c__change_tools'] });
      const again = await search.execute({ query: 'weather structured content', limit: 1 }, callContext(undefined, searchedBranch(result)));
      assert.notDeepEqual(again.details, { loaded: ['mcp__d__structured'] });
    });

    it("keeps a pi session's loaded tools declared: the tools its system messages declare", async () => {
      await serve((url) => [httpSpec('d', url, { exposure: 'deferred' })]);
      const declared = { role: 'system' as const, content: '', toolsAdded: [{ name: 'read' }, { name: 'mcp__d__image', description: 'x', parameters: {} as Json }], timestamp: 1 };
      const branch = chain(msg('s', null, declared), msg('u', null, user('hi')));
      assert.deepEqual(toolNames(tools.toolsForRequest(branch)), ['tool_search', 'mcp__d__image']);
    });

    it('answers tool_search plainly when nothing matches or the arguments are wrong', async () => {
      await serve((url) => [httpSpec('d', url, { exposure: 'deferred' })]);
      const search = tools.toolFor('tool_search')!;
      const calls: { [key: string]: Json }[] = [{ query: 'zebra quantum' }, { query: ' ' }, { query: 'echo', limit: 0 }];
      const answers = await Promise.all(calls.map(async (args) => {
        const result = await search.execute(args, callContext());
        return [resultText(result), result.isError, result.details ?? null];
      }));
      assert.deepEqual(answers, [
        ['No tool matched "zebra quantum".', false, { loaded: [] }],
        ['query must not be empty', true, null],
        ['limit must be a positive integer', true, null],
      ]);
    });

    it('offers the resource tools with the widest exposure of the servers with resources, shaped as pi shapes them', async () => {
      await serve((url) => [httpSpec('docs', url, { toolExposure: [['*', 'hidden']] })], { resources: true });
      assert.deepEqual(toolNames(tools.toolsForRequest([])), ['list_mcp_resources', 'list_mcp_resource_templates', 'read_mcp_resource']);
      const list = await tools.toolFor('list_mcp_resources')!.execute({}, callContext());
      assert.deepEqual(JSON.parse(resultText(list)), {
        resources: [
          { server: 'docs', uri: 'fixture://readme', name: 'readme', mimeType: 'text/plain', description: 'The fixture readme' },
          { server: 'docs', uri: 'fixture://pixel.png', name: 'pixel', mimeType: 'image/png' },
        ],
      });
      assert.deepEqual(list.details, { server: '', tool: 'list_mcp_resources' });
      const templates = await tools.toolFor('list_mcp_resource_templates')!.execute({ server: 'docs' }, callContext());
      assert.deepEqual(JSON.parse(resultText(templates)), { server: 'docs', resourceTemplates: [{ server: 'docs', uriTemplate: 'fixture://items/{id}', name: 'item', description: 'One item by id' }] });
      const read = tools.toolFor('read_mcp_resource')!;
      assert.equal(resultText(await read.execute({ server: 'docs', uri: 'fixture://items/7' }, callContext())), 'item 7');
      assert.deepEqual((await read.execute({ server: 'docs', uri: 'fixture://pixel.png' }, callContext())).content, [{ type: 'image', data: PIXEL, mimeType: 'image/png' }]);
      const missing = await read.execute({ server: 'nope', uri: 'fixture://readme' }, callContext());
      assert.deepEqual([resultText(missing), missing.isError], ['MCP server "nope" has no resources. Servers with resources: docs', true]);
    });
  });
});
