import { strict as assert } from 'node:assert';
import { diffServers } from '../../../../src/core/mcp/config';
import type { McpServerSpec } from '../../../../src/core/mcp/types';

function stdio(name: string, changes: Partial<McpServerSpec> = {}, env: Record<string, string> = {}): McpServerSpec {
  return {
    name,
    source: 'user',
    file: '/home/u/.pi/agent/mcp.json',
    transport: { kind: 'stdio', command: name, args: [], env, cwd: '/work/p' },
    enabled: true,
    exposure: 'codemode',
    toolExposure: [],
    timeoutMs: 60_000,
    ...changes,
  };
}

describe('what a change of the MCP configuration changed', () => {
  it('names the servers added, removed, changed, and the changed ones that need a restart', () => {
    const before = [stdio('kept'), stdio('gone'), stdio('toggled'), stdio('moved'), stdio('slower')];
    const after = [
      stdio('kept'),
      stdio('toggled', { enabled: false, exposure: 'direct' }),
      stdio('moved', { transport: { kind: 'stdio', command: 'moved', args: ['--new'], env: {}, cwd: '/work/p' } }),
      stdio('slower', { timeoutMs: 120_000 }),
      stdio('new'),
    ];
    assert.deepEqual(diffServers(before, after), { added: ['new'], removed: ['gone'], changed: ['toggled', 'moved', 'slower'], restart: ['moved', 'slower'] });
  });

  it('sees no change when only the order of env keys differs', () => {
    const before = [stdio('s', {}, { A: '1', B: '2' })];
    const after = [stdio('s', {}, { B: '2', A: '1' })];
    assert.deepEqual(diffServers(before, after), { added: [], removed: [], changed: [], restart: [] });
  });

  it('restarts a server whose header changed', () => {
    const http = (token: string): McpServerSpec => ({ ...stdio('docs'), transport: { kind: 'http', url: 'https://d.example/mcp', headers: { Authorization: token } } });
    assert.deepEqual(diffServers([http('${A}')], [http('${B}')]), { added: [], removed: [], changed: ['docs'], restart: ['docs'] });
  });
});
