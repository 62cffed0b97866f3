// Arbor's reading of mcp.json against pi 1.6.0's own `loadMcpConfig` (its MCP extension's config
// module, which loads on Node 20), on the same files: the same servers, in the same order, with
// the same settings, and a problem for each entry pi reports. The messages of Arbor's own rules
// (overrides, clashes, SSE) are worded differently, so problems compare by file and server name.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { McpServerSpec } from '../../../../src/core/mcp/types';
import { importPiFile } from '../../../support/pi';
import { useTempDir } from '../../../support/tempDir';
import { configPlace, readAt, writeConfig, type ConfigPlace } from './configFiles';

interface PiServer {
  name: string;
  source: string;
  override?: string;
  config: Record<string, unknown>;
}

interface PiMcpConfigModule {
  loadMcpConfig(options: { agentDir: string; cwd: string; projectTrusted: boolean }): { servers: PiServer[]; errors: string[] };
}

/** What both readings must agree on, from pi's entry: pi expands `~` and resolves `cwd` only when it starts a server, as Arbor does on reading. */
function fromPi(server: PiServer, sessionDir: string): unknown {
  const { config } = server;
  const transport =
    typeof config.url === 'string'
      ? { kind: 'http', url: config.url, headers: config.headers ?? {} }
      : { kind: 'stdio', command: config.command, args: config.args ?? [], env: config.env ?? {}, cwd: path.resolve(sessionDir, (config.cwd as string | undefined) ?? '.') };
  return {
    name: server.name,
    file: server.override ?? server.source,
    transport,
    enabled: config.enabled !== false,
    exposure: config.exposure ?? 'codemode',
    toolExposure: Object.entries((config.toolExposure as Record<string, string> | undefined) ?? {}),
    timeoutMs: ((config.timeout as number | undefined) ?? 60) * 1000,
    description: config.description,
  };
}

function fromArbor(spec: McpServerSpec): unknown {
  const { transport } = spec;
  return {
    name: spec.name,
    file: spec.file,
    transport: transport.kind === 'http' ? { kind: 'http', url: transport.url, headers: transport.headers } : transport,
    enabled: spec.enabled,
    exposure: spec.exposure,
    toolExposure: spec.toolExposure.map(([pattern, exposure]) => [pattern, exposure]),
    timeoutMs: spec.timeoutMs,
    description: spec.description,
  };
}

/** The file and server an error of pi's names (`<file>: server "<name>" …` or `invalid server name "<name>"`). */
function piProblem(error: string, place: ConfigPlace): [string, string | undefined] {
  const file = [place.userFile, place.projectFile].find((candidate) => error.startsWith(`${candidate}: `));
  assert.ok(file, error);
  return [file, /server (?:name )?"([^"]*)"/.exec(error.slice(file.length))?.[1]];
}

interface Fixture {
  name: string;
  user?: unknown;
  project?: unknown;
}

const FIXTURES: Fixture[] = [
  {
    name: 'a user file alone',
    user: {
      mcpServers: {
        fs: { command: 'npx', args: ['-y', 'server-fs', '.'], env: { LEVEL: 'debug' }, cwd: '/srv/fs' },
        docs: { url: 'https://docs.example/mcp', headers: { Authorization: 'Bearer ${DOCS_TOKEN}' }, description: 'Docs', timeout: 5 },
        off: { command: 'off', enabled: false, exposure: 'direct' },
        gh: { type: 'http', url: 'https://gh.example/mcp', exposure: 'deferred', toolExposure: { search_code: 'direct', 'get_*': 'codemode', 'delete_*': 'hidden' } },
      },
    },
  },
  {
    name: 'a project file replacing a user server and adding one',
    user: { mcpServers: { a: { command: 'a' }, b: { command: 'b', env: { K: 'user' } }, c: { url: 'https://c.example/mcp' } } },
    project: { mcpServers: { b: { type: 'stdio', command: 'project-b', cwd: 'tools' }, d: { type: 'streamable-http', url: 'http://127.0.0.1:8080/mcp' } } },
  },
  {
    name: 'override-only project entries, one with a field it may not set and one with nothing to override',
    user: { mcpServers: { tools: { command: 'tools', env: { API_KEY: '${KEY}' }, exposure: 'direct' }, other: { command: 'other' } } },
    project: { mcpServers: { tools: { enabled: false, toolExposure: { 'x*': 'hidden' } }, other: { enabled: false, args: ['--more'] }, ghost: { exposure: 'direct' } } },
  },
  {
    name: 'names that differ only in - and _',
    user: { mcpServers: { 'a-b': { command: 'first' }, a_b: { command: 'second' }, 'x_y': { command: 'x' } } },
    project: { mcpServers: { 'x-y': { command: 'project' }, 'a-b': { command: 'replaced' } } },
  },
  {
    name: 'SSE servers',
    user: { mcpServers: { legacy: { type: 'sse', url: 'https://example.com/sse' }, fine: { url: 'https://example.com/mcp' } } },
  },
  {
    name: 'invalid entries among valid ones',
    user: {
      mcpServers: {
        'bad name': { command: 'x' },
        number: 5,
        args: { command: 'x', args: '--flag' },
        env: { command: 'x', env: { PORT: 8080 } },
        timeout: { command: 'x', timeout: 0 },
        exposure: { command: 'x', exposure: 'loud' },
        tools: { command: 'x', toolExposure: ['a'] },
        mixed: { command: 'x', type: 'http' },
        neither: { description: 'no transport' },
        good: { command: 'good', exposure: 'codemode-deferred' },
      },
    },
    project: { mcpServers: { good: { command: 'project', enabled: 'yes' }, fresh: { url: 'not a url' } } },
  },
  {
    name: 'a user file that is not JSON and a project file',
    user: '{ "mcpServers": ',
    project: { mcpServers: { only: { command: 'only' } } },
  },
];

describe('reading mcp.json as pi 1.6.0 reads it', () => {
  const tmp = useTempDir();
  let pi: PiMcpConfigModule;
  before(async () => {
    pi = await importPiFile<PiMcpConfigModule>('extensions/mcp/config.js');
  });

  for (const fixture of FIXTURES) {
    it(`agrees with pi on ${fixture.name}`, async () => {
      const place = configPlace(tmp());
      if (fixture.user !== undefined) writeConfig(place.userFile, fixture.user);
      if (fixture.project !== undefined) writeConfig(place.projectFile, fixture.project);
      const theirs = pi.loadMcpConfig({ agentDir: place.agentDir, cwd: place.workspace, projectTrusted: true });
      const ours = await readAt(place);
      // Exposure aliases: pi resolves them when it validates, so its config holds the current name.
      assert.deepEqual(ours.servers.map(fromArbor), theirs.servers.map((server) => fromPi(server, place.workspace)));
      assert.deepEqual(
        ours.problems.map((problem) => [problem.file, problem.server]),
        theirs.errors.map((error) => piProblem(error, place)),
      );
    });
  }

  it('agrees with pi that an untrusted project\'s file is not read', async () => {
    const place = configPlace(tmp());
    writeConfig(place.userFile, { mcpServers: { mine: { command: 'mine' } } });
    writeConfig(place.projectFile, { mcpServers: { theirs: { command: 'theirs' }, mine: { enabled: false } } });
    const theirs = pi.loadMcpConfig({ agentDir: place.agentDir, cwd: place.workspace, projectTrusted: false });
    const ours = await readAt(place, false);
    assert.deepEqual(ours.servers.map(fromArbor), theirs.servers.map((server) => fromPi(server, place.workspace)));
    assert.deepEqual(ours.servers.map((server) => [server.name, server.enabled]), [['mine', true]]);
  });
});
