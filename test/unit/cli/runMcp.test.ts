/**
 * `arbor run` with the MCP servers of pi's configuration: the real fixture servers (stdio, written
 * with the SDK) named in a temp agent folder's `mcp.json`, the fake Anthropic server scripted to call
 * their tools. The first test runs the built CLI as a real process (the bundle loads pi's MCP
 * library, and the servers' processes must be gone when it exits); the others run in-process.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createExtraToolSource } from '../../../src/cli/extraToolSource';
import { captureIo } from '../../../src/cli/io';
import { runCli } from '../../../src/cli/run';
import { loadSessionFile, type ToolResultMessage } from '../../../src/core/session';
import { holdAfter, reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { isAlive, PIXEL, STDIO_SERVER, WRAPPER, type FixtureOptions } from '../../support/mcpServers';
import { loadPi } from '../../support/pi';
import { useTempDir } from '../../support/tempDir';
import { arborWholeContext, assertSameContext, newCoverage, piWholeContext } from '../interop/wholeContext';
import { arborChild, FIXED_NOW, startArborChild } from './runArbor';

const KEY = 'sk-ant-cli-test-key';

interface SentRequest {
  tools?: { name: string }[];
  messages: { role: string; content: string | { type: string; tool_use_id?: string; content?: unknown }[] }[];
}

/** A `mcpServers` entry running the stdio fixture (through the `npx`-like launcher when `wrapped`). */
function stdioEntry(options: FixtureOptions = {}, extra: Record<string, unknown> = {}, wrapped = false): Record<string, unknown> {
  return { command: process.execPath, args: [wrapped ? WRAPPER : STDIO_SERVER, JSON.stringify(options)], exposure: 'direct', ...extra };
}

function writeConfig(file: string, servers: Record<string, unknown>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
}

describe('arbor run with MCP servers from pi\'s mcp.json', function () {
  this.timeout(120_000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  const agentDir = (): string => path.join(dir(), 'pi-agent');
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: path.join(dir(), 'state'), PI_CODING_AGENT_DIR: agentDir() });
  const requests = (): SentRequest[] => server().messageRequests().map((request) => request.body as unknown as SentRequest);
  const declared = (request: SentRequest | undefined): string[] => (request?.tools ?? []).map((tool) => tool.name);

  async function toolResults(file: string): Promise<ToolResultMessage[]> {
    const { tree } = await loadSessionFile(file);
    return tree.entries.flatMap((entry) => (entry.type === 'message' && (entry.message as { role: string }).role === 'toolResult' ? [entry.message as ToolResultMessage] : []));
  }

  it('calls a user-level server\'s tools, records call and result as pi does, pi builds the same context, and no server process outlives the run', async () => {
    writeConfig(path.join(agentDir(), 'mcp.json'), { fixture: stdioEntry({ holdOn: true }, {}, true) });
    const file = path.join(dir(), 's.jsonl');
    server().script(reply(toolUse('mcp__fixture__echo', { text: 'hi' }, 'toolu_1'), toolUse('mcp__fixture__image', {}, 'toolu_2'), toolUse('mcp__fixture__pid', {}, 'toolu_3')), text('Done.'));
    const run = await arborChild(dir(), env(), 'run', file, 'use the fixture', '--tools', 'read,mcp__fixture', '--yes', '--no-checkpoints');
    assert.deepEqual([run.code, run.stderr, run.stdout], [0, '', 'Done.\n']);

    const results = await toolResults(file);
    const pid = Number((results[2]!.content[0] as { text: string }).text);
    assert.deepEqual(
      results.map(({ toolCallId, toolName, content, details, isError }) => ({ toolCallId, toolName, content, details, isError })),
      [
        { toolCallId: 'toolu_1', toolName: 'mcp__fixture__echo', content: [{ type: 'text', text: 'echo: hi' }], details: { server: 'fixture', tool: 'echo' }, isError: false },
        { toolCallId: 'toolu_2', toolName: 'mcp__fixture__image', content: [{ type: 'text', text: 'a pixel:' }, { type: 'image', data: PIXEL, mimeType: 'image/png' }], details: { server: 'fixture', tool: 'image' }, isError: false },
        { toolCallId: 'toolu_3', toolName: 'mcp__fixture__pid', content: [{ type: 'text', text: String(pid) }], details: { server: 'fixture', tool: 'pid' }, isError: false },
      ],
    );
    // The server ran behind a launcher that forwards no signal, and lives on after its stdin closes and
    // through SIGTERM: only ending its whole process group ends it.
    const alive = isAlive(pid);
    if (alive) process.kill(pid, 'SIGKILL');
    assert.equal(alive, false);

    const [first, second] = requests();
    assert.deepEqual(declared(first), declared(second));
    assert.deepEqual(declared(first).filter((name) => name.startsWith('mcp__fixture__')).slice(0, 3), ['mcp__fixture__echo', 'mcp__fixture__image', 'mcp__fixture__structured']);
    assert.equal(declared(first)[0], 'read');
    const last = second!.messages.at(-1)!;
    assert.deepEqual(
      (last.content as { type: string; tool_use_id: string; content: unknown }[]).map(({ type, tool_use_id, content }) => ({ type, tool_use_id, content })),
      [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'echo: hi' },
        { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'a pixel:' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL } }] },
        { type: 'tool_result', tool_use_id: 'toolu_3', content: String(pid) },
      ],
    );

    const pi = await loadPi();
    const sm = pi.SessionManager.open(file, dir());
    const coverage = newCoverage();
    assertSameContext(await arborWholeContext(file, sm.getLeafId()), piWholeContext(pi, sm.getEntries(), sm.getLeafId()), 'after the MCP run', coverage);
    assert.deepEqual([coverage.toolCalls, coverage.toolResults, coverage.images], [3, 3, 1]);
  });

  it('stops the servers\' process groups when the run is ended with Ctrl-C (SIGINT) mid-reply, then ends by that signal', async () => {
    writeConfig(path.join(agentDir(), 'mcp.json'), { fixture: stdioEntry({ holdOn: true }, {}, true) });
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server().script(reply(toolUse('mcp__fixture__pid', {}, 'toolu_1')), reply(text('never finished'), holdAfter(1, held)));
    const child = await startArborChild(dir(), env(), 'run', path.join(dir(), 's.jsonl'), 'go', '--tools', 'mcp__fixture', '--yes', '--no-checkpoints');
    let pid = 0;
    try {
      // The second request carries the pid tool's result: the reply to it is held until the signal.
      while (server().messageRequests().length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
      const result = requests()[1]!.messages.at(-1)!.content as { type: string; content: string }[];
      pid = Number(result[0]!.content);
      assert.equal(isAlive(pid), true);
      child.kill('SIGINT');
      const ended = await child.done;
      assert.deepEqual([ended.signal, isAlive(pid)], ['SIGINT', false]);
    } finally {
      release();
      // A failed check leaves no server behind (it ignores SIGTERM).
      if (pid > 0 && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  describe('in-process', () => {
    const saved: Record<string, string | undefined> = {};
    beforeEach(() => {
      for (const name of [...Object.keys(env()), 'ARBOR_TEST_SECRET']) saved[name] = process.env[name];
      Object.assign(process.env, env(), { ARBOR_TEST_SECRET: 'hunter2-secret-value' });
    });
    afterEach(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    async function run(file: string, ...flags: string[]) {
      // Assigned, not spread: `stdout` and `stderr` are getters of the captured output.
      const io = Object.assign(captureIo(() => FIXED_NOW), { createExtraToolSource });
      const code = await runCli(['run', path.join(dir(), file), 'go', '--no-checkpoints', '--cwd', dir(), ...flags], io);
      return { code, stdout: io.stdout, stderr: io.stderr };
    }

    it('declares no MCP tool with --no-mcp', async () => {
      writeConfig(path.join(agentDir(), 'mcp.json'), { fixture: stdioEntry() });
      server().script(text('Done.'));
      const result = await run('s.jsonl', '--no-mcp', '--tools', 'read');
      assert.deepEqual([result.code, result.stderr], [0, '']);
      assert.deepEqual(declared(requests()[0]), ['read']);
    });

    it('names a deferred server in the system prompt\'s <mcp_servers>, and not one --tools leaves out', async () => {
      writeConfig(path.join(agentDir(), 'mcp.json'), { fixture: stdioEntry({}, { exposure: 'deferred', description: 'Fixture tools.' }), other: stdioEntry({}, { exposure: 'deferred' }) });
      server().script(text('Done.'));
      const result = await run('s.jsonl', '--tools', 'read,mcp__fixture');
      assert.deepEqual([result.code, result.stderr], [0, '']);
      const system = (server().messageRequests()[0]!.body!.system as { text: string }[])[0]!.text;
      assert.equal(
        system.slice(system.indexOf('\n\n<mcp_servers>')),
        '\n\n<mcp_servers>\nThese MCP servers have tools that are not declared to you yet: load the ones you need with `tool_search` before calling them.\n- mcp__fixture (tool_search): Fixture tools.\n</mcp_servers>',
      );
    });

    it('starts a project-level server only with --trust-project', async () => {
      writeConfig(path.join(dir(), '.pi', 'mcp.json'), { project: stdioEntry() });
      server().script(text('Untrusted.'), text('Trusted.'));
      const untrusted = await run('a.jsonl', '--tools', 'read');
      const trusted = await run('b.jsonl', '--tools', 'read,mcp__project__echo', '--trust-project');
      assert.deepEqual([untrusted.code, untrusted.stderr, trusted.code, trusted.stderr], [0, '', 0, '']);
      assert.deepEqual(requests().map(declared), [['read'], ['read', 'mcp__project__echo']]);
    });

    it('expands ${VAR} and !command in a user server\'s env', async () => {
      writeConfig(path.join(agentDir(), 'mcp.json'), { fixture: stdioEntry({}, { env: { FROM_VAR: 'v=${ARBOR_TEST_SECRET}', FROM_COMMAND: '!printf "%s" from-the-shell' } }) });
      server().script(reply(toolUse('mcp__fixture__env', { name: 'FROM_VAR' }, 'toolu_1'), toolUse('mcp__fixture__env', { name: 'FROM_COMMAND' }, 'toolu_2')), text('Done.'));
      const result = await run('s.jsonl', '--tools', 'mcp__fixture__env', '--yes');
      assert.deepEqual([result.code, result.stderr], [0, '']);
      assert.deepEqual(
        (await toolResults(path.join(dir(), 's.jsonl'))).map((message) => (message.content[0] as { text: string }).text),
        ['v=hunter2-secret-value', 'from-the-shell'],
      );
    });

    it('reports an invalid entry and a server that fails to start, one line each, and still answers', async () => {
      const config = path.join(agentDir(), 'mcp.json');
      writeConfig(config, {
        bad: { command: 5 },
        broken: stdioEntry({ failStart: true }, { env: { FIXTURE_SECRET: '${ARBOR_TEST_SECRET}' } }),
        fixture: stdioEntry(),
      });
      server().script(text('Answered anyway.'));
      const result = await run('s.jsonl', '--tools', 'read');
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stdout, 'Answered anyway.\n');
      // The secret the failing server printed is redacted from its stderr tail.
      assert.equal(
        result.stderr,
        `arbor run: ${config}: server "bad" needs either "command" (stdio) or "url" (streamable HTTP)\n` +
          'arbor run: MCP server "broken" failed: MCP connection closed (its stderr: fixture starting with token *** | cannot start: token *** refused)\n',
      );
      assert.equal(result.stderr.includes('hunter2-secret-value'), false);
      assert.deepEqual(declared(requests()[0]).filter((name) => name.startsWith('mcp__')).slice(0, 2), ['mcp__fixture__echo', 'mcp__fixture__image']);
    });
  });
});
