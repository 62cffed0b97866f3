// `arbor.acceptEdit` / `arbor.rejectEdit`: the editor title's buttons on the diff of an edit waiting
// for approval. They answer the edit whose diff is active, as the chat card's buttons do.
import * as vscode from 'vscode';
import type { ChatApprovals } from '../chat/approvals';
import type { SomeCommands } from '../commands/table';

const NONE_ACTIVE = 'No Arbor edit is waiting in the active editor: open its diff from the chat card first.';

export function editReviewCommands(approvals: ChatApprovals) {
  return {
    acceptEdit: () => {
      if (!approvals.acceptActive()) void vscode.window.showInformationMessage(NONE_ACTIVE);
    },
    rejectEdit: async () => {
      if (!(await approvals.rejectActive())) void vscode.window.showInformationMessage(NONE_ACTIVE);
    },
  } satisfies SomeCommands;
}
