/**
 * `arbor run`'s MCP flags: `--tools` with `mcp__` entries, `--no-mcp`, `--trust-project`, parsed
 * and then used by an in-process run whose `CliIo` hands it an extra tool source (where the MCP
 * connections will come from), against the fake server.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { parseArgs } from '../../../src/cli/args';
import { runCommand } from '../../../src/cli/commands/runPrompt';
import type { ExtraToolSourceOptions } from '../../../src/cli/extraToolSource';
import { captureIo, UsageError } from '../../../src/cli/io';
import { runCli } from '../../../src/cli/run';
import { cliToolChoice } from '../../../src/cli/toolFlags';
import { DENIED_TEXT } from '../../../src/core/agent/tools/approval';
import type { Tool } from '../../../src/core/agent/tools/tool';
import { loadSessionFile, type ToolResultMessage } from '../../../src/core/session';
import { reply, text, toolUse, useFakeAnthropic } from '../../support/fakeAnthropic';
import { useTempDir } from '../../support/tempDir';
import { FIXED_NOW } from './runArbor';

const KEY = 'sk-ant-cli-test-key';
const ALL = ['read', 'bash', 'edit', 'write', 'grep', 'find', 'ls', 'recall'];

const choice = (...argv: string[]) => {
  const { tools, mcp, approvable } = cliToolChoice(parseArgs(argv, runCommand.flags));
  return { tools: tools.map((tool) => tool.spec.name), mcp, approvable };
};

function serverTool(server: string, tool: string, runs: string[]): Tool {
  const name = `mcp__${server}__${tool}`;
  return {
    spec: { name, description: name, inputSchema: { type: 'object' } },
    needsApproval: true,
    origin: { kind: 'mcp', server, tool },
    async execute() {
      runs.push(name);
      return { content: [{ type: 'text', text: `${tool} ran` }], isError: false };
    },
  };
}

describe('arbor run: the MCP flags', () => {
  it('offers every tool and every MCP tool without flags', () => {
    assert.deepEqual(choice(), { tools: ALL, mcp: { enabled: true, trustProject: false, allow: [] }, approvable: ALL });
  });

  it('keeps the mcp__ entries of --tools as the MCP filter, the others as the own tools', () => {
    assert.deepEqual(choice('--tools', 'read, mcp__docs,mcp__db__read,mcp__dev-radius__*'), {
      tools: ['read'],
      mcp: { enabled: true, trustProject: false, allow: ['mcp__docs', 'mcp__db__read', 'mcp__dev-radius__*'] },
      approvable: ['read', 'mcp__docs', 'mcp__db__read', 'mcp__dev-radius__*'],
    });
    assert.deepEqual(choice('--tools', 'mcp__docs').tools, []);
  });

  it('reads --no-mcp and --trust-project', () => {
    assert.deepEqual(choice('--no-mcp', '--trust-project').mcp, { enabled: false, trustProject: true, allow: [] });
  });

  it('refuses an unknown own tool, an mcp__ entry that names nothing, and MCP tools with --no-mcp', () => {
    const refusal = (...argv: string[]): string => {
      try {
        choice(...argv);
      } catch (error) {
        if (error instanceof UsageError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    assert.deepEqual(
      [refusal('--tools', 'rm,mcp__docs'), refusal('--tools', 'read,mcp__,mcp__a b'), refusal('--no-mcp', '--tools', 'read,mcp__docs'), refusal('--tools', 'mcp__not_connected_yet__x')],
      [
        '--tools: Unknown tool: rm. Known tools: read, bash, edit, write, grep, find, ls, recall.',
        '--tools: mcp__, mcp__a b names no MCP tool or server (write mcp__<server>__<tool>, mcp__<server> or mcp__<server>__*)',
        '--tools names MCP tools (mcp__docs) but --no-mcp turns MCP off',
        'accepted',
      ],
    );
  });
});

describe('arbor run with an extra tool source (in-process, fake server)', function () {
  this.timeout(30_000);
  const server = useFakeAnthropic({ apiKey: KEY });
  const dir = useTempDir();
  const saved: Record<string, string | undefined> = {};

  beforeEach(() => {
    for (const name of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'XDG_STATE_HOME', 'PI_CODING_AGENT_DIR']) saved[name] = process.env[name];
    Object.assign(process.env, { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server().url, XDG_STATE_HOME: path.join(dir(), 'state'), PI_CODING_AGENT_DIR: path.join(dir(), 'pi-agent') });
  });
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /** The tool results the run wrote: name, text, error. */
  async function results(): Promise<[string, string, boolean][]> {
    const { tree } = await loadSessionFile(path.join(dir(), 's.jsonl'));
    return tree.entries
      .flatMap((entry) => (entry.type === 'message' && (entry.message as { role: string }).role === 'toolResult' ? [entry.message as ToolResultMessage] : []))
      .map((message) => [message.toolName, message.content.map((part) => (part.type === 'text' ? part.text : part.type)).join(''), message.isError]);
  }

  /** Runs `arbor run` with a hook that offers docs/search and db/drop, recording what it was given and whether it was closed. */
  async function runWithSource(...flags: string[]) {
    const runs: string[] = [];
    const given: ExtraToolSourceOptions[] = [];
    let closed = 0;
    const tools = [serverTool('docs', 'search', runs), serverTool('db', 'drop', runs)];
    // Assigned, not spread: `stdout` and `stderr` are getters of the captured output.
    const io = Object.assign(captureIo(() => FIXED_NOW), {
      createExtraToolSource: async (options: ExtraToolSourceOptions) => {
        given.push(options);
        return { toolsFor: () => tools, find: (name: string) => tools.find((tool) => tool.spec.name === name), close: async () => void closed++ };
      },
    });
    const code = await runCli(['run', path.join(dir(), 's.jsonl'), 'go', '--no-checkpoints', '--cwd', dir(), ...flags], io);
    const declared = ((server().messageRequests()[0]?.body?.tools ?? []) as { name: string }[]).map((tool) => tool.name);
    return { code, stderr: io.stderr, runs, given: given.map(({ mcp, root }) => ({ mcp, root })), closed, declared };
  }

  it('declares the MCP tools --tools names, runs the one --yes allows without asking, and closes the source', async () => {
    server().script(reply(toolUse('mcp__docs__search', {}, 'toolu_1')), reply(toolUse('mcp__db__drop', {}, 'toolu_2')), text('done'));
    const run = await runWithSource('--tools', 'read,mcp__docs', '--yes', '--trust-project');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.given, [{ mcp: { enabled: true, trustProject: true, allow: ['mcp__docs'] }, root: dir() }]);
    assert.deepEqual(run.declared, ['read', 'mcp__docs__search']);
    // db/drop is not among the tools: not found, never run.
    assert.deepEqual(run.runs, ['mcp__docs__search']);
    assert.deepEqual(await results(), [
      ['mcp__docs__search', 'search ran', false],
      ['mcp__db__drop', 'Tool mcp__db__drop not found', true],
    ]);
    assert.equal(run.closed, 1);
  });

  it('refuses an MCP tool --yes did not name (no one is there to answer)', async () => {
    server().script(reply(toolUse('mcp__db__drop', {}, 'toolu_1')), text('done'));
    const run = await runWithSource('--yes');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.declared, [...ALL.filter((name) => name !== 'recall'), 'mcp__docs__search', 'mcp__db__drop']);
    assert.deepEqual(run.runs, []);
    assert.deepEqual(await results(), [['mcp__db__drop', DENIED_TEXT, true]]);
  });

  it('does not ask the hook for tools with --no-mcp', async () => {
    server().script(text('done'));
    const run = await runWithSource('--no-mcp', '--tools', 'read');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual([run.given, run.declared, run.closed], [[], ['read'], 0]);
  });
});
