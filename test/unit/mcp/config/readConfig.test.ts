import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { MAX_MCP_CONFIG_BYTES, MAX_MCP_TIMEOUT_MS, mcpConfigFiles, readMcpConfig, watchedFiles } from '../../../../src/core/mcp/config';
import type { McpServerSpec } from '../../../../src/core/mcp/types';
import { useTempDir } from '../../../support/tempDir';
import { configPlace, HOME, readAt, writeConfig, type ConfigPlace } from './configFiles';

function byName(servers: readonly McpServerSpec[], name: string): McpServerSpec {
  const found = servers.find((server) => server.name === name);
  assert.ok(found, `no server ${name}`);
  return found;
}

describe('reading pi\'s MCP configuration', () => {
  const tmp = useTempDir();
  let place: ConfigPlace;
  beforeEach(() => {
    place = configPlace(tmp());
  });

  it('reads a stdio server with pi\'s defaults: started in the session\'s folder, codemode, 60 seconds, enabled', async () => {
    writeConfig(place.userFile, { mcpServers: { fs: { command: 'npx', args: ['-y', 'server-fs', '.'], env: { LEVEL: 'debug' } } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers, [
      {
        name: 'fs',
        source: 'user',
        file: place.userFile,
        transport: { kind: 'stdio', command: 'npx', args: ['-y', 'server-fs', '.'], env: { LEVEL: 'debug' }, cwd: place.workspace },
        enabled: true,
        exposure: 'codemode',
        toolExposure: [],
        timeoutMs: 60_000,
      },
    ]);
  });

  it('reads a streamable-HTTP server with its headers, OAuth settings, description and timeout', async () => {
    writeConfig(place.userFile, {
      mcpServers: {
        docs: {
          type: 'streamable-http',
          url: 'https://example.com/mcp',
          headers: { Authorization: 'Bearer ${DOCS_TOKEN}' },
          oauth: { clientId: 'arbor-client', callbackPort: 8765 },
          description: 'Search the docs',
          timeout: 2.5,
          enabled: false,
        },
      },
    });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers, [
      {
        name: 'docs',
        source: 'user',
        file: place.userFile,
        transport: { kind: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' }, oauth: { clientId: 'arbor-client', callbackPort: 8765 } },
        enabled: false,
        exposure: 'codemode',
        toolExposure: [],
        timeoutMs: 2500,
        description: 'Search the docs',
      },
    ]);
  });

  it('names the home folder by a leading ~/ in command, arguments and cwd, and resolves a relative cwd against the session\'s folder', async () => {
    writeConfig(place.userFile, {
      mcpServers: {
        home: { command: '~/bin/server', args: ['~/data', 'x~/y', '~'], cwd: '~/work' },
        relative: { command: 'server', cwd: 'tools/sub' },
      },
    });
    const { servers } = await readAt(place);
    assert.deepEqual(byName(servers, 'home').transport, { kind: 'stdio', command: `${HOME}/bin/server`, args: [`${HOME}/data`, 'x~/y', HOME], env: {}, cwd: `${HOME}/work` });
    assert.deepEqual(byName(servers, 'relative').transport, { kind: 'stdio', command: 'server', args: [], env: {}, cwd: path.join(place.workspace, 'tools/sub') });
  });

  it('caps a timeout beyond what a timer can hold (1e400 parses as Infinity)', async () => {
    writeConfig(place.userFile, '{ "mcpServers": { "slow": { "command": "s", "timeout": 1e400 } } }');
    const { servers } = await readAt(place);
    assert.equal(byName(servers, 'slow').timeoutMs, MAX_MCP_TIMEOUT_MS);
  });

  it('lets a project entry replace the user entry of the same name, in the user entry\'s place', async () => {
    writeConfig(place.userFile, { mcpServers: { first: { command: 'one' }, shared: { command: 'mine', env: { TOKEN: 'x' } }, last: { url: 'https://last.example/mcp' } } });
    writeConfig(place.projectFile, { mcpServers: { shared: { url: 'https://project.example/mcp' }, extra: { command: 'extra' } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers.map((server) => [server.name, server.source, server.file]), [
      ['first', 'user', place.userFile],
      ['shared', 'project', place.projectFile],
      ['last', 'user', place.userFile],
      ['extra', 'project', place.projectFile],
    ]);
    assert.deepEqual(byName(servers, 'shared').transport, { kind: 'http', url: 'https://project.example/mcp', headers: {} });
  });

  it('lets a project entry without command, url or type change only enabled, exposure and toolExposure, keeping the user\'s env', async () => {
    writeConfig(place.userFile, { mcpServers: { tools: { command: 'tools', env: { API_KEY: '${TOOLS_KEY}' }, exposure: 'direct', timeout: 5 } } });
    writeConfig(place.projectFile, { mcpServers: { tools: { enabled: false, exposure: 'deferred', toolExposure: { 'get_*': 'hidden' } } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers, [
      {
        name: 'tools',
        source: 'user',
        file: place.projectFile,
        overrides: place.userFile,
        transport: { kind: 'stdio', command: 'tools', args: [], env: { API_KEY: '${TOOLS_KEY}' }, cwd: place.workspace },
        enabled: false,
        exposure: 'deferred',
        toolExposure: [['get_*', 'hidden']],
        timeoutMs: 5000,
      },
    ]);
  });

  it('refuses an override that sets more than enabled, exposure and toolExposure, or has no user server to override', async () => {
    writeConfig(place.userFile, { mcpServers: { tools: { command: 'tools', env: { KEY: 'user' } } } });
    writeConfig(place.projectFile, { mcpServers: { tools: { enabled: false, env: { KEY: 'project' } }, ghost: { enabled: true } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, [
      { file: place.projectFile, server: 'tools', message: 'server "tools": an entry overriding the user\'s server can only set enabled, exposure, toolExposure' },
      { file: place.projectFile, server: 'ghost', message: 'server "ghost" needs "command" or "url", or a server of that name in the user\'s mcp.json to override' },
    ]);
    assert.deepEqual(servers.map((server) => [server.name, server.file, server.enabled]), [['tools', place.userFile, true]]);
    assert.deepEqual(byName(servers, 'tools').transport, { kind: 'stdio', command: 'tools', args: [], env: { KEY: 'user' }, cwd: place.workspace });
  });

  it('keeps the user entry when the project entry that would replace it is invalid', async () => {
    writeConfig(place.userFile, { mcpServers: { tools: { command: 'tools' } } });
    writeConfig(place.projectFile, { mcpServers: { tools: { command: 'other', args: 'not-an-array' } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, [{ file: place.projectFile, server: 'tools', message: 'server "tools": args must be an array of strings' }]);
    assert.deepEqual(servers.map((server) => [server.name, server.file]), [['tools', place.userFile]]);
  });

  it('never reads the project file in an untrusted workspace', async () => {
    writeConfig(place.userFile, { mcpServers: { mine: { command: 'mine' } } });
    writeConfig(place.projectFile, { mcpServers: { theirs: { command: 'rm', args: ['-rf', '~/'] } } });
    const read: string[] = [];
    const result = await readMcpConfig({
      userFile: place.userFile,
      projectFile: undefined,
      sessionDir: place.workspace,
      home: HOME,
      readFile: async (file) => {
        read.push(file);
        return '{"mcpServers":{"mine":{"command":"mine"}}}';
      },
    });
    assert.deepEqual(read, [place.userFile]);
    assert.deepEqual(result.servers.map((server) => server.name), ['mine']);
  });

  it('refuses the second of two names that differ only in - and _, in one file and across the two', async () => {
    writeConfig(place.userFile, { mcpServers: { 'a-b': { command: 'first' }, a_b: { command: 'second' } } });
    writeConfig(place.projectFile, { mcpServers: { 'a_b': { command: 'project' }, 'c-d': { command: 'c' } } });
    const { servers, problems } = await readAt(place);
    const clash = (file: string, name: string, other: string) => ({
      file,
      server: name,
      message: `server "${name}" is the same server as "${other}": names that differ only in "-" and "_" share their tools' names`,
    });
    assert.deepEqual(problems, [clash(place.userFile, 'a_b', 'a-b'), clash(place.projectFile, 'a_b', 'a-b')]);
    assert.deepEqual(servers.map((server) => [server.name, server.transport.kind === 'stdio' && server.transport.command]), [
      ['a-b', 'first'],
      ['c-d', 'c'],
    ]);
  });

  it('reads a file of 15 000 servers and 15 000 clashing names (under 1 MiB), keeping each first name', async () => {
    const entries = Array.from({ length: 15_000 }, (_, i) => [`s-${i}`, { command: 'x' }]);
    const clashes = Array.from({ length: 15_000 }, (_, i) => [`s_${i}`, { command: 'y' }]);
    writeConfig(place.userFile, JSON.stringify({ mcpServers: Object.fromEntries([...entries, ...clashes]) }));
    const { servers, problems } = await readAt(place);
    assert.equal(servers.length, 15_000);
    assert.equal(servers[14_999]!.name, 's-14999');
    assert.equal(problems.length, 15_000);
    assert.equal(problems[14_999]!.server, 's_14999');
  });

  it('refuses the SSE transport and points to the streamable-HTTP endpoint', async () => {
    writeConfig(place.userFile, { mcpServers: { legacy: { type: 'sse', url: 'https://example.com/sse' } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(servers, []);
    assert.deepEqual(problems, [
      {
        file: place.userFile,
        server: 'legacy',
        message: 'server "legacy": the SSE transport is not supported. A server that offers SSE usually offers streamable HTTP too, often at /mcp instead of /sse: set "url" to that address and remove "type"',
      },
    ]);
  });

  it('reports each invalid entry by name and file and keeps the valid ones', async () => {
    writeConfig(place.userFile, {
      mcpServers: {
        'bad name': { command: 'x' },
        number: 5,
        stringArgs: { command: 'x', args: '--flag' },
        numberEnv: { command: 'x', env: { PORT: 8080 } },
        negative: { command: 'x', timeout: -1 },
        loud: { command: 'x', exposure: 'loud' },
        toolLoud: { command: 'x', toolExposure: { search: 'everywhere' } },
        mixed: { command: 'x', type: 'http' },
        ftp: { url: 'ftp://example.com/mcp' },
        good: { command: 'good' },
      },
    });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(servers.map((server) => server.name), ['good']);
    assert.deepEqual(
      problems.map(({ server, message }) => [server, message]),
      [
        ['bad name', 'invalid server name "bad name" (use letters, digits, "_" and "-")'],
        ['number', 'server "number" must be an object'],
        ['stringArgs', 'server "stringArgs": args must be an array of strings'],
        ['numberEnv', 'server "numberEnv": env must map names to strings'],
        ['negative', 'server "negative": timeout must be a positive number of seconds'],
        ['loud', 'server "loud": exposure must be one of "codemode", "deferred", "direct", "hidden"'],
        ['toolLoud', 'server "toolLoud": toolExposure "search" must be one of "codemode", "deferred", "direct", "hidden"'],
        ['mixed', 'server "mixed" needs either "command" (stdio) or "url" (streamable HTTP)'],
        ['ftp', 'server "ftp": url must be an http or https URL'],
      ],
    );
    assert.ok(problems.every((problem) => problem.file === place.userFile));
  });

  it('says nothing of missing files', async () => {
    assert.deepEqual(await readAt(place), { servers: [], problems: [] });
  });

  it('reports a file that is not JSON once, without a server, and still reads the other file', async () => {
    writeConfig(place.userFile, '{ "mcpServers": { "broken": ');
    writeConfig(place.projectFile, { mcpServers: { ok: { command: 'ok' } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, [{ file: place.userFile, message: 'not valid JSON (it ends too early)' }]);
    assert.deepEqual(servers.map((server) => server.name), ['ok']);
  });

  it('says where JSON goes wrong without quoting the file, which may hold a token', async () => {
    writeConfig(place.userFile, '{"mcpServers": {"a": {"headers": {"X": sk-secret-token}}}}');
    writeConfig(place.projectFile, '{\n  "mcpServers": {},\n}');
    const { problems } = await readAt(place);
    assert.deepEqual(problems, [
      { file: place.userFile, message: 'not valid JSON' },
      { file: place.projectFile, message: 'not valid JSON (line 3, column 1)' },
    ]);
  });

  it('reports a file whose mcpServers is not an object, and reads one without mcpServers as empty', async () => {
    writeConfig(place.userFile, { mcpServers: ['fs'] });
    writeConfig(place.projectFile, { autoEnableCodemode: false });
    assert.deepEqual(await readAt(place), { servers: [], problems: [{ file: place.userFile, message: 'expected an object with an "mcpServers" object' }] });
  });

  it('reads a file that starts with a byte order mark', async () => {
    writeConfig(place.userFile, '\uFEFF{"mcpServers":{"fs":{"command":"fs"}}}');
    assert.deepEqual((await readAt(place)).servers.map((server) => server.name), ['fs']);
  });

  it('keeps toolExposure in the file\'s order and reads codemode-deferred as codemode', async () => {
    writeConfig(place.userFile, {
      mcpServers: { gh: { url: 'https://gh.example/mcp', exposure: 'codemode-deferred', toolExposure: { search_code: 'direct', 'get_*': 'codemode-deferred', 'delete_*': 'hidden', '*': 'deferred' } } },
    });
    const [server] = (await readAt(place)).servers;
    assert.equal(server!.exposure, 'codemode');
    assert.deepEqual(server!.toolExposure, [
      ['search_code', 'direct'],
      ['get_*', 'codemode'],
      ['delete_*', 'hidden'],
      ['*', 'deferred'],
    ]);
  });

  it('takes __proto__ as a server name and an env key without touching any prototype', async () => {
    writeConfig(place.userFile, '{"mcpServers":{"__proto__":{"command":"p","env":{"__proto__":"x","constructor":"y"}},"constructor":{"url":"https://c.example/mcp"}}}');
    const { servers, problems } = await readAt(place);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers.map((server) => server.name), ['__proto__', 'constructor']);
    const transport = byName(servers, '__proto__').transport;
    assert.ok(transport.kind === 'stdio');
    assert.deepEqual(Object.entries(transport.env), [['__proto__', 'x'], ['constructor', 'y']]);
    assert.equal(Object.getPrototypeOf(transport.env), Object.prototype);
    assert.equal(({} as Record<string, unknown>).command, undefined);
  });

  it('refuses auth (a pi /login provider) in the project file as pi does, and in the user file as Arbor cannot send it', async () => {
    writeConfig(place.userFile, { mcpServers: { mine: { url: 'https://mine.example/mcp', auth: { provider: 'github' } } } });
    writeConfig(place.projectFile, { mcpServers: { theirs: { url: 'https://theirs.example/mcp', auth: { provider: 'github' } } } });
    const { servers, problems } = await readAt(place);
    assert.deepEqual(servers, []);
    assert.deepEqual(problems, [
      { file: place.userFile, server: 'mine', message: 'server "mine": auth (a pi /login provider\'s credential) is not supported by Arbor' },
      { file: place.projectFile, server: 'theirs', message: 'server "theirs": auth is only allowed in the user\'s mcp.json' },
    ]);
  });

  it('follows a link to the user file (a dotfiles manager\'s) and reports a folder or an oversized file at the name', async () => {
    const real = path.join(tmp(), 'dotfiles', 'mcp.json');
    writeConfig(real, { mcpServers: { linked: { command: 'linked' } } });
    mkdirSync(place.agentDir, { recursive: true });
    symlinkSync(real, place.userFile);
    mkdirSync(place.projectFile, { recursive: true });
    const first = await readAt(place);
    assert.deepEqual(first.servers.map((server) => server.name), ['linked']);
    assert.deepEqual(first.problems.map((problem) => [problem.file, problem.server]), [[place.projectFile, undefined]]);

    execFileSync('rm', ['-r', place.projectFile]);
    writeFileSync(place.projectFile, ' '.repeat(MAX_MCP_CONFIG_BYTES + 1));
    const second = await readAt(place);
    assert.deepEqual(second.problems.map((problem) => [problem.file, problem.server]), [[place.projectFile, undefined]]);
  });
});

describe('the MCP configuration files', () => {
  it('are the agent folder\'s mcp.json and, in a trusted workspace, its .pi/mcp.json', () => {
    const trusted = mcpConfigFiles({ agentDir: '/home/u/.pi/agent', workspaceFolder: '/work/p', trusted: true });
    assert.deepEqual(trusted, { userFile: '/home/u/.pi/agent/mcp.json', projectFile: '/work/p/.pi/mcp.json' });
    assert.deepEqual(watchedFiles(trusted), ['/home/u/.pi/agent/mcp.json', '/work/p/.pi/mcp.json']);
  });

  it('leave out the project file in an untrusted workspace and without a folder', () => {
    const untrusted = mcpConfigFiles({ agentDir: '/a', workspaceFolder: '/work/p', trusted: false });
    assert.deepEqual(untrusted, { userFile: '/a/mcp.json', projectFile: undefined });
    assert.deepEqual(watchedFiles(untrusted), ['/a/mcp.json']);
    assert.equal(mcpConfigFiles({ agentDir: '/a', workspaceFolder: undefined, trusted: true }).projectFile, undefined);
  });
});
