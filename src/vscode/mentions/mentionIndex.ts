/**
 * The host's side of the `@` completion list: the index of the first workspace folder, built on
 * the first query (not at start-up: most sessions never type `@`), then kept up to date by a file
 * watcher: a deletion is forgotten at once, a creation (which may be ignored by a `.gitignore`)
 * rebuilds the index in the background a moment after the last change, and a change of
 * `files.exclude` too. Queries answer from the index they have meanwhile.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { buildFileIndex, filesExcludeRules, MAX_SUGGESTIONS, type FileIndex, type MentionSuggestion } from '../../core/mentions';
import { errorMessage } from '../../core/util/errors';
import type { Logger } from '../../core/util/logger';

/** Quiet time after the last file created before the index is walked again. */
const REBUILD_DELAY_MS = 1500;

export class MentionIndex implements vscode.Disposable {
  private index: Promise<FileIndex | undefined> | undefined;
  private watcher: vscode.FileSystemWatcher | undefined;
  private rebuildTimer: NodeJS.Timeout | undefined;
  private readonly abort = new AbortController();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly log: Logger) {
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('files.exclude') && this.index) this.scheduleRebuild(0);
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.reset()),
    );
  }

  async query(text: string): Promise<MentionSuggestion[]> {
    const index = await (this.index ??= this.build());
    return index ? index.query(text, MAX_SUGGESTIONS) : [];
  }

  private async build(): Promise<FileIndex | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!folder || folder.scheme !== 'file') return undefined;
    this.watch(folder);
    try {
      const root = await fs.realpath(folder.fsPath);
      return await buildFileIndex({ root, exclude: filesExcludeRules(excludedPatterns(folder)), signal: this.abort.signal });
    } catch (error) {
      this.log.warn(`The @ list could not index the workspace: ${errorMessage(error)}`);
      return undefined;
    }
  }

  private watch(folder: vscode.Uri): void {
    if (this.watcher) return;
    this.watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*'), false, true, false);
    this.watcher.onDidCreate(() => this.scheduleRebuild(REBUILD_DELAY_MS));
    this.watcher.onDidDelete((uri) => {
      const relative = path.relative(folder.fsPath, uri.fsPath).split(path.sep).join('/');
      void this.index?.then((index) => index?.remove(relative));
    });
  }

  /** The old index answers until the new one is built. */
  private scheduleRebuild(delay: number): void {
    clearTimeout(this.rebuildTimer);
    this.rebuildTimer = setTimeout(() => {
      const next = this.build();
      void next.then((index) => {
        if (index) this.index = next;
      });
    }, delay);
  }

  private reset(): void {
    this.index = undefined;
    this.watcher?.dispose();
    this.watcher = undefined;
  }

  dispose(): void {
    clearTimeout(this.rebuildTimer);
    this.abort.abort();
    this.watcher?.dispose();
    this.disposables.forEach((disposable) => disposable.dispose());
  }
}

/** The `files.exclude` globs that are on (`true`; a `when` condition is not evaluated, so such a glob is left out). */
function excludedPatterns(folder: vscode.Uri): string[] {
  const setting = vscode.workspace.getConfiguration('files', folder).get<Record<string, unknown>>('exclude') ?? {};
  return Object.entries(setting).flatMap(([pattern, on]) => (on === true ? [pattern] : []));
}
