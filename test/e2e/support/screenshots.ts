// Screenshots for the README, taken by the suite as it goes (docs/images/<name>.png, the same
// names every run, so the README's links stay valid). The side bar is widened first, so the chat
// reads well in a picture.
import * as path from 'node:path';
import { repoRoot } from '../../../scripts/lib/paths';
import { workbench } from './hooks';

export const docsImagesDir = path.join(repoRoot, 'docs', 'images');

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

/** Saves the workbench as it is now to docs/images/<name>.png, the side bar `sideBarWidth` wide. */
export async function docsImage(name: string, sideBarWidth = SIDE_BAR_WIDTH): Promise<string> {
  await widenSideBar(sideBarWidth);
  return workbench().screenshot(name, docsImagesDir);
}
