// Screenshots for the README, taken by the suite as it goes, the same names every run so the
// README's links stay valid. A run saves them under test-results/e2e/images/ and never touches
// tracked files; `npm run docs:images` copies them over docs/images/. The side bar is widened
// first, so the chat reads well in a picture.
import { e2ePicturesDir } from '../../../scripts/lib/paths';
import { workbench } from './hooks';
import { poll, untilStable } from './workbench';

const SIDE_BAR_WIDTH = 560;

/**
 * Drags the side bar's edge until it is `width` pixels wide, wider or narrower (a user's drag on
 * the sash), and drags again while it is not (a drag begun before the sash took the pointer is lost).
 */
export async function widenSideBar(width = SIDE_BAR_WIDTH): Promise<void> {
  const page = workbench().page;
  await poll(`the side bar to be ${width} px wide`, async () => {
    const box = await page.locator('.part.sidebar').boundingBox();
    if (box && Math.abs(box.width - width) <= 10) return true;
    if (box) await dragSideBarEdge(box, width);
    return undefined;
  });
}

async function dragSideBarEdge(box: { x: number; y: number; width: number; height: number }, width: number): Promise<void> {
  const page = workbench().page;
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

/**
 * Saves the workbench to test-results/e2e/images/<name>.png, the side bar `sideBarWidth` wide and
 * the `fold` views folded meanwhile. A folded view can unfold by itself: Arbor reveals the current
 * position in the Session Tree a moment after each change, and VS Code opens a view to reveal a row
 * in it. So the views are looked at before and after the picture, and it is taken again until they
 * stayed folded throughout.
 */
export async function docsImage(name: string, options: PictureOptions = {}): Promise<string> {
  const wb = workbench();
  await widenSideBar(options.sideBarWidth);
  const folded: string[] = [];
  for (const view of options.fold ?? []) if ((await wb.paneHeader(view).getAttribute('aria-expanded')) === 'true') folded.push(view);
  const allFolded = async (): Promise<boolean> => {
    for (const view of folded) if ((await wb.paneHeader(view).getAttribute('aria-expanded')) !== 'false') return false;
    return true;
  };
  try {
    return await poll(`a picture "${name}" with ${folded.join(' and ') || 'no view'} folded throughout`, async () => {
      for (const view of folded) await wb.setPaneExpanded(view, false);
      if (folded.length > 0) {
        // Folded from the keyboard, the last header keeps a focus ring that is no part of the subject.
        await wb.page.evaluate("document.activeElement?.classList.contains('pane-header') && document.activeElement.blur()");
        await layoutSettled();
      }
      if (!(await allFolded())) return undefined;
      const file = await wb.screenshot(name, e2ePicturesDir);
      return (await allFolded()) ? file : undefined;
    });
  } finally {
    for (const view of folded) await wb.setPaneExpanded(view, true);
  }
}

/**
 * Waits until the side bar has stopped moving: folding hands a view's room to the others over a
 * few frames (VS Code animates the panes while the view container carries the class `animated`),
 * and the webviews, drawn in frames laid over their views, follow them.
 */
async function layoutSettled(): Promise<void> {
  const page = workbench().page;
  await untilStable('the side bar to settle', async () =>
    page.evaluate(() => {
      if (document.querySelector('.part.sidebar .monaco-pane-view.animated')) return `animating ${performance.now()}`;
      const boxes = [...document.querySelectorAll('.part.sidebar .pane, iframe')].map((node) => {
        const box = node.getBoundingClientRect();
        return [box.left, box.top, box.width, box.height].join(',');
      });
      return boxes.join(' ');
    }),
  );
}

/** The chat alone in a picture. */
export const CHAT_ONLY: PictureOptions = { fold: ['Session Tree', 'Sessions'] };
