/**
 * Session Tree bench, real browser (issue 11, "Must hold": a 100 000-entry session opens in the tree
 * view without freezing, the first rows in under 2× the time of loading the file). Opens the large
 * session with "Arbor: Open Session…" in code-server and times, from Enter, until the Session Tree
 * shows its first rows, and until the current position's row shows (revealed); compared with
 * loading the same file with the engine in this process (read + parse + tree).
 */
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadSessionFile } from '../src/core/session';
import { CURRENT_MARK } from '../src/core/sessionTree/rows';
import { ArborWorkbench, poll } from '../test/e2e/support/workbench';
import { medianMs, msLine, ratioLine } from './measure';
import { largeSession } from './session.bench';

const RUNS = 3;

async function timeOpen(wb: ArborWorkbench, file: string): Promise<{ firstRows: number; current: number }> {
  await wb.runCommand('Arbor: New Session');
  const rows = wb.page.locator('.pane', { has: wb.paneHeader('Session Tree') }).locator('.pane-body .monaco-list-row');
  await poll('the Session Tree to empty', 20_000, async () => ((await rows.count()) === 0 ? true : undefined));
  await wb.browseForSession();
  await wb.typeIntoFileDialog(file);
  const start = performance.now();
  await wb.page.keyboard.press('Enter');
  await rows.first().waitFor({ timeout: 120_000 });
  const firstRows = performance.now() - start;
  // The row's text shows only the ● before its line; its accessible label says "● current".
  await rows.and(wb.page.locator(`[aria-label*="${CURRENT_MARK}"]`)).first().waitFor({ timeout: 120_000 });
  return { firstRows, current: performance.now() - start };
}

export async function run(): Promise<void> {
  const source = await largeSession();
  const wb = await ArborWorkbench.start({ workspaceFiles: { 'sessions/large.jsonl': source } });
  try {
    await wb.openArbor();
    await wb.setPaneExpanded('Chat', false);
    const file = path.join(wb.workspaceDir, 'sessions', 'large.jsonl');
    const first: number[] = [];
    const current: number[] = [];
    for (let round = 0; round <= RUNS; round++) {
      const times = await timeOpen(wb, file);
      if (round === 0) continue; // warm-up
      first.push(times.firstRows);
      current.push(times.current);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const load = await medianMs(RUNS, () => loadSessionFile(file));
    console.log(msLine('load the 100 000-entry file (engine, this process)', load));
    console.log(msLine('Open Session… → first Session Tree rows (median)', median(first)));
    console.log(msLine('Open Session… → current position row revealed (median)', median(current)));
    console.log(ratioLine('first rows / load (must hold: ≤ 2)', median(first) / load, { max: 2 }));
  } finally {
    await wb.setPaneExpanded('Chat', true).catch(() => undefined);
    await wb.stop();
  }
}
