// An MCP server from the user's pi configuration, in the real VS Code: `mcp.json` in pi's agent
// folder (the harness points PI_CODING_AGENT_DIR beside the workspace) names the stdio fixture
// server; the model calls its `echo` tool; the approval card names the server and the tool and
// shows the arguments; "Allow once" runs it, its result shows as a card, and the next request at the
// fake server declares the tool and carries its result. "Always allow server" lets the server's
// next tool run without a card; a project's `.pi/mcp.json` server waits for the user's answer to a
// dialog showing its command line; "Arbor: MCP Servers" lists the servers with their state. The
// files are watched: a server added to the user's file while a session is open is listed and its
// tool answers, and once removed it is gone; the list's Disable, Enable and Change exposure write
// into the file that defines the server, and the next request declares what the file now says.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { STDIO_SERVER } from '../support/mcpServers';
import { assertNoProblems, cardMenuItem, chat, chatButton, newSession, requestMessages, send, waitForCardText, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { pickItem, quickInput, quickPickShows } from './support/treeUi';
import { exactly, poll } from './support/workbench';

const SERVER = 'fixture';
const TOOL = `mcp__${SERVER}__echo`;

/** The user's file as the suite writes it: the fixture server, its tools declared (`direct`). */
function fixtureEntry(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [STDIO_SERVER, '{}'], exposure: 'direct', ...extra };
}

/** Opens "Arbor: MCP Servers" and leaves it open at its list of servers. */
async function openServers(): Promise<void> {
  await workbench().runCommand('Arbor: MCP Servers');
  await quickInput().locator('.monaco-list-row').first().waitFor();
}

/** Each listed server's row text by its name (the file openers left out), read from a fresh list, which is then closed. */
async function listedServers(): Promise<Map<string, string>> {
  await openServers();
  const rows = await quickInput()
    .locator('.monaco-list-row')
    .evaluateAll((nodes) => nodes.map((node) => [node.querySelector('.label-name')?.textContent?.trim() ?? '', (node as HTMLElement).innerText] as const));
  await workbench().page.keyboard.press('Escape');
  await quickInput().waitFor({ state: 'hidden' });
  return new Map(rows.filter(([name]) => name !== '' && !name.includes('Open configuration file')));
}

/** The list is made when it opens: opened again until the server's row matches (or, with `undefined`, until it is gone). */
async function untilListed(server: string, expected: RegExp | undefined): Promise<string | undefined> {
  let seen = '';
  return poll(`"Arbor: MCP Servers" to ${expected ? `show ${server} as ${String(expected)}` : `no longer list ${server}`}`, async () => {
    const servers = await listedServers();
    seen = [...servers.values()].join(' | ');
    const row = servers.get(server);
    if (expected === undefined) return row === undefined ? '' : undefined;
    return row !== undefined && expected.test(row) ? row : undefined;
  }).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the list last showed: ${seen}`);
  });
}

/** Picks the server in "Arbor: MCP Servers", then one of its actions. */
async function serverAction(server: string, action: string): Promise<void> {
  await openServers();
  await pickItem(server);
  await poll(`the actions of ${server} to show ${action}`, async () => ((await quickInput().locator('.label-name', { hasText: exactly(action) }).count()) > 0 ? true : undefined));
  await pickItem(action);
}

/** Waits until the file's JSON is `expected`, then asserts it. */
async function untilFileIs(file: string, expected: unknown): Promise<void> {
  let seen: unknown;
  await poll(`${file} to become ${JSON.stringify(expected)}`, async () => {
    try {
      seen = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      return undefined;
    }
    return JSON.stringify(seen) === JSON.stringify(expected) ? true : undefined;
  }).catch(() => undefined);
  assert.deepEqual(seen, expected);
}

/** The tool results of the last request's last message. */
function lastToolResults(): { type: string; content?: unknown; is_error?: boolean }[] {
  const last = requestMessages().at(-1);
  assert.ok(last && typeof last.content !== 'string');
  return (last.content as { type: string; content?: unknown; is_error?: boolean }[]).filter((block) => block.type === 'tool_result');
}

function declaredTools(index = -1): string[] {
  const tools = fake().messageRequests().at(index)?.body?.tools;
  return Array.isArray(tools) ? tools.map((tool) => String((tool as { name?: unknown }).name)) : [];
}

describe('MCP servers from pi\'s configuration', () => {
  let configFile = '';

  before(async () => {
    const agentDir = path.join(path.dirname(workbench().workspaceDir), 'pi-agent');
    fs.mkdirSync(agentDir, { recursive: true });
    configFile = path.join(agentDir, 'mcp.json');
    // `direct`: its tools are declared in the first request (which waits for the server, bounded).
    fs.writeFileSync(configFile, JSON.stringify({ mcpServers: { [SERVER]: fixtureEntry() } }, null, 2));
    await workbench().openArbor();
  });
  after(() => {
    fs.rmSync(configFile, { force: true });
  });
  afterEach(async () => {
    if (fake().server.pending() > 0) await fake().restart();
  });

  it('asks on a card naming the server and the tool, runs the tool on "Allow once", shows its result and sends the tool and its result to the model', async () => {
    await newSession();
    fake().script(reply(text('I will ask the server.'), toolUse(TOOL, { text: 'hello from the e2e test' })), text('The server echoed it.'));
    await send('Echo through the MCP server');
    const allow = await chatButton(/^Allow once$/);
    const card = (await chat()).locator('#approvals .approval').last();
    const shown = await card.innerText();
    assert.match(shown, /Allow the MCP tool echo of server fixture\?/);
    assert.match(shown, /Server\s+fixture/);
    assert.match(shown, /Tool\s+echo/);
    assert.match(shown, /hello from the e2e test/);
    // The first request already declared the server's tool.
    assert.ok(declaredTools(-1).includes(TOOL), `the first request declared ${declaredTools(-1).join(', ')}`);
    await allow.click();
    await waitForText('The server echoed it.');
    const requests = fake().messageRequests();
    assert.ok(declaredTools(-1).includes(TOOL), 'the second request declares the tool too');
    const last = requestMessages().at(-1);
    assert.ok(last && typeof last.content !== 'string');
    const results = (last.content as { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean }[]).filter((block) => block.type === 'tool_result');
    assert.equal(results.length, 1);
    assert.match(JSON.stringify(results[0]?.content), /echo: hello from the e2e test/);
    assert.notEqual(results[0]?.is_error, true);
    assert.ok(requests.length >= 2);
    await waitForCardText('echo: hello from the e2e test');
    assertNoProblems();
  });

  it('allows every tool of the server for the session from "Always allow server fixture": the next tool of that server runs without a card', async () => {
    await newSession();
    fake().script(
      reply(text('First call.'), toolUse(TOOL, { text: 'first' })),
      reply(text('Second call, another tool.'), toolUse(`mcp__${SERVER}__structured`, { city: 'Oslo' })),
      text('Both calls ran.'),
    );
    await send('Call the server twice');
    await (await cardMenuItem(/^Always allow server fixture \(this session\)$/)).click();
    await waitForText('Both calls ran.');
    const last = requestMessages().at(-1);
    assert.ok(last && typeof last.content !== 'string');
    const results = (last.content as { type: string; content?: unknown; is_error?: boolean }[]).filter((block) => block.type === 'tool_result');
    assert.equal(results.length, 1);
    assert.match(JSON.stringify(results[0]?.content), /Oslo/);
    assert.notEqual(results[0]?.is_error, true);
    assert.equal(await (await chat()).locator('#approvals .approval').count(), 0);
    assertNoProblems();
  });

  it("asks before a project's server starts, showing its command line, and starts it once allowed", async () => {
    const projectFile = path.join(workbench().workspaceDir, '.pi', 'mcp.json');
    fs.mkdirSync(path.dirname(projectFile), { recursive: true });
    try {
      fs.writeFileSync(projectFile, JSON.stringify({ mcpServers: { project: { command: process.execPath, args: [STDIO_SERVER, '{}'], exposure: 'direct' } } }));
      // A session opening reads the files again: the question comes without a reload of the window.
      await newSession();
      fake().script(text('Hello.'));
      await send('Hello');
      // The notification may come before the new session (the file's watcher) or with it (the re-read).
      const toast = workbench().page.locator('.notification-toast').filter({ hasText: /this project defines the MCP server "project"/ }).first();
      await toast.getByRole('button', { name: 'Review…' }).click();
      const dialog = workbench().page.locator('.monaco-dialog-box');
      await dialog.waitFor();
      const said = (await dialog.innerText()).replace(/\s+/g, ' ');
      assert.match(said, /start the project's MCP server "project"\?/);
      assert.ok(said.includes(`Command: ${process.execPath} ${STDIO_SERVER} '{}'`), said);
      await dialog.locator('.monaco-button', { hasText: 'Allow and Start' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForText('Hello.');
      // The list is made when it opens: opened again until the server has connected.
      await poll('the project server to be listed as connected', async () => {
        await workbench().runCommand('Arbor: MCP Servers');
        const rows = quickInput().locator('.monaco-list-row');
        await rows.first().waitFor();
        const shown = (await rows.allInnerTexts()).join('\n');
        await workbench().page.keyboard.press('Escape');
        await quickInput().waitFor({ state: 'hidden' });
        return /project[\s\S]*connected · 15 tools · exposure direct · project/.test(shown) ? true : undefined;
      });
    } finally {
      fs.rmSync(path.dirname(projectFile), { recursive: true, force: true });
    }
  });

  it('lists the server in "Arbor: MCP Servers" as connected, with its tool count, exposure and file', async () => {
    const wb = workbench();
    await wb.runCommand('Arbor: MCP Servers');
    const item = quickInput().locator('.monaco-list-row').filter({ hasText: SERVER }).first();
    await item.waitFor();
    const shown = await item.innerText();
    assert.match(shown, /connected · 15 tools · exposure direct · user/);
    assert.ok(shown.includes(configFile), shown);
    await wb.page.keyboard.press('Escape');
    await quickInput().waitFor({ state: 'hidden' });
  });
  it("applies a server added to the user's mcp.json while a session is open, without a reload: listed as connected, its tool answers; removed, it is no longer listed and a call to its tool says it is not configured", async () => {
    const original = fs.readFileSync(configFile, 'utf8');
    await newSession();
    try {
      fs.writeFileSync(configFile, JSON.stringify({ mcpServers: { [SERVER]: fixtureEntry(), added: fixtureEntry() } }, null, 2));
      const row = await untilListed('added', /connected · 15 tools · exposure direct · user/);
      assert.ok(row?.includes(configFile), row);

      fake().script(reply(text('Asking the added server.'), toolUse('mcp__added__echo', { text: 'from the added server' })), text('The added server echoed it.'));
      await send('Echo through the added server');
      const allow = await chatButton(/^Allow once$/);
      assert.match(await (await chat()).locator('#approvals .approval').last().innerText(), /Allow the MCP tool echo of server added\?/);
      assert.ok(declaredTools(-1).includes('mcp__added__echo'), `the request declared ${declaredTools(-1).join(', ')}`);
      await allow.click();
      await waitForText('The added server echoed it.');
      const answered = lastToolResults();
      assert.equal(answered.length, 1);
      assert.match(JSON.stringify(answered[0]?.content), /echo: from the added server/);
      assert.notEqual(answered[0]?.is_error, true);

      fs.writeFileSync(configFile, original);
      await untilListed('added', undefined);
      assert.match((await listedServers()).get(SERVER) ?? '', /connected · 15 tools · exposure direct · user/);
      fake().script(reply(text('Asking the removed server.'), toolUse('mcp__added__echo', { text: 'once more' })), text('The removed server did not answer.'));
      await send('Echo through the removed server');
      await waitForText('The removed server did not answer.');
      assert.ok(!declaredTools(-1).includes('mcp__added__echo'), `the request declared ${declaredTools(-1).join(', ')}`);
      const refused = lastToolResults();
      assert.equal(refused.length, 1);
      assert.equal(refused[0]?.is_error, true);
      assert.match(JSON.stringify(refused[0]?.content), /MCP server \\"added\\" is not configured, so its tool mcp__added__echo cannot be called\./);
      assertNoProblems();
    } finally {
      fs.writeFileSync(configFile, original);
    }
  });

  it('"Arbor: MCP Servers" Disable and Enable write "enabled" into the user\'s file and the list follows; Change exposure to deferred writes "exposure" and the next request declares tool_search instead of the server\'s tools', async () => {
    const original = fs.readFileSync(configFile, 'utf8');
    try {
      await untilListed(SERVER, /connected · 15 tools · exposure direct · user/);
      await openServers();
      await pickItem(SERVER);
      await quickPickShows(['Reconnect', 'Disable', 'Change exposure…', 'Open configuration file']);
      await pickItem('Disable');
      await untilFileIs(configFile, { mcpServers: { [SERVER]: fixtureEntry({ enabled: false }) } });
      await untilListed(SERVER, /disabled · exposure direct · user/);

      await serverAction(SERVER, 'Enable');
      await untilFileIs(configFile, { mcpServers: { [SERVER]: fixtureEntry({ enabled: true }) } });
      await untilListed(SERVER, /connected · 15 tools · exposure direct · user/);

      await serverAction(SERVER, 'Change exposure…');
      await quickPickShows(['codemode', 'deferred', 'direct', 'hidden']);
      await pickItem('deferred');
      await untilFileIs(configFile, { mcpServers: { [SERVER]: fixtureEntry({ enabled: true, exposure: 'deferred' }) } });
      await untilListed(SERVER, /connected · 15 tools · exposure deferred · user/);

      await newSession();
      fake().script(text('Only the search is declared.'));
      await send('Which tools are there?');
      await waitForText('Only the search is declared.');
      const declared = declaredTools(-1);
      assert.ok(declared.includes('tool_search'), `the request declared ${declared.join(', ')}`);
      assert.deepEqual(declared.filter((name) => name.startsWith(`mcp__${SERVER}__`)), []);
      assertNoProblems();
    } finally {
      fs.writeFileSync(configFile, original);
    }
    await untilListed(SERVER, /connected · 15 tools · exposure direct · user/);
  });
});
