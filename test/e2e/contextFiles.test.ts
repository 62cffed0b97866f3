// The context files under the chat's input in the real browser: a CLAUDE.md linked inside the
// workspace shows where it really is, a .pi/APPEND_SYSTEM.md linked out of the workspace shows as
// not read with where it leads (a notification says so too) and sends nothing of it, and a click
// on it asks; "Read" in the real quick pick, by keyboard, puts it into the next request and the list.
// The workbench's home folder is its run folder, which holds the workspace (the launcher sets it).
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { text } from '../support/fakeAnthropic';
import { assertNoProblems, chat, newSession, send, waitForText } from './support/chat';
import { requestText } from './support/fake';
import { fake, workbench } from './support/hooks';
import { poll } from './support/workbench';

describe('Context files under the chat input', () => {
  const made: string[] = [];
  before(async () => {
    await workbench().openArbor();
    // The list is under the input, which a Chat view shorter than 300 px leaves out for the input's sake.
    await workbench().setPaneExpanded('Session Tree', false);
  });
  after(async () => {
    for (const file of made.reverse()) fs.rmSync(file, { recursive: true, force: true });
    await workbench().setPaneExpanded('Session Tree', true);
  });

  const listed = async (): Promise<string[]> => (await chat()).locator('#project-line .context-file').allInnerTexts();
  const waitForListed = (wanted: string): Promise<string[]> =>
    poll(`the chat to list "${wanted}"`, async () => {
      const files = await listed();
      return files.includes(wanted) ? files : undefined;
    });

  it('shows where a linked file really is, lists one that leads outside as not read and sends nothing of it, and reads it once allowed by the question', async () => {
    const wb = workbench();
    const id = randomBytes(4).toString('hex');
    const docs = path.join(wb.workspaceDir, `docs-${id}`);
    const secrets = path.join(path.dirname(wb.workspaceDir), `secrets-${id}`);
    const pi = path.join(wb.workspaceDir, '.pi');
    made.push(docs, secrets, path.join(wb.workspaceDir, 'CLAUDE.md'));
    if (!fs.existsSync(pi)) made.push(pi);
    fs.mkdirSync(docs);
    fs.writeFileSync(path.join(docs, 'claude.md'), 'Rules from the docs folder.\n');
    fs.mkdirSync(secrets);
    fs.writeFileSync(path.join(secrets, 'credentials'), 'aws_secret_access_key = E2E-SECRET-VALUE\n');
    fs.mkdirSync(pi, { recursive: true });
    fs.symlinkSync(path.join(secrets, 'credentials'), path.join(pi, 'APPEND_SYSTEM.md'));
    made.push(path.join(pi, 'APPEND_SYSTEM.md'));
    fs.symlinkSync(`docs-${id}/claude.md`, path.join(wb.workspaceDir, 'CLAUDE.md'));

    await newSession();
    await waitForListed(`CLAUDE.md → docs-${id}/claude.md`);
    const skipped = `.pi/APPEND_SYSTEM.md → ~/secrets-${id}/credentials (not read)`;
    await waitForListed(skipped);
    // A notification tells it once, naming where it leads (its Review… asks the question below).
    await wb.page.locator('.notification-toast').filter({ hasText: `Arbor did not read .pi/APPEND_SYSTEM.md: it leads to ${path.join(secrets, 'credentials')}, outside the workspace.` }).first().waitFor();
    fake().script(text('First answer (context files).'));
    await send('Hello with a linked CLAUDE.md');
    await waitForText('First answer (context files).');
    const first = requestText(fake().messageRequests().at(-1)!);
    assert.match(first, /Rules from the docs folder\./);
    assert.doesNotMatch(first, /E2E-SECRET-VALUE/);

    // A click on the file in the list asks, showing the resolved path, "Don't read it" first: down once, Enter.
    await (await chat()).locator('#project-line .context-file', { hasText: skipped }).click();
    await wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: `Read ${path.join(secrets, 'credentials')}` }).first().waitFor();
    await wb.page.locator('.quick-input-widget input').press('ArrowDown');
    await wb.page.locator('.quick-input-widget input').press('Enter');
    await waitForListed(`.pi/APPEND_SYSTEM.md → ~/secrets-${id}/credentials`);

    fake().script(text('Second answer (context files).'));
    await send('Hello again');
    await waitForText('Second answer (context files).');
    assert.match(requestText(fake().messageRequests().at(-1)!), /E2E-SECRET-VALUE/);
    assertNoProblems();
  });
});
