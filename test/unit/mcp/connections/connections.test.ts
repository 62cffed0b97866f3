import { strict as assert } from 'node:assert';
import { McpConnections } from '../../../../src/core/mcp/connections/connections';
import type { ExpandedValues } from '../../../../src/core/mcp/connections/expand';
import type { McpServerSpec } from '../../../../src/core/mcp/types';
import { eventually, httpSpec, isAlive, recordingLogger, startHttpFixture, statusWhere, stdioSpec, type HttpFixture } from '../../../support/mcpServers';

const SECRET = 'sk-fixture-0123456789';

/** The text of a call's first block. */
async function callText(connections: McpConnections, server: string, tool: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await connections.server(server)!.callTool(tool, args, {});
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
}

describe('MCP connections', () => {
  let connections: McpConnections;
  let http: HttpFixture | undefined;

  afterEach(async () => {
    await connections?.stop();
    await http?.close();
    http = undefined;
  });

  it('connects every enabled server in the background, over stdio and streamable HTTP, and leaves a disabled one alone', async () => {
    http = await startHttpFixture({ resources: true });
    connections = new McpConnections();
    connections.start([stdioSpec('local'), httpSpec('remote', http.url), stdioSpec('off', {}, { enabled: false })]);
    assert.deepEqual(
      connections.statuses().map((status) => [status.name, status.state]),
      [['local', 'starting'], ['remote', 'starting'], ['off', 'disabled']],
    );
    const statuses = await statusWhere(connections, (all) => all.filter((status) => status.state === 'connected').length === 2);
    assert.deepEqual(
      statuses.map((status) => [status.name, status.state, status.tools.length, status.hasResources]),
      [['local', 'connected', 15, false], ['remote', 'connected', 15, true], ['off', 'disabled', 0, false]],
    );
    assert.equal(await callText(connections, 'remote', 'echo', { text: 'hi' }), 'echo: hi');
    await assert.rejects(connections.server('off')!.connect(), /MCP server "off" is disabled\./);
  });

  it('shows a server that failed to start with its error and stderr tail, the secrets in its environment redacted everywhere', async () => {
    const logger = recordingLogger();
    const expand = async (spec: McpServerSpec): Promise<ExpandedValues> => ({ env: { FIXTURE_SECRET: SECRET }, headers: {}, secrets: spec.name === 'broken' ? [SECRET] : [] });
    connections = new McpConnections({ expand, logger });
    connections.start([stdioSpec('broken', { failStart: true })]);
    const [status] = await statusWhere(connections, (all) => all[0]!.state === 'failed');
    assert.deepEqual(status!.stderrTail, ['fixture starting with token ***', 'cannot start: token *** refused']);
    assert.equal(status!.error, 'MCP connection closed');
    await assert.rejects(connections.server('broken')!.connect(), /^McpServerUnavailableError: MCP server "broken" failed to start: MCP connection closed$/);
    assert.ok(logger.lines.some((line) => line === 'MCP server "broken" stderr: cannot start: token *** refused'));
    assert.deepEqual(logger.lines.filter((line) => line.includes(SECRET)), []);
  });

  it('redacts a secret header that the HTTP server echoes in its refusal', async () => {
    http = await startHttpFixture({ requireToken: 'right-token' });
    const expand = async (): Promise<ExpandedValues> => ({ env: {}, headers: { Authorization: `Bearer ${SECRET}` }, secrets: [SECRET] });
    const logger = recordingLogger();
    connections = new McpConnections({ expand, logger });
    connections.start([httpSpec('remote', http.url)]);
    const [status] = await statusWhere(connections, (all) => all[0]!.state === 'failed');
    assert.match(status!.error!, /refused authorization Bearer \*\*\*/);
    assert.ok(!status!.error!.includes(SECRET));
    assert.deepEqual(logger.lines.filter((line) => line.includes(SECRET)), []);
  });

  it("starts a stdio server with Arbor's environment without the model credentials, unless its env names one", async () => {
    const saved = process.env['ANTHROPIC_API_KEY'];
    process.env['ANTHROPIC_API_KEY'] = 'sk-ant-not-for-servers';
    try {
      connections = new McpConnections();
      connections.start([stdioSpec('plain'), stdioSpec('asks', {}, { env: { ANTHROPIC_API_KEY: 'sk-ant-given' } })]);
      await connections.waitForDirect(20_000);
      const seen = await Promise.all(['plain', 'asks'].map((name) => callText(connections, name, 'env', { name: 'ANTHROPIC_API_KEY' })));
      assert.deepEqual([...seen, await callText(connections, 'plain', 'env', { name: 'PATH' })], ['(unset)', 'sk-ant-given', process.env['PATH']]);
    } finally {
      if (saved === undefined) delete process.env['ANTHROPIC_API_KEY'];
      else process.env['ANTHROPIC_API_KEY'] = saved;
    }
  });

  it('stops a server started through a launcher with its whole process group, even one that ignores stdin closing and SIGTERM', async () => {
    connections = new McpConnections();
    connections.start([stdioSpec('wrapped', { holdOn: true }, { wrapped: true })]);
    await connections.waitForDirect(20_000);
    const pid = Number(await callText(connections, 'wrapped', 'pid'));
    assert.ok(isAlive(pid));
    await connections.stop();
    // SIGKILL reaches the group as stop() resolves; the kernel ends the process a moment later.
    await eventually('the server behind the launcher is gone', () => !isAlive(pid));
    assert.equal(connections.statuses()[0]!.state, 'stopped');
  });

  it('restarts only the servers whose connection changed, keeps the others running and stops removed ones', async () => {
    connections = new McpConnections();
    connections.start([stdioSpec('kept'), stdioSpec('changed'), stdioSpec('removed')]);
    await connections.waitForDirect(20_000);
    const before = await Promise.all(['kept', 'changed', 'removed'].map(async (name) => Number(await callText(connections, name, 'pid'))));
    await connections.update([stdioSpec('kept', {}, { exposure: 'deferred' }), stdioSpec('changed', {}, { timeoutMs: 30_000 })]);
    await connections.waitForDirect(20_000);
    const after = await Promise.all(['kept', 'changed'].map(async (name) => Number(await callText(connections, name, 'pid'))));
    assert.deepEqual([after[0] === before[0], after[1] === before[1], isAlive(before[1]!), isAlive(before[2]!)], [true, false, false, false]);
    assert.deepEqual(connections.statuses().map((status) => [status.name, status.spec.exposure]), [['kept', 'deferred'], ['changed', 'direct']]);
  });

  it('shows a crashed server as disconnected and reconnects on the next call', async () => {
    connections = new McpConnections();
    connections.start([stdioSpec('fragile')]);
    await connections.waitForDirect(20_000);
    const first = Number(await callText(connections, 'fragile', 'pid'));
    await callText(connections, 'fragile', 'crash');
    const [status] = await statusWhere(connections, (all) => all[0]!.state === 'disconnected');
    assert.equal(status!.error, 'The connection closed.');
    const second = Number(await callText(connections, 'fragile', 'pid'));
    assert.notEqual(second, first);
    assert.equal(connections.statuses()[0]!.state, 'connected');
  });

  it('opens a new session when the HTTP server forgot the old one (it restarted)', async () => {
    http = await startHttpFixture();
    connections = new McpConnections();
    connections.start([httpSpec('remote', http.url)]);
    await connections.waitForDirect(20_000);
    await callText(connections, 'remote', 'crash');
    while (http.sessionCount() > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(await callText(connections, 'remote', 'echo', { text: 'again' }), 'echo: again');
    assert.equal(http.sessionCount(), 1);
  });

  it('lists the tools again when the server announces a change', async () => {
    http = await startHttpFixture();
    connections = new McpConnections();
    connections.start([httpSpec('remote', http.url)]);
    await connections.waitForDirect(20_000);
    await callText(connections, 'remote', 'change_tools');
    const [status] = await statusWhere(connections, (all) => all[0]!.tools.some((tool) => tool.name === 'added'));
    assert.deepEqual([status!.tools.some((tool) => tool.name === 'withdrawn'), status!.tools.length], [false, 15]);
  });

  it('waits for servers with direct tools only, and only as long as it is told', async () => {
    const never = new Promise<ExpandedValues>(() => undefined);
    connections = new McpConnections({ expand: () => never });
    connections.start([stdioSpec('slow-deferred', {}, { exposure: 'deferred' })]);
    // Waited for, it would never settle (its start never gets its values): the test would time out.
    await connections.waitForDirect(3_600_000);
    await connections.update([stdioSpec('slow-direct', {}, { exposure: 'deferred', toolExposure: [['echo', 'direct']] })]);
    await connections.waitForDirect(10);
    assert.deepEqual(connections.statuses().map((status) => [status.name, status.state]), [['slow-direct', 'starting']]);
  });
});
