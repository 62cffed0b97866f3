// An untrusted workspace, in a second workbench of its own (the shared one runs with workspace
// trust disabled): code-server with trust on and the folder opened in Restricted Mode, its own fake
// Anthropic server named by the environment, and a second one named by the folder's own settings,
// which also approve bash and write and choose a model and an output limit.
// While untrusted: the chat says the tools are off, a prompt's request carries no tools, goes to
// the environment's endpoint, and uses neither the folder's model nor its output limit (settings
// that spend the user's money are restricted). Granting trust from the banner's button brings the
// tools and the folder's model settings back without a reload; the endpoint and the approvals stay
// the user's own (application-scoped settings: a folder never chooses them, trusted or not).
// Project instructions likewise: while untrusted only pi's global AGENTS.md goes into the prompt
// (and the chat lists only it under the input); once trusted the folder's joins it, and clicking it
// in the chat opens it.
// MCP servers likewise: pi's user `mcp.json` names one stdio server and the folder's `.pi/mcp.json`
// another, each writing its process id to a file of its own as it starts. While untrusted neither
// starts (and no request declares an mcp__ tool); once trusted the user's starts and its tools are
// declared, while the folder's asks first (a notification left unanswered here) and never starts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { reply, startFakeAnthropic, text, toolUse, type FakeAnthropic } from '../support/fakeAnthropic';
import { STDIO_SERVER } from '../support/mcpServers';
import { E2E_KEY } from './support/fake';
import { E2E_MODEL } from './support/hooks';
import { ArborWorkbench, poll } from './support/workbench';

const BANNER = 'This workspace is not trusted';
/** Arbor's own default model: what a request names when no setting Arbor takes names one. */
const DEFAULT_MODEL = 'claude-sonnet-4-6';
/** The output limit the folder's settings ask for (no model's own limit). */
const FOLDER_MAX_TOKENS = 1234;
const GLOBAL_RULES = 'Global rules from the pi agent folder.';
const FOLDER_RULES = 'Folder rules, loaded only once the folder is trusted.';
const USER_SERVER = 'usertools';
const PROJECT_SERVER = 'foldertools';

function systemText(server: FakeAnthropic): string {
  const system = server.messageRequests().at(-1)?.body?.system;
  return Array.isArray(system) ? system.map((block) => String((block as { text?: unknown }).text)).join('\n') : String(system);
}

/** The file names the chat lists under its input as loaded into the prompt. */
async function listedContextFiles(chat: Frame): Promise<string[]> {
  return chat.locator('#project-line .context-file').allInnerTexts();
}

function toolNames(server: FakeAnthropic, index = -1): string[] {
  const tools = server.messageRequests().at(index)?.body?.tools;
  return Array.isArray(tools) ? tools.map((tool) => String((tool as { name?: unknown }).name)) : [];
}

/** The process ids a fixture MCP server wrote to its start file: one per start, none if it never started. */
function startedPids(file: string): string[] {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((line) => line !== '') : [];
}

/** An `mcp.json` naming one stdio fixture server (its tools declared directly) that records its starts in `startedFile`. */
function mcpConfig(name: string, startedFile: string): string {
  return JSON.stringify({ mcpServers: { [name]: { command: process.execPath, args: [STDIO_SERVER, JSON.stringify({ startedFile })], exposure: 'direct' } } }, null, 2);
}

/** Types into the chat's input once its script has drawn, and presses Enter. */
async function send(chat: Frame, prompt: string): Promise<void> {
  await chat.waitForFunction(() => (document.getElementById('conversation')?.childElementCount ?? 0) > 0 || document.querySelector('.empty-state') !== null);
  const input = chat.locator('textarea:visible').first();
  await input.fill(prompt);
  await input.press('Enter');
}

async function waitForChatText(chat: Frame, shown: string): Promise<void> {
  await poll(`the chat to show "${shown}"`, async () => ((await chat.locator('#conversation').innerText().catch(() => '')).includes(shown) ? true : undefined));
}

describe('Untrusted workspace', () => {
  let server: FakeAnthropic | undefined;
  let folderServer: FakeAnthropic | undefined;
  let wb: ArborWorkbench | undefined;
  /** Where the user's and the folder's MCP servers record their starts (outside the workspace). */
  let userStarted = '';
  let projectStarted = '';
  const workbench = (): ArborWorkbench => {
    if (!wb) throw new Error('The untrusted workbench did not start (see the "before all" hook failure)');
    return wb;
  };

  before(async function () {
    this.timeout(5 * 60_000);
    server = await startFakeAnthropic({ apiKey: E2E_KEY });
    folderServer = await startFakeAnthropic({ apiKey: E2E_KEY });
    const started = Date.now();
    wb = await ArborWorkbench.start({
      workspaceTrust: true,
      env: { ANTHROPIC_API_KEY: E2E_KEY, ANTHROPIC_BASE_URL: server.url },
      workspaceSettings: {
        'arbor.model': E2E_MODEL,
        'arbor.maxOutputTokens': FOLDER_MAX_TOKENS,
        'arbor.thinking': 'off',
        'arbor.baseUrl': folderServer.url,
        'arbor.tools.autoApprove': ['bash', 'write'],
      },
    });
    console.log(`    (the second workbench, trust on, started in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    // pi's agent folder is the run's own (beside the workspace: the harness points PI_CODING_AGENT_DIR there).
    const agentDir = path.join(path.dirname(wb.workspaceDir), 'pi-agent');
    fs.mkdirSync(agentDir, { recursive: true });
    fs.writeFileSync(path.join(agentDir, 'AGENTS.md'), `${GLOBAL_RULES}\n`);
    fs.writeFileSync(path.join(wb.workspaceDir, 'AGENTS.md'), `${FOLDER_RULES}\n`);
    // Written after the window opened: activation reads neither file, a session opening would.
    userStarted = path.join(path.dirname(wb.workspaceDir), 'user-mcp-started.txt');
    projectStarted = path.join(path.dirname(wb.workspaceDir), 'project-mcp-started.txt');
    fs.writeFileSync(path.join(agentDir, 'mcp.json'), mcpConfig(USER_SERVER, userStarted));
    fs.mkdirSync(path.join(wb.workspaceDir, '.pi'), { recursive: true });
    fs.writeFileSync(path.join(wb.workspaceDir, '.pi', 'mcp.json'), mcpConfig(PROJECT_SERVER, projectStarted));
  });

  afterEach(async function () {
    // The root hook screenshots the shared workbench; this one's page is the one that failed.
    if (wb && this.currentTest?.state === 'failed') console.log(`    screenshot: ${await wb.screenshot(`failed-${this.currentTest.fullTitle()}`)}`);
  });

  after(async () => {
    await wb?.stop();
    await server?.close();
    await folderServer?.close();
  });

  it("opens in Restricted Mode; the chat shows the untrusted banner and a prompt is sent with no tools, to the user's endpoint, without the folder's model settings; no MCP server starts", async () => {
    const page = workbench().page;
    // The harness really left the folder untrusted.
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor();
    await workbench().openArbor();
    const chat = await workbench().chatFrame();
    await chat.locator('.banner', { hasText: BANNER }).waitFor();

    server!.script(text('Untrusted: a plain answer.'));
    await send(chat, 'Untrusted: read package.json please');
    await waitForChatText(chat, 'Untrusted: a plain answer.');
    const request = server!.messageRequests().at(-1)!;
    assert.equal(request.body?.model, DEFAULT_MODEL, 'the untrusted folder chose the model');
    assert.notEqual(request.body?.max_tokens, FOLDER_MAX_TOKENS, 'the untrusted folder chose the output limit');
    assert.deepEqual(toolNames(server!), []);
    assert.equal(folderServer!.messageRequests().length, 0, 'the untrusted folder\'s endpoint received the request (and the key)');
    // pi's global instructions, not the untrusted folder's; the chat lists just the global file.
    assert.ok(systemText(server!).includes(GLOBAL_RULES), 'the global AGENTS.md is not in the prompt');
    assert.ok(!systemText(server!).includes(FOLDER_RULES), "the untrusted folder's AGENTS.md is in the prompt");
    await poll('the chat to list the global AGENTS.md', async () => {
      const listed = await listedContextFiles(chat);
      return listed.length === 1 && listed[0]!.endsWith(path.join('pi-agent', 'AGENTS.md')) ? listed : undefined;
    });
    // A session opened and a prompt was answered: no MCP server started, none was declared.
    assert.deepEqual(startedPids(userStarted), [], "the user's MCP server started in Restricted Mode");
    assert.deepEqual(startedPids(projectStarted), [], "the folder's MCP server started in Restricted Mode");
    const requests = server!.messageRequests();
    assert.ok(requests.length >= 1);
    const mcpDeclared = requests.flatMap((_, index) => toolNames(server!, index)).filter((name) => name.startsWith('mcp__'));
    assert.deepEqual(mcpDeclared, [], 'a request in Restricted Mode declared MCP tools');
    assert.deepEqual(workbench().takeProblems(), []);
  });

  it("granting trust from the banner brings the tools and the folder's model back; the endpoint and the approvals stay the user's; the user's MCP server starts, the folder's waits for permission", async () => {
    const page = workbench().page;
    const chat = await workbench().chatFrame();
    // Still untrusted, a while after the session opened: no server has started since.
    assert.deepEqual(startedPids(userStarted), []);
    assert.deepEqual(startedPids(projectStarted), []);
    await chat.getByRole('button', { name: 'Manage Workspace Trust' }).click();
    // VS Code's Workspace Trust editor: its "Trust" button trusts the folder.
    await page.getByRole('button', { name: /^Trust( Folder)?$/ }).first().click();
    await chat.locator('.banner', { hasText: BANNER }).waitFor({ state: 'detached' });
    // Trusted, the session already open: the user's server starts without another prompt; the
    // folder's file is read now, and its server waits for the user's answer (none is given).
    await poll("the user's MCP server to start", async () => (startedPids(userStarted).length > 0 ? true : undefined));
    await page.locator('.notification-toast', { hasText: `this project defines the MCP server "${PROJECT_SERVER}"` }).first().waitFor();

    // Trusted, the folder's model settings apply; its endpoint and its approvals never do.
    const planted = path.join(workbench().workspaceDir, 'planted-by-trusted-folder.txt');
    server!.script(reply(text('Trusted: tools are on.'), toolUse('write', { path: path.basename(planted), content: 'approved by the folder' })), text('Trusted: the write was denied.'));
    await send(chat, 'Trusted now: which tools do you have?');
    // The Workspace Trust editor stays open as a modal that takes the pointer: the card's button is pressed from the keyboard.
    await chat.getByRole('button', { name: /^Deny$/ }).press('Enter', { timeout: 60_000 });
    await waitForChatText(chat, 'Trusted: the write was denied.');
    assert.equal(fs.existsSync(planted), false, "the folder's arbor.tools.autoApprove let write run without asking");
    const request = server!.messageRequests().at(-1)!;
    assert.ok(toolNames(server!).includes('read'), `the request carries the tools ${toolNames(server!).join(', ')}`);
    assert.ok(toolNames(server!).includes(`mcp__${USER_SERVER}__echo`), `the request declares the user's MCP tools: ${toolNames(server!).join(', ')}`);
    assert.ok(!toolNames(server!).some((name) => name.startsWith(`mcp__${PROJECT_SERVER}__`)), "the request declares the folder's MCP tools");
    assert.equal(request.body?.model, E2E_MODEL);
    assert.equal(request.body?.max_tokens, FOLDER_MAX_TOKENS);
    assert.equal(folderServer!.messageRequests().length, 0, "the folder's endpoint received a request (and the key)");
    // Trusted, the folder's instructions follow the global ones, and the chat lists both.
    const prompt = systemText(server!);
    assert.ok(prompt.indexOf(GLOBAL_RULES) >= 0 && prompt.indexOf(GLOBAL_RULES) < prompt.indexOf(FOLDER_RULES), 'the prompt does not hold the global then the folder instructions');
    await poll('the chat to list the folder\'s AGENTS.md', async () => ((await listedContextFiles(chat)).includes('AGENTS.md') ? true : undefined));
    // A click (Enter: the trust editor takes the pointer) opens the file in an editor.
    await chat.locator('#project-line .context-file', { hasText: /^AGENTS\.md$/ }).press('Enter');
    await page.locator('.tabs-container .tab', { hasText: 'AGENTS.md' }).first().waitFor();
    // The user's server started once; the folder's, never asked about by an answer, never did.
    assert.equal(startedPids(userStarted).length, 1, `the user's MCP server started ${startedPids(userStarted).length} times`);
    assert.deepEqual(startedPids(projectStarted), [], "the folder's MCP server started without the user's permission");
    assert.deepEqual(workbench().takeProblems(), []);
  });
});
