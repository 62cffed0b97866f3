/**
 * Chat bench (issue 10): in the real browser (code-server + Chromium, the e2e harness), open a
 * 5 000-message session and a 50-message session with "Arbor: Open Session…" and time until the
 * end of the conversation is on screen. Limit: at most 3× the small session's time. Then scroll
 * the big conversation from top to bottom and report the most DOM nodes it ever held (virtualized:
 * it stays near the small session's count). Runs alternate between the two sessions, so that each
 * open replaces the other one.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Frame } from 'playwright-core';
import { ArborWorkbench, poll } from '../test/e2e/support/workbench';
import { generateSession } from './generate';
import { loadSessionFile } from '../src/core/session';
import { medianMs, msLine, ratioLine } from './measure';
import { DATA_DIR } from './session.bench';

const RUNS = 3;
const SIZES = [50, 5_000] as const;

/** The first words of the session's last assistant text: what the chat shows at its end. */
function lastReplyWords(file: string): string {
  const lines = readFileSync(file, 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    const entry = JSON.parse(line) as { type: string; message?: { role: string; content: { type: string; text?: string }[] } };
    const textBlock = entry.message?.role === 'assistant' ? entry.message.content.find((block) => block.type === 'text') : undefined;
    if (textBlock?.text) return textBlock.text.split(' ').slice(0, 6).join(' ');
  }
  throw new Error(`${file} has no assistant text`);
}

/** Opens `file` through the palette, Open Session…'s Browse… and the file dialog; the clock runs from Enter to its last reply on screen. */
async function timeOpen(wb: ArborWorkbench, file: string, endText: string): Promise<number> {
  await wb.browseForSession();
  const input = wb.page.locator('.quick-input-widget input');
  const row = wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: path.basename(file) }).first();
  await wb.fileDialogStartFolder();
  await poll(`the file dialog to list ${path.basename(file)}`, 20_000, async () => {
    if ((await input.inputValue()) !== file) await input.fill(file);
    return (await row.isVisible()) && (await input.inputValue()) === file ? true : undefined;
  });
  const frame = await wb.chatFrame();
  const before = await frame.evaluate(() => document.getElementById('conversation')?.innerText ?? '');
  if (before.includes(endText)) throw new Error(`${path.basename(file)}'s end already shows before it is opened`);
  const start = performance.now();
  await wb.page.keyboard.press('Enter');
  await frame.waitForFunction((text) => document.getElementById('conversation')?.innerText.includes(text) === true, endText, { polling: 'raf', timeout: 120_000 });
  return performance.now() - start;
}

/** Scrolls the conversation from top to bottom a screen at a time; the most elements it held at once. */
async function maxNodesWhileScrolling(frame: Frame): Promise<number> {
  return frame.evaluate(async () => {
    const conversation = document.getElementById('conversation')!;
    const scroller = conversation.scrollHeight > conversation.clientHeight ? conversation : (document.scrollingElement as HTMLElement);
    let most = 0;
    scroller.scrollTop = 0;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    for (let guard = 0; guard < 100_000; guard++) {
      most = Math.max(most, conversation.querySelectorAll('*').length);
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
      scroller.scrollTop += scroller.clientHeight;
      await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
    }
    return most;
  });
}

export async function run(): Promise<void> {
  const files: Record<number, string> = {};
  const workspaceFiles: Record<string, string> = {};
  mkdirSync(DATA_DIR, { recursive: true }); // run alone, no benchmark before made it
  for (const size of SIZES) {
    const file = path.join(DATA_DIR, `chat-${size}.jsonl`);
    await generateSession(file, { entries: size, seed: 11 });
    workspaceFiles[`sessions/chat-${size}.jsonl`] = file;
  }
  const wb = await ArborWorkbench.start({ workspaceFiles });
  try {
    await wb.openArbor();
    await wb.setPaneExpanded('Session Tree', false);
    for (const size of SIZES) files[size] = path.join(wb.workspaceDir, 'sessions', `chat-${size}.jsonl`);
    const times: Record<number, number[]> = { 50: [], 5000: [] };
    // Alternate, so that each open switches from the other session; the first round warms up.
    for (let round = 0; round <= RUNS; round++) {
      for (const size of SIZES) {
        const ms = await timeOpen(wb, files[size]!, lastReplyWords(files[size]!));
        if (round > 0) times[size]!.push(ms);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const small = median(times[50]!);
    const big = median(times[5000]!);
    console.log(msLine('open 50-message session until its end shows (median)', small));
    console.log(msLine('open 5 000-message session until its end shows (median)', big));
    console.log(ratioLine('5 000 / 50 messages', big / small, { max: 3 }));
    // For reference: what reading the big file costs the engine alone (in this process).
    const engine = await medianMs(RUNS, () => loadSessionFile(files[5000]!));
    console.log(msLine('  of which at least: loadSessionFile of the 5 000-message file', engine));

    // The last round ended on the big session: it is open.
    const frame = await wb.chatFrame();
    const bigNodes = await maxNodesWhileScrolling(frame);
    await timeOpen(wb, files[50]!, lastReplyWords(files[50]!));
    const smallNodes = await maxNodesWhileScrolling(frame);
    console.log(`${'most DOM elements in the conversation, scrolling 50 messages'.padEnd(64)} ${String(smallNodes).padStart(9)}`);
    console.log(`${'most DOM elements in the conversation, scrolling 5 000 messages'.padEnd(64)} ${String(bigNodes).padStart(9)}`);
    console.log(ratioLine('DOM elements 5 000 / 50 messages', bigNodes / smallNodes, { max: 3 }));
  } finally {
    await wb.stop();
  }
}
