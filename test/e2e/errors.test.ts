// What the user sees when a prompt cannot be answered: a refused key (the server wants another
// one: 401) and a server that is not there. Each shows a clear message with a way to retry, and
// the prompt stays in the input; once the cause is gone, the prompt goes through.
import * as assert from 'node:assert/strict';
import { text } from '../support/fakeAnthropic';
import { assertNoProblems, assertNoProblemsExcept, chat, chatButton, composer, newSession, send, waitForInput, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { poll } from './support/workbench';

/**
 * Waits until the chat's notices say something matching `pattern`. Only the notices: the prompt
 * itself is on screen for a moment before it fails, and its words must not count as the message.
 */
async function noticeSays(pattern: RegExp, timeoutMs = 90_000): Promise<string> {
  return poll(`a notice saying ${String(pattern)}`, timeoutMs, async () => {
    const shown = await (await chat()).locator('#notices').innerText().catch(() => '');
    return pattern.test(shown) ? shown : undefined;
  });
}

describe('Errors the user can recover from', () => {
  before(async () => {
    await workbench().openArbor();
  });

  afterEach(async () => {
    // Whatever happened, the next test finds the server up and taking Arbor's key.
    await fake().restart();
  });

  it('says the API key was refused, offers to set it or retry, and keeps the prompt in the input', async () => {
    await newSession();
    await fake().restart('sk-ant-some-other-key');
    const prompt = 'This prompt meets a refused key';
    await send(prompt);
    const shown = await noticeSays(/key/i);
    assert.match(shown, /invalid|refused|rejected|not valid|401|authentication/i);
    const action = await chatButton(/Set (Anthropic )?API Key|Retry/);
    assert.ok(await action.isVisible());
    await waitForInput(prompt);
    assertNoProblemsExcept(/401|key|authenticat/i);

    await fake().restart();
    fake().script(text('The key works again.'));
    if (/Retry/.test((await action.getAttribute('aria-label')) ?? (await action.innerText()))) await action.click();
    else await (await composer()).press('Enter');
    await waitForText('The key works again.');
    assertNoProblems();
  });

  it('says the server cannot be reached, offers Retry, keeps the prompt, and Retry sends it once the server is back', async () => {
    await newSession();
    await fake().stop();
    const prompt = 'This prompt meets a stopped server';
    await send(prompt);
    await noticeSays(/connect|reach|unreachable|network|server/i);
    const retry = await chatButton(/Retry/);
    await waitForInput(prompt);
    assertNoProblemsExcept(/connect|reach|network|fetch|ECONNREFUSED|server/i);

    await fake().restart();
    fake().script(text('The server is back.'));
    await retry.click();
    await waitForText('The server is back.');
    assert.ok(fake().messageRequests().some((request) => JSON.stringify(request.body?.messages).includes(prompt)));
    assertNoProblems();
  });
});
