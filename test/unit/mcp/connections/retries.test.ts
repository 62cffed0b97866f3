import { strict as assert } from 'node:assert';
import { McpConnections } from '../../../../src/core/mcp/connections/connections';
import { httpSpec, startHttpFixture, statusWhere, type HttpFixture } from '../../../support/mcpServers';

/** Passing failures of an HTTP server: it is tried again at connect, and a listing or read once, but a tool call never. */
describe('MCP connections to an HTTP server that fails for a moment', () => {
  let connections: McpConnections;
  let http: HttpFixture;

  afterEach(async () => {
    await connections?.stop();
    await http?.close();
  });

  async function started(options: { failFirst?: number; failStatus?: number; resources?: boolean }): Promise<string> {
    http = await startHttpFixture(options);
    connections = new McpConnections();
    connections.start([httpSpec('remote', http.url)]);
    const [status] = await statusWhere(connections, (all) => all[0]!.state === 'connected' || all[0]!.state === 'failed');
    return status!.state;
  }

  it('connects after two answers of 503, trying twice more', async () => {
    assert.equal(await started({ failFirst: 2 }), 'connected');
    const result = await connections.server('remote')!.callTool('echo', { text: 'up' }, {});
    assert.deepEqual(result.content, [{ type: 'text', text: 'echo: up' }]);
  });

  it('shows the server failed after a third 503, having asked three times', async () => {
    assert.equal(await started({ failFirst: 3 }), 'failed');
    assert.equal(http.requests(), 3);
    assert.match(connections.statuses()[0]!.error ?? '', /503/);
  });

  it('asks once for an answer that would come again (403)', async () => {
    assert.equal(await started({ failFirst: 1, failStatus: 403 }), 'failed');
    assert.equal(http.requests(), 1);
  });

  it('reads a resource again after a 429, but never repeats a tool call after a 503', async () => {
    assert.equal(await started({ resources: true }), 'connected');
    const server = connections.server('remote')!;
    http.failNext(1, 429);
    const listed = await server.resourcesPage(undefined, {});
    assert.ok(listed.resources.length > 0, 'the listing came on the second request');
    http.failNext(1, 503);
    const before = http.requests();
    await assert.rejects(server.callTool('echo', { text: 'once' }, {}), /503/);
    assert.equal(http.requests() - before, 1);
  });
});
