// One truth for the numbers: the status-bar meter's reading at a position is a function of the
// session file and the settings only. At a user message (where part of the reading is the
// calibrated estimate) it reads exactly the same after a move to the other branch and back, and
// after "Developer: Reload Window".
import * as assert from 'node:assert/strict';
import { reply, text, usage } from '../support/fakeAnthropic';
import { assertNoProblems, meterText, newSession, send, waitForText } from './support/chat';
import { fake, workbench } from './support/hooks';
import { openArborForTree, pickItem, quickPickShows, rowMenu } from './support/treeUi';
import { poll, untilStable } from './support/workbench';

const SENTENCE = 'Every river in this meter test carries a long sentence so that the estimate of the prompt is large enough to calibrate. ';
const FIRST = 'Meter test: name a river';
const SECOND = `Meter test second prompt. ${SENTENCE.repeat(5)}`;
const THIRD = `Meter test third prompt. ${SENTENCE.repeat(5)}`;
const OTHER = `Meter test other branch. ${SENTENCE.repeat(5)}`;
const REPLIES = ['The Rhine is a river.', 'Noted the second prompt.', 'Noted the third prompt.', 'This is the other branch.'];

/**
 * The prompt sizes the fake reports. The second prompt grew the context far more than its estimate
 * (the calibration's highest factor, 3); the third and the other branch's prompt hardly at all (its
 * lowest, 0.5). At the third prompt the path's own replies give 3; a calibration learned from every
 * reply the window saw (both branches) would give less, and one learned again on a reload 3.
 */
const INPUT_TOKENS = [10_000, 11_400, 11_411, 11_411];

/** The meter's text once it has stopped changing and differs from `other`. */
async function settledMeter(other?: string): Promise<string> {
  await poll('the meter to show a new reading', async () => ((await meterText()) !== other ? true : undefined));
  await untilStable('the meter to settle', () => meterText(), 3);
  return meterText();
}

/** "Branch from Here" on a Session Tree row, leaving the branch without a summary. */
async function branchFrom(rowStart: string): Promise<void> {
  await rowMenu(rowStart, 'Branch from Here');
  await quickPickShows(['No summary', 'Summarize', 'Summarize with focus…']);
  await pickItem('No summary');
}

describe('The meter', () => {
  before(async () => {
    await openArborForTree();
  });

  it('reads exactly the same at a position after a branch round trip and after a reload', async () => {
    const wb = workbench();
    await newSession();
    for (const [index, prompt] of [FIRST, SECOND, THIRD].entries()) {
      fake().script(reply(text(REPLIES[index]!), usage({ input_tokens: INPUT_TOKENS[index]!, output_tokens: 10 })));
      await send(prompt);
      await waitForText(REPLIES[index]!);
    }
    // A second branch after the second reply.
    await branchFrom(`assistant: ${REPLIES[1]}`);
    fake().script(reply(text(REPLIES[3]!), usage({ input_tokens: INPUT_TOKENS[3]!, output_tokens: 10 })));
    await send(OTHER);
    await waitForText(REPLIES[3]!);
    const atOther = await settledMeter();

    // At the third prompt: the second reply's usage plus the calibrated estimate of the prompt.
    await branchFrom('user: Meter test third prompt.');
    const before = await settledMeter(atOther);

    await branchFrom(`assistant: ${REPLIES[3]}`);
    assert.equal(await settledMeter(before), atOther);
    await branchFrom('user: Meter test third prompt.');
    assert.equal(await settledMeter(atOther), before, 'the reading changed after a branch round trip');

    await wb.reloadWindow();
    await openArborForTree();
    assert.equal(await settledMeter(), before, 'the reading changed after a reload');
    assertNoProblems();
  });
});
