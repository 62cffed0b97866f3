// Helpers shared by the integration suites (bundled into each suite).
import * as vscode from 'vscode';

export const ARBOR_ID = 'arbor-dev.arbor';

/** Arbor's extension, activated. */
export async function arbor(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(ARBOR_ID);
  if (!extension) throw new Error(`${ARBOR_ID} is not installed in this extension host`);
  await extension.activate();
  return extension;
}
