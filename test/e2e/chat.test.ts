// The chat's contract, driven through the browser: the labelled input, Enter sends, a first prompt
// starts a session below arbor.sessionsDirectory, what the request carries, the reply rendered as
// Markdown with highlighted code, the turn on disk, the palette titles and the status-bar meter.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { chunks, holdAfter, reply, text } from '../support/fakeAnthropic';
import {
  assertNoProblems,
  composer,
  conversation,
  conversationText,
  meterItem,
  meterText,
  newSession,
  newSessionWithTurn,
  projectSessionsDir,
  requestMessages,
  send,
  sessionFiles,
  waitForEntry,
  waitForSessionFileWith,
  waitForText,
  wireText,
} from './support/chat';
import { E2E_MODEL, fake, workbench } from './support/hooks';
import { CHAT_ONLY, docsImage, widenSideBar } from './support/screenshots';
import { poll } from './support/workbench';

/** A reply with the Markdown a model writes: a heading, emphasis, a list, inline code and a fenced TypeScript block. */
export const MARKDOWN_REPLY = [
  '## Plan for the parser',
  '',
  'Here is **the bold step** and a list:',
  '',
  '- read the file',
  '- call `parse()` once',
  '',
  '```ts',
  'export function greet(name: string): string {',
  '  return `Hello, ${name}!`; // a greeting',
  '}',
  '```',
  '',
  'That is the whole change.',
].join('\n');

/** message_start, ping, content_block_start, then ten deltas of four characters: the heading and the start of the next line. */
const HELD_AFTER_EVENTS = 13;

describe('Chat contract', () => {
  before(async () => {
    await workbench().openArbor();
  });

  it('labels the activity-bar item "Arbor" and shows a labelled chat input', async () => {
    const wb = workbench();
    const label = await wb.page.locator('.activitybar a.action-label[aria-label^="Arbor"]').getAttribute('aria-label');
    assert.match(label ?? '', /^Arbor\b/);
    const input = await composer();
    assert.equal(await input.evaluate((node) => node.tagName), 'TEXTAREA');
    assert.ok(await input.isVisible());
    const described = `${(await input.getAttribute('placeholder')) ?? ''} ${(await input.getAttribute('aria-label')) ?? ''}`;
    assert.match(described, /message|ask|prompt/i);
    assertNoProblems();
  });

  it('starts a session below arbor.sessionsDirectory on the first Enter, sends the text verbatim with the tools and model, and renders the streamed reply as Markdown with highlighted code', async () => {
    await newSession();
    const before = sessionFiles();
    const prompt = 'Explain   "spacing" & <angle> brackets — verbatim, please ✓';
    // Small pieces; the server holds the rest after the first forty characters until the test has
    // seen them on screen, so the reply is seen growing however slow the machine is.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    fake().script(reply(text(MARKDOWN_REPLY), chunks(4), holdAfter(HELD_AFTER_EVENTS, released)));
    try {
      await send(prompt);
      // Enter sent it and cleared the input.
      await poll('the input to clear after Enter', async () => ((await (await composer()).inputValue()) === '' ? true : undefined));
      // Streamed: part of the reply shows before its end has arrived.
      await poll('a part of the reply to show before its end', async () => {
        const partial = await conversationText();
        return partial.includes('Plan for the parser') && !partial.includes('That is the whole change.') ? true : undefined;
      });
    } finally {
      release();
    }
    const shown = await waitForText('That is the whole change.');

    // The request: the tools (read among them), the text verbatim as the last user message, the configured model.
    const request = fake().messageRequests().at(-1)!;
    assert.equal(request.body?.model, E2E_MODEL);
    const tools = (request.body?.tools ?? []) as { name: string }[];
    assert.ok(tools.some((tool) => tool.name === 'read'), `tools sent: ${tools.map((tool) => tool.name).join(', ')}`);
    const messages = requestMessages();
    assert.equal(messages.at(-1)?.role, 'user');
    assert.equal(wireText(messages.at(-1)!), prompt);

    // Markdown rendered, not shown as source.
    const conv = await conversation();
    assert.equal(await conv.locator('strong', { hasText: 'the bold step' }).count(), 1);
    assert.equal(await conv.locator('li', { hasText: 'read the file' }).count(), 1);
    assert.ok(!shown.includes('**the bold step**'), 'the Markdown source shows');
    assert.ok(!shown.includes('```'), 'the code fence shows');
    // The code block is highlighted (highlight.js classes inside it).
    const code = conv.locator('pre code', { hasText: 'export function greet' });
    assert.equal(await code.count(), 1);
    assert.ok((await code.locator('[class*="hljs-"]').count()) > 0, 'no highlighted tokens in the code block');
    await docsImage('chat-reply', CHAT_ONLY);

    // The new session file sits below the configured folder and holds the turn within seconds.
    const file = await waitForSessionFileWith(before, prompt);
    assert.equal(path.dirname(file), projectSessionsDir());
    await waitForEntry(file, 'That is the whole change.');
    assertNoProblems();
  });

  it('shows the meter as "<used> / <window> · <percent>%" with a tooltip that breaks it down', async () => {
    const wb = workbench();
    await newSessionWithTurn('Say something short', 'A short answer for the meter.');
    const textShown = await meterText();
    assert.match(textShown, /\d+(\.\d)?k? \/ \d+k · \d+%/);
    assert.match(textShown, / \/ 200k · /, 'the window of the configured model (200k)');
    await widenSideBar(); // before the hover: the picture below is taken with the tooltip open
    const item = await meterItem();
    await item.hover();
    const hover = wb.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: /compact/i }).first();
    await hover.waitFor({ state: 'visible' });
    await docsImage('meter-tooltip');
    await wb.page.mouse.move(700, 450);
    assertNoProblems();
  });

  it('names every command "Arbor: <Title>" in the palette', async () => {
    const wb = workbench();
    // Some commands show only with a session open: open one.
    await newSessionWithTurn('Open a session for the palette check', 'Ready for the palette.');
    const expected = ['New Session', 'Open Session…', 'Compact Session', 'Undo Compaction', 'Set Anthropic API Key', 'Clear API Key', 'Select Model', 'Show Log', 'Open Session File', 'Focus Chat Input'];
    const input = await wb.openCommandPalette();
    const titles = new Set<string>();
    // The palette lists only the rows in view: look each title up.
    for (const title of expected) {
      await input.fill(`>Arbor: ${title}`);
      const row = wb.page.locator('.quick-input-widget .monaco-list-row .label-name', { hasText: `Arbor: ${title}` }).first();
      await row.waitFor();
      const label = (await row.innerText()).trim();
      titles.add(label);
    }
    await wb.closeQuickInput();
    assert.deepEqual([...titles], expected.map((title) => `Arbor: ${title}`));
    assertNoProblems();
  });
});
