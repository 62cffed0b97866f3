import { strict as assert } from 'node:assert';
import { FailureNotices, serverLine } from '../../../../src/core/mcp/connections/statusView';
import type { McpServerStatus } from '../../../../src/core/mcp/connections/serverConnection';
import { stdioSpec } from '../../../support/mcpServers';

function status(name: string, state: McpServerStatus['state'], extra: Partial<McpServerStatus> = {}): McpServerStatus {
  return { name, spec: stdioSpec(name), state, stderrTail: [], tools: [], hasResources: false, ...extra };
}

describe('MCP servers list', () => {
  it('says state, tool count, exposure and source, then the file and, for a failure, its error and the last stderr lines', () => {
    const tools = [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b', inputSchema: { type: 'object' } }] as McpServerStatus['tools'];
    assert.deepEqual(serverLine(status('ok', 'connected', { tools })), { name: 'ok', description: 'connected · 2 tools · exposure direct · user', detail: '/home/user/.pi/agent/mcp.json' });
    const stderrTail = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'];
    assert.deepEqual(serverLine(status('bad', 'failed', { error: 'exited with code 3', stderrTail })), {
      name: 'bad',
      description: 'failed · exposure direct · user',
      detail: '/home/user/.pi/agent/mcp.json\nError: exited with code 3\nstderr: l2\nstderr: l3\nstderr: l4\nstderr: l5\nstderr: l6',
    });
    const override = status('o', 'disabled', { spec: { ...stdioSpec('o'), file: '/repo/.pi/mcp.json', overrides: '/home/user/.pi/agent/mcp.json', enabled: false } });
    assert.equal(serverLine(override).detail, '/home/user/.pi/agent/mcp.json (changed by /repo/.pi/mcp.json)');
    assert.equal(serverLine(status('p', 'stopped', { spec: { ...stdioSpec('p'), source: 'project' } }), true).description, 'waiting for your permission · exposure direct · project');
  });

  it('names a failed server once per failure: not again while it stays failed, again after it recovered and failed anew', () => {
    const notices = new FailureNotices();
    assert.deepEqual(notices.update([status('a', 'starting'), status('b', 'connected')]), []);
    assert.deepEqual(notices.update([status('a', 'failed'), status('b', 'connected')]), ['a']);
    assert.deepEqual(notices.update([status('a', 'failed'), status('b', 'failed')]), ['b']);
    assert.deepEqual(notices.update([status('a', 'failed'), status('b', 'failed')]), []);
    assert.deepEqual(notices.update([status('a', 'starting'), status('b', 'failed')]), []);
    assert.deepEqual(notices.update([status('a', 'failed'), status('b', 'failed')]), ['a']);
  });
});
