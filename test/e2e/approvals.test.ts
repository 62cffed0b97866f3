// The approval card cannot be answered by accident and hides nothing, in a real browser with real
// keys: a card that appears while the user types leaves their typing (Enter included) in the
// input, where it queues a message; Enter and Space on "Allow once" do nothing just after the card
// appears and approve a moment later (reached by Tab); a command's every line shows, its bidi
// override and zero-width space as visible tokens.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Frame } from 'playwright-core';
import { reply, text, toolUse } from '../support/fakeAnthropic';
import { assertNoProblems, cardMenuItem, chat, chatButton, composer, newSession, requestMessages, send, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { poll } from './support/workbench';

/** The tool_result blocks of the last request at the fake server. */
function lastToolResults(): { content?: unknown; is_error?: boolean }[] {
  const last = requestMessages().at(-1);
  assert.ok(last && typeof last.content !== 'string', 'the last message carries no blocks');
  return (last.content as { type: string; content?: unknown; is_error?: boolean }[]).filter((block) => block.type === 'tool_result');
}

/** What the chat's focused element is: its id, or its accessible label. */
async function focused(frame: Frame): Promise<string> {
  return (await frame.evaluate('document.activeElement ? document.activeElement.id || document.activeElement.getAttribute("aria-label") || document.activeElement.tagName : ""')) as string;
}

/**
 * Set up in the chat before a card comes: the moment one is added, "Allow once" gets the focus
 * (as fast as a user could ever reach it) and `window.arborCardShown` resolves; every key that
 * reaches a card's button is recorded with what the button was doing with keys then (`data-keys`).
 * A string: the bundler's helpers must stay out of the page.
 */
const WATCH_CARDS = `(() => {
  window.arborKeys = [];
  document.addEventListener('keydown', (event) => {
    const button = event.target instanceof Element ? event.target.closest('.approval button') : null;
    if (button) window.arborKeys.push(event.key + ':' + button.getAttribute('data-keys'));
  }, true);
  window.arborCardShown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const button = document.querySelector('.approval button[data-decision="allow-once"]');
      if (!button) return;
      observer.disconnect();
      button.focus();
      resolve(true);
    });
    observer.observe(document.getElementById('approvals'), { childList: true, subtree: true });
  });
})()`;

describe('Approval cards: never answered by accident, nothing hidden', () => {
  before(async () => {
    await workbench().openArbor();
  });
  // A test that failed part-way leaves replies scripted: the next test must not get them.
  afterEach(async () => {
    if (fake().server.pending() > 0) await fake().restart();
  });

  it('keeps the user\'s typing in the input when a card appears mid-run: the text and its Enter queue a message and approve nothing', async () => {
    await newSession();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    fake().script(
      async () => {
        await held;
        return reply(text('I will run a command.'), toolUse('bash', { command: 'echo typed-through' }));
      },
      text('The command was denied, so I stopped.'),
      text('Here is the answer to the queued message.'),
    );
    await send('Run the echo');
    const frame = await chat();
    const input = await composer();
    await chatButton(/^Stop$/);
    await input.focus();
    const keyboard = workbench().page.keyboard;
    await keyboard.type('please also ');
    release();
    await chatButton(/^Allow once$/);
    await keyboard.type('check the tests');
    await keyboard.press('Enter');

    assert.equal(await focused(frame), 'prompt', 'the focus left the input');
    await poll('the typed message to be queued', 20_000, async () => ((await frame.locator('#queue .queued-item').allInnerTexts()).includes('please also check the tests') ? true : undefined));
    assert.equal(await input.inputValue(), '');
    assert.equal(await frame.locator('.approval').count(), 1, 'the card was answered');

    await (await chatButton(/^Deny$/)).click();
    await waitForText('Here is the answer to the queued message.');
    // The request after the card carried the denial: nothing was approved before it.
    const afterCard = requestMessages(-2).at(-1);
    assert.ok(afterCard && typeof afterCard.content !== 'string');
    assert.deepEqual(
      afterCard.content.filter((block) => block.type === 'tool_result').map((block) => block.is_error),
      [true],
    );
    assert.match(JSON.stringify(requestMessages().at(-1)?.content), /please also check the tests/);
    assertNoProblems();
  });

  it('ignores Enter and Space on "Allow once" just after the card appears, and approves with Enter a moment later, reached by Tab', async () => {
    await newSession();
    const frame = await chat();
    await frame.evaluate(WATCH_CARDS);
    fake().script(reply(text('I will run it.'), toolUse('bash', { command: 'echo keyed-$((6*7))' })), text('The keyed command ran.'));
    const requestsBefore = fake().messageRequests().length;
    await send('Run the keyed command');
    await frame.evaluate('window.arborCardShown');
    const keyboard = workbench().page.keyboard;
    await keyboard.press('Enter');
    await keyboard.press(' ');

    assert.deepEqual(await frame.evaluate('window.arborKeys'), ['Enter:ignored', ' :ignored'], 'the keys did not reach "Allow once" while the card ignored keys');
    assert.equal(await frame.locator('.approval').count(), 1, 'a key answered the card');
    assert.equal(fake().messageRequests().length, requestsBefore + 1, 'the tool ran');
    assert.match(await frame.locator('.approval-hint').innerText(), /^Not yet/);

    const allowOnce = frame.locator('.approval button[data-decision="allow-once"]');
    await poll('"Allow once" to take keys', 10_000, async () => ((await allowOnce.getAttribute('data-keys')) === 'accepted' ? true : undefined));
    await (await composer()).focus();
    for (let presses = 0; presses < 12 && (await focused(frame)) !== 'Allow once'; presses++) await keyboard.press('Shift+Tab');
    assert.equal(await focused(frame), 'Allow once', 'Shift+Tab from the input did not reach "Allow once"');
    await keyboard.press('Enter');

    await waitForText('The keyed command ran.');
    const results = lastToolResults();
    assert.match(JSON.stringify(results[0]?.content), /keyed-42/);
    assert.notEqual(results[0]?.is_error, true);
    assert.equal(await focused(frame), 'prompt', 'the focus did not go back to the input after the card went');
    assertNoProblems();
  });

  it('shows every line of a bash command, wrapped, with its right-to-left override and zero-width space as visible tokens', async () => {
    await newSession();
    const command = ['echo "start"', 'cat ./notes\u202Etxt.sh', 'echo zero\u200Bwidth', `echo "${'a long line that has to wrap '.repeat(12)}"`, 'echo "end"'].join('\n');
    fake().script(reply(text('Running a few commands.'), toolUse('bash', { command })), text('Understood, not run.'));
    await send('Run the tricky commands');
    await chatButton(/^Deny$/);
    const frame = await chat();
    const shown = frame.locator('.approval pre.approval-text').first();

    assert.equal(await shown.innerText(), command.replace('\u202E', '⟨U+202E⟩').replace('\u200B', '⟨U+200B⟩'));
    assert.deepEqual(await shown.locator('.hidden-char').allInnerTexts(), ['⟨U+202E⟩', '⟨U+200B⟩']);
    const box = (await frame.evaluate(
      '(({ scrollWidth, clientWidth, scrollHeight, clientHeight }) => ({ scrollWidth, clientWidth, scrollHeight, clientHeight }))(document.querySelector(".approval pre.approval-text"))',
    )) as Record<string, number>;
    assert.ok(box['scrollWidth']! <= box['clientWidth']!, `the command is cut at the side instead of wrapped: ${JSON.stringify(box)}`);
    assert.ok(box['scrollHeight']! <= box['clientHeight']!, `the command's lines do not all show: ${JSON.stringify(box)}`);
    assert.equal(await shown.isVisible(), true);

    await (await chatButton(/^Deny$/)).click();
    await waitForText('Understood, not run.');
    assertNoProblems();
  });

  it('"Always allow `npm test` with any arguments in this workspace" keeps bash(npm test) in the user settings under this folder: npm test then runs unasked and rm -rf x still asks', async () => {
    const settingsFile = path.join(workbench().server.userDataDir, 'User', 'settings.json');
    const before = fs.readFileSync(settingsFile, 'utf8');
    try {
      await newSession();
      fake().script(
        reply(text('Running the tests.'), toolUse('bash', { command: 'npm test -- --grep first' })),
        reply(text('Once more.'), toolUse('bash', { command: 'npm test' })),
        reply(text('Now cleaning up.'), toolUse('bash', { command: 'rm -rf x' })),
        text('Finished with the rules.'),
      );
      const requestsBefore = fake().messageRequests().length;
      await send('Run the tests twice, then clean up');
      const always = await cardMenuItem(/^Always allow `npm test` with any arguments in this workspace$/);
      assert.equal(await always.getAttribute('title'), 'Adds bash(npm test) for this workspace folder to arbor.tools.autoApproveByFolder in your user settings');
      await always.click();

      // The second npm test ran without a card; rm -rf x asks.
      const deny = await chatButton(/^Deny$/);
      const frame = await chat();
      assert.equal(await frame.locator('.approval').count(), 1);
      assert.equal(await frame.locator('.approval pre.approval-text').first().innerText(), 'rm -rf x');
      assert.equal(fake().messageRequests().length, requestsBefore + 3, 'the second npm test waited for an answer');
      await deny.click();
      await waitForText('Finished with the rules.');

      const results = [-3, -2, -1].map((index) => {
        const message = requestMessages(index).at(-1);
        assert.ok(message && typeof message.content !== 'string');
        return message.content.filter((block) => block.type === 'tool_result').map((block) => JSON.stringify(block.content).includes('The user denied this tool call.'));
      });
      assert.deepEqual(results, [[false], [false], [true]], 'which of the three calls were denied');
      await poll('the rule in the user settings', 20_000, async () => (fs.readFileSync(settingsFile, 'utf8').includes('bash(npm test)') ? true : undefined));
      const settings = JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
      assert.deepEqual([settings['arbor.tools.autoApproveByFolder'], settings['arbor.tools.autoApprove']], [{ [pathToFileURL(workbench().server.workspace).href]: ['bash(npm test)'] }, undefined]);
      assertNoProblems();
    } finally {
      // The rule must not reach the other tests.
      fs.writeFileSync(settingsFile, before);
    }
  });
});
