// Texts in memory, served to VS Code under a scheme of Arbor's own: an edit's proposal and the
// empty side of a new file (the diff editor), a compaction's proposed summary, the text of an entry
// as the model sees it. Nothing is on disk, nothing new is created through VS Code (only a text
// Arbor put here is written back, by the user's save), and a text's folders exist while it does.
import * as vscode from 'vscode';

interface MemoryFile {
  data: Uint8Array;
  mtime: number;
}

export class MemoryFiles implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly files = new Map<string, MemoryFile>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  constructor(private readonly readonly: boolean) {}

  /**
   * Puts `text` at `uri`. `announce`: a document open on it is told it changed (VS Code reads it
   * again); otherwise an open document keeps what it has.
   */
  set(uri: vscode.Uri, text: string, announce = false): void {
    const known = this.files.get(uri.toString());
    this.files.set(uri.toString(), { data: new TextEncoder().encode(text), mtime: nextMtime(known) });
    if (announce && known) this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  get(uri: vscode.Uri): string | undefined {
    const file = this.files.get(uri.toString());
    return file ? new TextDecoder().decode(file.data) : undefined;
  }

  has(uri: vscode.Uri): boolean {
    return this.files.has(uri.toString());
  }

  forget(uri: vscode.Uri): void {
    this.files.delete(uri.toString());
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    // A text's folder is there while the text is.
    const folder = `${uri.toString()}/`;
    if ([...this.files.keys()].some((key) => key.startsWith(folder))) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const file = this.found(uri);
    return { type: vscode.FileType.File, ctime: 0, mtime: file.mtime, size: file.data.byteLength, ...(this.readonly ? { permissions: vscode.FilePermission.Readonly } : {}) };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.found(uri).data;
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    // Only a text Arbor put here is written (the user saving their change): nothing new is created.
    if (this.readonly) throw vscode.FileSystemError.NoPermissions(uri);
    const file = this.found(uri);
    this.files.set(uri.toString(), { data: content, mtime: nextMtime(file) });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private found(uri: vscode.Uri): MemoryFile {
    const file = this.files.get(uri.toString());
    if (!file) throw vscode.FileSystemError.FileNotFound(uri);
    return file;
  }
}

/** Later than the text's last time, even within one millisecond: VS Code tells a change by its time. */
function nextMtime(file: MemoryFile | undefined): number {
  return Math.max(Date.now(), (file?.mtime ?? 0) + 1);
}
