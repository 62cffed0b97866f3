import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { approvalView } from '../../../../src/core/chat/approvalView';
import { McpConnections } from '../../../../src/core/mcp/connections/connections';
import { HostToolNames, type HostToolInfo, type ToolHost } from '../../../../src/core/mcp/tools/hostTools';
import { McpTools } from '../../../../src/core/mcp/tools/toolSet';
import type { Json } from '../../../../src/core/session';
import { callContext, resultText, searchedBranch, toolNames } from '../../../support/mcpServers';
import { useTempDir } from '../../../support/tempDir';

const FETCH: HostToolInfo = {
  name: 'fetch_webpage',
  description: 'Fetches the main content of a web page.',
  inputSchema: { type: 'object', properties: { urls: { type: 'array', description: 'The addresses to fetch' } }, required: ['urls'] },
  tags: ['web'],
};
const TESTS: HostToolInfo = { name: 'copilot-runTests', description: 'Runs the unit tests of the workspace.', tags: [] };

/** An editor whose tools and answers the test sets (the port the VS Code glue fills with `vscode.lm`). */
function editor(tools: HostToolInfo[]): ToolHost & { calls: { name: string; input: { [key: string]: Json } }[]; answer: (name: string) => Promise<{ content: unknown[] }> } {
  const host = {
    calls: [] as { name: string; input: { [key: string]: Json } }[],
    answer: async (_name: string): Promise<{ content: unknown[] }> => ({ content: [] }),
    tools: () => tools,
    invoke: async (name: string, input: { [key: string]: Json }) => {
      host.calls.push({ name, input });
      return host.answer(name);
    },
  };
  return host;
}

describe("VS Code's language-model tools", () => {
  const dir = useTempDir();
  let connections: McpConnections;

  beforeEach(() => {
    connections = new McpConnections();
  });

  afterEach(async () => {
    await connections.stop();
  });

  it('names them vscode__ with other characters made _, at most 64 characters, a hash suffix on clashes and taken names', () => {
    const naming = new HostToolNames(new Set(['vscode__taken']));
    const long = 'x'.repeat(80);
    const given = naming.assign(['fetch_webpage', 'run-tests', 'run.tests', 'taken', long]);
    assert.equal(given.get('fetch_webpage'), 'vscode__fetch_webpage');
    for (const tool of ['run-tests', 'run.tests', 'taken', long]) {
      assert.match(given.get(tool)!, /^vscode__[A-Za-z0-9_]+_[0-9a-f]{8}$/, tool);
      assert.ok(given.get(tool)!.length <= 64, tool);
    }
    assert.notEqual(given.get('run-tests'), given.get('run.tests'));
    assert.equal(given.get(long)!.length, 64);
  });

  it('keeps a name with its tool when the list changes, never giving it to another', () => {
    const naming = new HostToolNames();
    const first = naming.assign(['a-b']).get('a-b');
    const later = naming.assign(['a_b', 'a-b']);
    assert.deepEqual([later.get('a-b'), later.get('a_b') === first, /^vscode__a_b_[0-9a-f]{8}$/.test(later.get('a_b')!)], [first, false, true]);
  });

  it('declares none of them until tool_search loaded one on the branch, then that one, asked about before each call', async () => {
    const tools = new McpTools(connections, { toolHost: editor([FETCH, TESTS]), outputDirectory: dir() });
    assert.deepEqual(toolNames(tools.toolsForRequest([])), ['tool_search']);
    const found = await tools.toolFor('tool_search')!.execute({ query: 'fetch a web page' }, callContext());
    assert.deepEqual([found.isError, found.details], [false, { loaded: ['vscode__fetch_webpage'] }]);
    assert.equal(resultText(found), 'Loaded 1 tool; call it from your next reply:\n- vscode__fetch_webpage: Fetches the main content of a web page.');
    const declared = tools.toolsForRequest(searchedBranch(found));
    assert.deepEqual(toolNames(declared), ['tool_search', 'vscode__fetch_webpage']);
    const tool = declared[1]!;
    assert.deepEqual([tool.needsApproval, tool.origin, tool.spec.inputSchema], [true, { kind: 'vscode', server: 'VS Code', tool: 'fetch_webpage' }, FETCH.inputSchema]);
  });

  it('finds them by their tags and parameters too, and gives a tool without an object schema one that takes nothing', async () => {
    const tools = new McpTools(connections, { toolHost: editor([FETCH, TESTS]), outputDirectory: dir() });
    const search = tools.toolFor('tool_search')!;
    assert.deepEqual((await search.execute({ query: 'web' }, callContext())).details, { loaded: ['vscode__fetch_webpage'] });
    assert.deepEqual((await search.execute({ query: 'addresses' }, callContext())).details, { loaded: ['vscode__fetch_webpage'] });
    assert.deepEqual((await search.execute({ query: 'unit tests' }, callContext())).details, { loaded: ['vscode__copilot_runTests'] });
    assert.deepEqual(tools.toolFor('vscode__copilot_runTests')!.spec.inputSchema, { type: 'object', properties: {} });
  });

  it('runs a call through the editor: text parts as text, an image as an image, other parts as a short note', async () => {
    const host = editor([FETCH]);
    host.answer = async () => ({ content: [{ value: 'page text' }, { mimeType: 'image/png', data: new Uint8Array([1, 2, 3]) }, { value: { tsx: true } }] });
    const tools = new McpTools(connections, { toolHost: host, outputDirectory: dir() });
    const result = await tools.toolFor('vscode__fetch_webpage')!.execute({ urls: ['https://example.com'] }, callContext());
    assert.deepEqual(host.calls, [{ name: 'fetch_webpage', input: { urls: ['https://example.com'] } }]);
    assert.deepEqual(result, {
      content: [
        { type: 'text', text: 'page text' },
        { type: 'image', mimeType: 'image/png', data: 'AQID' },
        { type: 'text', text: '[a part of the result Arbor cannot show]' },
      ],
      isError: false,
    });
  });

  it('cuts a long result and saves the whole of it to a file', async () => {
    const host = editor([FETCH]);
    const whole = Array.from({ length: 3000 }, (_, index) => `line ${index + 1}`).join('\n');
    host.answer = async () => ({ content: [{ value: whole }] });
    const result = await new McpTools(connections, { toolHost: host, outputDirectory: dir() }).toolFor('vscode__fetch_webpage')!.execute({}, callContext());
    const path = (result.details as { fullOutputPath: string }).fullOutputPath;
    assert.deepEqual([path.startsWith(dir()), readFileSync(path, 'utf8')], [true, whole]);
    assert.ok(resultText(result).includes(`[Full output: ${path} (read it with offset/limit)]`));
  });

  it("answers a failing call with the editor's error, a stopped one as aborted, a withdrawn tool as no longer available", async () => {
    const offered = [FETCH];
    const host = editor(offered);
    host.answer = async () => {
      throw new Error('the page could not be reached');
    };
    const tools = new McpTools(connections, { toolHost: host, outputDirectory: dir() });
    const tool = tools.toolFor('vscode__fetch_webpage')!;
    const failed = await tool.execute({}, callContext());
    assert.deepEqual([resultText(failed), failed.isError], ['The VS Code tool "fetch_webpage" failed: the page could not be reached', true]);
    const stop = new AbortController();
    stop.abort();
    assert.equal(resultText(await tool.execute({}, callContext(stop.signal))), 'The tool call was aborted.');
    offered.length = 0;
    assert.equal(resultText(await tool.execute({}, callContext())), 'The VS Code tool "fetch_webpage" is no longer available.');
    assert.deepEqual([tools.toolFor('vscode__fetch_webpage'), tools.toolFor('tool_search'), toolNames(tools.toolsForRequest([]))], [undefined, undefined, []]);
  });

  it("shows the card with the editor's tool name and every argument, no server", () => {
    const view = approvalView('vscode__fetch_webpage', { urls: ['https://example.com'] }, undefined, { kind: 'vscode', server: 'VS Code', tool: 'fetch_webpage' });
    assert.equal(view.title, 'Allow the VS Code tool fetch_webpage?');
    assert.deepEqual(view.fields?.map((field) => field.label), ['Tool', 'Arguments']);
  });
});
