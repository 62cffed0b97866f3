// Editors in the workbench as a user opens them.
import * as path from 'node:path';
import { workbench } from './hooks';
import type { ArborWorkbench } from './workbench';

/** Opens a workspace file in an editor by Quick Open, and waits for its tab. */
export async function openFile(relative: string, wb: ArborWorkbench = workbench()): Promise<void> {
  await wb.focusEditorArea();
  await wb.page.keyboard.press('Control+P');
  const input = wb.page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(relative);
  const row = wb.page.locator('.quick-input-widget .monaco-list-row', { hasText: path.basename(relative) }).first();
  await row.waitFor();
  await input.press('Enter');
  await wb.page.locator('.tabs-container .tab.active', { hasText: path.basename(relative) }).waitFor();
}
