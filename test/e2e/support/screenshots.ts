// Screenshots for the README, taken by the suite as it goes (docs/images/<name>.png, the same
// names every run, so the README's links stay valid).
import * as path from 'node:path';
import { repoRoot } from '../../../scripts/lib/paths';
import { workbench } from './hooks';

export const docsImagesDir = path.join(repoRoot, 'docs', 'images');

/** Saves the workbench as it is now to docs/images/<name>.png. */
export async function docsImage(name: string): Promise<string> {
  return workbench().screenshot(name, docsImagesDir);
}
