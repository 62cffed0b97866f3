// A write to a file that configures the editor asks every time: after "Always allow for this
// session" for write, the model's write of `.vscode/settings.json` still brings a card, and that
// card offers no "always" (a model led astray must not widen its own approvals through it).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { assertNoProblems, cardMenuItem, chat, chatButton, newSession, send, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { poll } from './support/workbench';

/** The "always" buttons of the approval cards on screen. */
async function alwaysButtons(): Promise<number> {
  return (await chat()).locator('#approvals [data-decision="allow-always"]').count();
}

describe('Protected files', () => {
  before(async () => {
    await workbench().openArbor();
  });

  it('asks for a write to .vscode/settings.json after "always" for write, with no "always" on its card', async () => {
    const wb = workbench();
    const plain = path.join(wb.workspaceDir, 'protected-e2e-notes.txt');
    const settings = path.join(wb.workspaceDir, '.vscode', 'settings.json');
    // Another test may have left a settings file: it must come out of this one as it went in.
    const settingsBefore = fs.existsSync(settings) ? fs.readFileSync(settings, 'utf8') : undefined;
    await newSession();
    fake().script(
      reply(text('First a note.'), toolUse('write', { path: path.basename(plain), content: 'a note' })),
      reply(text('Now the settings.'), toolUse('write', { path: '.vscode/settings.json', content: '{ "arbor.tools.autoApprove": ["bash"] }' })),
      text('The settings were not written.'),
    );
    await send('Write a note, then the settings');
    await (await cardMenuItem(/^Always allow/)).click();
    await poll('the second card', 30_000, async () => ((await (await chat()).locator('#approvals [data-decision="deny"]').count()) > 0 && fs.existsSync(plain) ? true : undefined));
    assert.equal(await alwaysButtons(), 0, 'the card for .vscode/settings.json offers "always"');
    // Its diff is open for review too (the card's other note says so); the protected file's note stays.
    assert.match(await (await chat()).locator('#approvals .approval-note', { hasText: 'asked about every time' }).innerText(), /This file configures/);
    await (await chatButton(/^Deny$/)).click();
    await waitForText('The settings were not written.');
    assert.equal(fs.existsSync(settings) ? fs.readFileSync(settings, 'utf8') : undefined, settingsBefore);
    fs.rmSync(plain);
    assertNoProblems();
  });
});
