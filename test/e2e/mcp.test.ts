// An MCP server from the user's pi configuration, in the real VS Code: `mcp.json` in pi's agent
// folder (the harness points PI_CODING_AGENT_DIR beside the workspace) names the stdio fixture
// server; the model calls its `echo` tool; the approval card names the server and the tool and
// shows the arguments; "Allow once" runs it, its result shows as a card, and the next request at the
// fake server declares the tool and carries its result. "Always allow server" lets the server's
// next tool run without a card; a project's `.pi/mcp.json` server waits for the user's answer to a
// dialog showing its command line; "Arbor: MCP Servers" lists the servers with their state.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { STDIO_SERVER } from '../support/mcpServers';
import { assertNoProblems, cardMenuItem, chat, chatButton, newSession, requestMessages, send, waitForCardText, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { quickInput } from './support/treeUi';
import { poll } from './support/workbench';

const SERVER = 'fixture';
const TOOL = `mcp__${SERVER}__echo`;

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
    fs.writeFileSync(configFile, JSON.stringify({ mcpServers: { [SERVER]: { command: process.execPath, args: [STDIO_SERVER, '{}'], exposure: 'direct' } } }, null, 2));
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
});
