/**
 * `WorkspaceFailure`, a problem with the workspace's files in plain words (a path outside the
 * workspace, a missing file, an aborted walk). The tools' `ToolFailure` is one, so a tool that lets
 * it through tells the model these words; mentions and edits word it for the user.
 */
import type { Json } from '../session';

export class WorkspaceFailure extends Error {
  constructor(
    message: string,
    readonly details?: Json,
  ) {
    super(message);
    this.name = 'WorkspaceFailure';
  }
}
