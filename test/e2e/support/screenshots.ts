// Screenshots for the README, taken by the suite as it goes, the same names every run so the
// README's links stay valid. A run saves them under test-results/e2e/images/ and never touches
// tracked files; `npm run docs:images` copies them over docs/images/. The side bar is widened
// first, so the chat reads well in a picture.
import { e2ePicturesDir } from '../../../scripts/lib/paths';
import { workbench } from './hooks';
import { untilStable } from './workbench';

const SIDE_BAR_WIDTH = 560;

/** Drags the side bar's edge until it is `width` pixels wide, wider or narrower (a user's drag on the sash). */
export async function widenSideBar(width = SIDE_BAR_WIDTH): Promise<void> {
  const page = workbench().page;
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box || Math.abs(box.width - width) <= 10) return;
  const edge = box.x + box.width;
  const y = box.y + box.height / 2;
  await page.mouse.move(edge, y);
  await page.mouse.down();
  await page.mouse.move(edge + (width - box.width) / 2, y, { steps: 4 });
  await page.mouse.move(box.x + width, y, { steps: 4 });
  await page.mouse.up();
  // Off the sash, so that its highlight is not in the pictures.
  await page.mouse.move(box.x + width + 300, y);
}

export interface PictureOptions {
  /** The side bar's width for the picture (it stays so). */
  sideBarWidth?: number;
  /** Views folded for the picture only (the suite's own sessions, a tree beside a chat card), so that the subject shows whole. */
  fold?: readonly string[];
}

/** Saves the workbench to test-results/e2e/images/<name>.png, the side bar `sideBarWidth` wide and the `fold` views folded meanwhile. */
export async function docsImage(name: string, options: PictureOptions = {}): Promise<string> {
  const wb = workbench();
  await widenSideBar(options.sideBarWidth);
  const folded: string[] = [];
  for (const view of options.fold ?? []) {
    if ((await wb.paneHeader(view).getAttribute('aria-expanded')) !== 'true') continue;
    await wb.setPaneExpanded(view, false);
    folded.push(view);
  }
  if (folded.length > 0) await layoutSettled();
  try {
    return await wb.screenshot(name, e2ePicturesDir);
  } finally {
    for (const view of folded) await wb.setPaneExpanded(view, true);
  }
}

/** Waits until the side bar's views stop moving (folding hands their room to the others over a few frames). */
async function layoutSettled(): Promise<void> {
  const panes = workbench().page.locator('.part.sidebar .pane');
  await untilStable('the side bar to settle', 5_000, async () => JSON.stringify(await panes.evaluateAll((nodes) => nodes.map((pane) => pane.getBoundingClientRect().height))), 3);
}

/** The chat alone in a picture. */
export const CHAT_ONLY: PictureOptions = { fold: ['Session Tree', 'Sessions'] };
