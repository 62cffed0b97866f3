// The focus a manual compaction's summary is asked to keep (Compact Session, Compact up to Here, Regenerate).
import * as vscode from 'vscode';
import { readConfig } from '../config';

/** The optional focus instructions for a summary; undefined when the user pressed Escape. */
export function askFocus(title: string): Thenable<string | undefined> {
  // Said once, by name only: the standing instructions are the user's own, and the box is short.
  const standing = readConfig().compactionInstructions.trim() !== '' ? ' Your standing instructions (arbor.compaction.instructions) apply as well.' : '';
  return vscode.window.showInputBox({
    title,
    prompt: `What should the summary focus on? (optional: press Enter for none, Escape to cancel)${standing}`,
    placeHolder: 'e.g. the decisions about the API, the open bugs',
    // Asked from a tree row's menu too: selecting the row may move the focus, which must not cancel it.
    ignoreFocusOut: true,
  });
}
