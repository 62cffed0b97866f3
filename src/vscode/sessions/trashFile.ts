// Deleting a session file to the trash, never for good. The editor's trash first (desktop VS Code
// on any OS); where the file system has none (code-server and other remote or browser-served
// editors refuse `useTrash`), the freedesktop trash on Linux. Anywhere else the file stays.
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as vscode from 'vscode';
import { errorMessage } from '../../core/util/errors';
import { dataHome, moveToTrash } from '../../core/util/trash';
import type { Logger } from '../../core/util/logger';

/** Moves `file` to the trash; resolves with where it went (a path, or "the trash"). */
export async function trashFile(file: string, log: Logger): Promise<string> {
  try {
    await vscode.workspace.fs.delete(vscode.Uri.file(file), { useTrash: true, recursive: false });
    return 'the trash';
  } catch (error) {
    // Gone already, or no way to keep it: the error stands and nothing is deleted for good.
    if (process.platform !== 'linux' || !(await fs.access(file).then(() => true, () => false))) throw error;
    log.info(`The editor's trash is not available here (${errorMessage(error)}); using the desktop trash folder`);
    const { trashedFile } = await moveToTrash(file, { dataHome: dataHome(process.env, os.homedir()), now: () => new Date() });
    return trashedFile;
  }
}
