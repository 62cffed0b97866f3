import { strict as assert } from 'node:assert';
import { describeTransport, partitionByPermission, projectServerKey, shellWord } from '../../../../src/core/mcp/config';
import type { McpServerSpec } from '../../../../src/core/mcp/types';

function spec(name: string, overrides: Partial<McpServerSpec> = {}): McpServerSpec {
  return {
    name,
    source: 'project',
    file: '/work/repo/.pi/mcp.json',
    transport: { kind: 'stdio', command: 'npx', args: ['-y', 'some-server'], env: { A: '1', B: '${TOKEN}' }, cwd: '/work/repo' },
    enabled: true,
    exposure: 'direct',
    toolExposure: [],
    timeoutMs: 60_000,
    ...overrides,
  };
}

describe('project MCP server permission', () => {
  it('is remembered per folder, server name and transport: the order of env keys changes nothing, a changed argument or value asks again', () => {
    const base = spec('db');
    const key = projectServerKey('/work/repo', base);
    const reordered = spec('db', { transport: { kind: 'stdio', command: 'npx', args: ['-y', 'some-server'], env: { B: '${TOKEN}', A: '1' }, cwd: '/work/repo' } });
    assert.equal(projectServerKey('/work/repo', reordered), key);
    const changes = [
      projectServerKey('/work/other', base),
      projectServerKey('/work/repo', spec('db2')),
      projectServerKey('/work/repo', spec('db', { transport: { ...base.transport, args: ['-y', 'other-server'] } as McpServerSpec['transport'] })),
      projectServerKey('/work/repo', spec('db', { transport: { ...base.transport, env: { A: '2', B: '${TOKEN}' } } as McpServerSpec['transport'] })),
      projectServerKey('/work/repo', spec('db', { transport: { kind: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} } })),
    ];
    assert.equal(new Set([key, ...changes]).size, 6);
    // The key holds a hash, never the values.
    assert.doesNotMatch(key, /TOKEN|some-server/);
  });

  it('shows the command line with quoted words, its folder and its variables as the file writes them (a NODE_OPTIONS changes what runs); a URL with its headers', () => {
    const stdio = spec('db', { transport: { kind: 'stdio', command: '/usr/bin/node', args: ['server.js', 'a b', "it's"], env: { NODE_OPTIONS: '--require ./x.js', API_KEY: '${API_KEY}' }, cwd: '/work/repo' } });
    assert.equal(describeTransport(stdio.transport), "Command: /usr/bin/node server.js 'a b' 'it'\\''s'\nIn folder: /work/repo\nEnvironment:\n  NODE_OPTIONS='--require ./x.js'\n  API_KEY='${API_KEY}'");
    assert.equal(describeTransport({ kind: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' } }), 'URL: https://example.com/mcp\nHeaders:\n  Authorization: Bearer ${DOCS_TOKEN}');
    assert.equal(shellWord(''), "''");
    assert.equal(shellWord('$(rm -rf ~)'), "'$(rm -rf ~)'");
  });

  it('lets user servers, disabled project servers and allowed project servers start; the other project servers wait', () => {
    const user = spec('u', { source: 'user' });
    const disabled = spec('off', { enabled: false });
    const allowed = spec('ok');
    const waiting = spec('new');
    const result = partitionByPermission([user, disabled, allowed, waiting], (candidate) => candidate.name === 'ok');
    assert.deepEqual(result.ready.map((s) => s.name), ['u', 'off', 'ok']);
    assert.deepEqual(result.waiting.map((s) => s.name), ['new']);
  });
});
