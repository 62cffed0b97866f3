// A Compact Session that writes nothing is told once: "nothing to compact" as an info in plain
// words, a real failure as one error with its reason. Never a second copy in the chat, never
// "Something went wrong".
import * as assert from 'node:assert/strict';
import { error, text } from '../support/fakeAnthropic';
import { chat, newSession, newSessionWithTurn, send, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { answerInputBox } from './support/treeUi';
import { poll, untilStable } from './support/workbench';

/** The notification toasts on screen whose text matches `pattern`. */
function toasts(pattern: RegExp) {
  return workbench().page.locator('.notification-toast').filter({ hasText: pattern });
}

/** What the chat's notices say ('' when there are none). */
async function chatNotices(): Promise<string> {
  return (await chat()).locator('#notices').innerText().catch(() => '');
}

/** Runs Compact Session from the palette with no focus instructions. */
async function compactFromPalette(): Promise<void> {
  await workbench().runCommand('Arbor: Compact Session');
  await answerInputBox(/focus/i, '');
}

/**
 * Waits for the toast and for the compaction's progress notification to close (VS Code keeps one up
 * for at least 800 ms, so a quick failure is told while it still shows), then until nothing more
 * arrives, and returns every toast and the chat's notices.
 */
async function reportsAfter(pattern: RegExp): Promise<{ toasts: string[]; notices: string }> {
  const wb = workbench();
  await toasts(pattern).first().waitFor();
  await poll('the progress notification to close', async () => ((await toasts(/compacting the session/).count()) === 0 ? true : undefined));
  const all = wb.page.locator('.notification-toast');
  await untilStable('the notifications and the chat notices to settle', async () => `${(await all.allInnerTexts()).join('|')}#${await chatNotices()}`);
  return { toasts: await all.allInnerTexts(), notices: await chatNotices() };
}

/** A reply long enough (about 1 500 tokens) that three of them exceed the 1 000 tokens kept verbatim. */
function longReply(step: number): string {
  return `${`Step ${step} of the garden plan waters the beds in order, from the tomatoes to the herbs, every morning. `.repeat(50)}End of step ${step}.`;
}

describe('Compaction that writes nothing', () => {
  before(async () => {
    await workbench().openArbor();
  });

  afterEach(async () => {
    fake().server.setHandler(undefined);
    await workbench().runCommand('Notifications: Clear All Notifications');
  });

  it('says once, as an info in plain words, that a short session has nothing to compact', async () => {
    await newSessionWithTurn('Name a colour', 'Teal.');
    await compactFromPalette();
    const shown = await reportsAfter(/Nothing to compact/);
    assert.deepEqual(shown.toasts.filter((toast) => /compact/i.test(toast)).length, 1, shown.toasts.join('\n'));
    assert.match(shown.toasts.find((toast) => /Nothing to compact/.test(toast)) ?? '', /^Nothing to compact \(all of it fits in the recent messages kept verbatim\)\./m);
    assert.equal(await toasts(/Nothing to compact/).locator('.codicon-info').count(), 1, 'the toast is an info');
    assert.doesNotMatch(shown.toasts.join('\n'), /Something went wrong|Compaction failed/);
    assert.doesNotMatch(shown.notices, /compact/i);
    assert.deepEqual(workbench().takeProblems(), []);
  });

  it('reports a failed compaction once, as an error with its reason, and writes nothing', async () => {
    await newSession();
    for (const step of [1, 2, 3]) {
      fake().script(text(longReply(step)));
      await send(`Plan step ${step} of the garden`);
      await waitForText(`End of step ${step}.`);
    }
    const requests = fake().messageRequests().length;
    fake().server.setHandler(() => error(400, 'invalid_request_error', 'The summary request was refused'));
    await compactFromPalette();
    const shown = await reportsAfter(/Compaction failed/);
    const failures = shown.toasts.filter((toast) => /compact/i.test(toast));
    assert.equal(failures.length, 1, shown.toasts.join('\n'));
    assert.match(failures[0]!, /Compaction failed: The model could not write the summary: .*400.*The summary request was refused/);
    assert.equal(await toasts(/Compaction failed/).locator('.codicon-error').count(), 1, 'the toast is an error');
    assert.doesNotMatch(shown.toasts.join('\n'), /Something went wrong/);
    assert.doesNotMatch(shown.notices, /compact/i);
    assert.ok(fake().messageRequests().length > requests, 'the summary was asked for');
    await poll('the chat to show no compaction card', async () => ((await (await chat()).locator('#conversation').innerText()).includes('End of step 3.') ? true : undefined));
    // The failure is Arbor's log's only error line.
    const problems = workbench().takeProblems();
    assert.deepEqual(
      problems.map((problem) => problem.kind),
      ['arbor-error'],
      problems.map((problem) => problem.text).join('\n'),
    );
    assert.match(problems[0]!.text, /Compaction failed/);
  });
});
