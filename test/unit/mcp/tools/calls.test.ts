import { strict as assert } from 'node:assert';
import { readFileSync, statSync } from 'node:fs';
import type { CallToolResult } from '@earendil-works/pi-mcp';
import type { ToolResult } from '../../../../src/core/agent/tools/tool';
import { McpConnections } from '../../../../src/core/mcp/connections/connections';
import { McpTools } from '../../../../src/core/mcp/tools/toolSet';
import type { Json } from '../../../../src/core/session';
import { importPiFile } from '../../../support/pi';
import { useTempDir } from '../../../support/tempDir';
import { callContext, eventually, httpSpec, PIXEL, recordingLogger, startHttpFixture, statusWhere, stdioSpec, type HttpFixture } from '../../../support/mcpServers';

type PiConvert = (server: string, tool: string, result: CallToolResult, options: { saveOutput: (data: string | Uint8Array, extension: string) => Promise<string>; readableResources?: boolean }) => Promise<{ content: unknown; details: { fullOutputPath?: string } }>;

function text(result: ToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[${block.mimeType}]`)).join('\n');
}

describe('MCP tool calls', () => {
  const dir = useTempDir();
  let http: HttpFixture | undefined;
  let connections: McpConnections;
  let tools: McpTools;
  const logger = recordingLogger();

  async function serve(overrides: Parameters<typeof httpSpec>[2] = {}): Promise<void> {
    http = await startHttpFixture();
    connections = new McpConnections({ logger });
    connections.start([httpSpec('remote', http.url, overrides)]);
    await connections.waitForDirect(20_000);
    tools = new McpTools(connections, { outputDirectory: dir() });
  }

  async function call(name: string, args: { [key: string]: Json } = {}, signal?: AbortSignal): Promise<ToolResult> {
    return tools.toolFor(`mcp__remote__${name}`)!.execute(args, callContext(signal));
  }

  afterEach(async () => {
    await connections?.stop();
    await http?.close();
    http = undefined;
  });

  it("records text, image, structured and failed results as pi's own MCP tool code does", async () => {
    await serve();
    const { convertMcpResult } = await importPiFile<{ convertMcpResult: PiConvert }>('extensions/mcp/tools.js');
    const server = connections.server('remote')!;
    for (const tool of ['echo', 'image', 'structured', 'structured_only', 'fail', 'fail_silently']) {
      const args: { [key: string]: Json } = tool === 'echo' ? { text: 'hi' } : {};
      const ours = await call(tool, args);
      const pis = await convertMcpResult('remote', tool, await server.callTool(tool, args, {}), { saveOutput: async () => '/unused', readableResources: false });
      assert.deepEqual([tool, ours.content, ours.details], [tool, pis.content, pis.details]);
    }
  });

  it('gives each result type its content, isError from the result, and the whole structured result beside it', async () => {
    await serve();
    const structured = await call('structured', { city: 'Bergen' });
    assert.deepEqual([text(structured), structured.isError, structured.details], ['{"city":"Bergen","celsius":21}', false, { server: 'remote', tool: 'structured' }]);
    assert.deepEqual((structured as { structuredContent?: Json }).structuredContent, { content: [{ type: 'text', text: '{"city":"Bergen","celsius":21}' }], structuredContent: { city: 'Bergen', celsius: 21 } });
    assert.deepEqual((await call('image')).content, [{ type: 'text', text: 'a pixel:' }, { type: 'image', data: PIXEL, mimeType: 'image/png' }]);
    assert.equal(text(await call('structured_only')), JSON.stringify({ answer: 42 }, null, 2));
    const failed = await call('fail');
    assert.deepEqual([text(failed), failed.isError], ['it failed: the widget is broken', true]);
    assert.equal(text(await call('fail_silently')), 'MCP tool remote/fail_silently returned an error');
    assert.equal(text(await call('mixed')), '[Resource fixture://readme "readme" (text/plain)]\ninline text\n[audio audio/wav omitted]');
  });

  it('cuts a long result in the middle and saves the whole of it to a file only the user can read', async () => {
    await serve();
    const result = await call('long', { lines: 2000 });
    const path = (result.details as { fullOutputPath: string }).fullOutputPath;
    assert.deepEqual([path.startsWith(dir()), statSync(path).mode & 0o777], [true, 0o600]);
    const whole = readFileSync(path, 'utf8');
    assert.deepEqual([whole.split('\n').length, whole.split('\n')[1999]], [2000, `line 2000 ${'.'.repeat(40)}`]);
    assert.match(text(result), /^Warning: truncated output \(original token count: \d+\)\nTotal output lines: 2000\n\nline 1 /);
    assert.ok(text(result).includes(`[Full output: ${path} (read it with offset/limit)]`));
  });

  it('times out a call that sends nothing for longer than the timeout, saying so', async () => {
    await serve({ timeoutMs: 300 });
    const result = await call('slow', { steps: 1, stepMs: 5_000 });
    assert.deepEqual([text(result), result.isError], ['MCP tool remote/slow timed out: no answer or progress for 0.3 s.', true]);
  });

  it('lets a call run past the timeout while the server sends progress, each resetting it, shown as updates', async () => {
    // Twelve steps of 150 ms outlast the 1.5 s timeout; each step is a tenth of it.
    await serve({ timeoutMs: 1_500 });
    const updates: string[] = [];
    const context = { ...callContext(), onUpdate: (partial: ToolResult) => void updates.push(text(partial)) };
    const result = await tools.toolFor('mcp__remote__slow')!.execute({ steps: 12, stepMs: 150 }, context);
    assert.deepEqual([text(result), result.isError, updates], ['done after 12 steps', false, Array.from({ length: 12 }, (_, index) => `step ${index + 1}`)]);
  });

  it('cancels a call on Stop: the server hears of it and the model reads that the call was aborted', async () => {
    await serve();
    const stop = new AbortController();
    const context = { ...callContext(stop.signal), onUpdate: () => stop.abort() };
    const result = await tools.toolFor('mcp__remote__slow')!.execute({ steps: 50, stepMs: 100 }, context);
    assert.deepEqual([text(result), result.isError], ['The tool call was aborted.', true]);
    while (http!.state.cancelled === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it("keeps a server's stderr out of results: it goes to the log", async () => {
    connections = new McpConnections({ logger });
    connections.start([stdioSpec('local')]);
    await connections.waitForDirect(20_000);
    tools = new McpTools(connections, { outputDirectory: dir() });
    const result = await tools.toolFor('mcp__local__noisy')!.execute({ line: 'stderr-only line' }, callContext());
    assert.equal(text(result), 'answered');
    // The server writes the line before it answers, but its stderr may be read after the answer.
    await eventually('the stderr line logged', () => logger.lines.includes('MCP server "local" stderr: stderr-only line'));
    assert.deepEqual(connections.statuses()[0]!.stderrTail, ['fixture starting with token (none)', 'stderr-only line']);
  });

  it('makes a withdrawn tool fail cleanly and offers the added one after the server changed its list', async () => {
    await serve();
    const withdrawn = tools.toolFor('mcp__remote__withdrawn')!;
    await call('change_tools');
    await statusWhere(connections, (all) => all[0]!.tools.some((tool) => tool.name === 'added'));
    const result = await withdrawn.execute({}, callContext());
    assert.deepEqual([text(result), result.isError], ['MCP tool "remote/withdrawn" is no longer available.', true]);
    assert.equal(text(await tools.toolFor('mcp__remote__withdrawn')!.execute({}, callContext())), 'MCP tool "remote/withdrawn" is no longer available.');
    assert.equal(text(await call('added', { where: 'the beach' })), 'treasure at the beach');
  });

  it('answers a call to a tool of a missing, disabled or failed server with which server and why', async () => {
    connections = new McpConnections();
    connections.start([stdioSpec('off', {}, { enabled: false }), stdioSpec('broken', { failStart: true })]);
    await connections.waitForDirect(20_000);
    tools = new McpTools(connections);
    const answers = await Promise.all(['mcp__ghost__find', 'mcp__off__echo', 'mcp__broken__echo'].map(async (name) => text(await tools.toolFor(name)!.execute({}, callContext()))));
    assert.deepEqual(answers, [
      'MCP server "ghost" is not configured, so its tool mcp__ghost__find cannot be called.',
      'MCP server "off" is disabled.',
      'MCP server "broken" failed to start: MCP connection closed',
    ]);
    assert.deepEqual([tools.toolFor('read'), tools.toolFor('mcp__off__echo')!.needsApproval], [undefined, false]);
  });
});
