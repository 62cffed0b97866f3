// Text from a session folder shown in VS Code's own UI stays text. VS Code turns `[label](command:…)`
// in a notification message or an input box's prompt into a link that runs the command when
// clicked; a stranger's session folder holds a file named like one, a session named like one, a
// reply that says one and a mention whose path holds one. Each shows literally (the command name
// visible), with no link in the DOM.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatBlock } from '../../src/core/mentions';
import { createSessionFile } from '../../src/core/session';
import { assistant, user } from '../support/builders';
import { assertNoProblems, assertNoProblemsExcept, conversation } from './support/chat';
import { workbench } from './support/hooks';
import { quickInput } from './support/treeUi';
import { poll } from './support/workbench';

/** Clicked, this would remove the user's key: what a hostile folder would want run. */
const LINK = '[Click me](command:arbor.clearApiKey)';

/** The links and the text of a rendered message element. */
async function linksAndText(locator: ReturnType<typeof quickInput>): Promise<{ links: number; text: string }> {
  return { links: await locator.locator('a').count(), text: await locator.innerText() };
}

function hostileFolder(): string {
  const dir = path.join(workbench().workspaceDir, 'link-names');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

describe('Session text never becomes a command link', () => {
  before(async () => {
    await workbench().openArbor();
  });

  afterEach(async () => {
    await workbench().runCommand('Notifications: Clear All Notifications');
  });

  it("shows a session file's name in the error notification as text, with no link", async () => {
    const wb = workbench();
    const file = path.join(hostileFolder(), `${LINK}.jsonl`);
    fs.writeFileSync(file, 'this is not a session\n');
    await wb.browseForSession();
    await wb.answerFileDialog(file);
    const message = wb.page.locator('.notification-toast').filter({ hasText: 'is not a session file' }).locator('.notification-list-item-message').first();
    await message.waitFor({ timeout: 20_000 });
    const shown = await linksAndText(message);
    assert.equal(shown.links, 0, `the notification holds a link: ${await message.innerHTML()}`);
    assert.ok(shown.text.includes('command:arbor.clearApiKey') && shown.text.includes('Click me'), `the name is not shown as written: ${shown.text}`);
    // The refusal is logged by Arbor and echoed to the browser console by the workbench.
    assertNoProblemsExcept(/Opening .* failed|could not open the session/);
  });

  it("shows a session's name and a reply's text in input box prompts as text, with no link", async () => {
    const wb = workbench();
    const session = await createSessionFile({ dir: hostileFolder(), cwd: wb.workspaceDir });
    await session.appendMessage(user('Say the link.'));
    await session.appendMessage(assistant(LINK));
    await session.appendSessionInfo(LINK);
    await session.sync();
    await wb.browseForSession();
    await wb.answerFileDialog(session.file!);
    const prompt = quickInput().locator('.quick-input-message');
    for (const [command, said] of [
      ['Arbor: Rename Session…', 'A new name for'],
      ['Arbor: Set Label', 'Label for'],
    ] as const) {
      await wb.runCommand(command);
      const shown = await poll(`the ${command} prompt`, 20_000, async () => {
        const found = await linksAndText(prompt).catch(() => undefined);
        return found?.text.includes(said) ? found : undefined;
      });
      assert.equal(shown.links, 0, `the ${command} prompt holds a link: ${await prompt.innerHTML()}`);
      assert.ok(shown.text.includes('command:arbor.clearApiKey') && shown.text.includes('Click me'), `the ${command} prompt does not show the text as written: ${shown.text}`);
      await wb.closeQuickInput();
    }
    assertNoProblems();
  });

  it("names a sent mention's missing path in the warning as text, with no link", async () => {
    const wb = workbench();
    const gone = `link-names/${LINK}.md`;
    const session = await createSessionFile({ dir: hostileFolder(), cwd: wb.workspaceDir });
    await session.appendMessage(user(`${formatBlock({ tag: 'file', name: gone, body: 'what it said then' })}Look at this file.`));
    await session.appendMessage(assistant('Seen.'));
    await session.sync();
    await wb.browseForSession();
    await wb.answerFileDialog(session.file!);
    const chip = (await conversation()).locator('.mention-chip').filter({ hasText: 'command:arbor.clearApiKey' });
    await chip.waitFor({ timeout: 20_000 });
    await chip.click();
    const message = wb.page.locator('.notification-toast').filter({ hasText: 'is no longer in the workspace' }).locator('.notification-list-item-message').first();
    await message.waitFor({ timeout: 20_000 });
    const shown = await linksAndText(message);
    assert.equal(shown.links, 0, `the notification holds a link: ${await message.innerHTML()}`);
    assert.ok(shown.text.includes('command:arbor.clearApiKey') && shown.text.includes('Click me'), `the path is not shown as written: ${shown.text}`);
    assertNoProblems();
  });
});
