/**
 * Watches one file for changes by other programs: node's fs.watch on its folder (inotify on Linux;
 * watching the folder, not the file, also sees a new file renamed over it), or, where that cannot
 * start or fails later (a missing folder, no inotify watches left, some network drives), node's
 * stat poller on the file. Node's own watchers, not VS Code's: session files mostly live outside
 * the workspace, and this keeps the core testable without VS Code.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Disposable } from '../../util/event';

export interface FileWatchOptions {
  /** Called on every change event for the file (bursts included: the caller coalesces). */
  onChange: () => void;
  /** Called once if watching the folder is impossible and the poller takes over. */
  onFallback?: (error: unknown) => void;
  /** The poller's interval. */
  pollMs?: number;
}

export function watchFile(file: string, options: FileWatchOptions): Disposable {
  const name = path.basename(file);
  const onChange = (): void => options.onChange();
  let watcher: fs.FSWatcher | undefined;
  let polling = false;
  let disposed = false;
  const poll = (error: unknown): void => {
    watcher?.close();
    watcher = undefined;
    if (disposed || polling) return;
    polling = true;
    options.onFallback?.(error);
    fs.watchFile(file, { persistent: false, interval: options.pollMs ?? 1000 }, onChange);
  };
  try {
    watcher = fs.watch(path.dirname(file), { persistent: false }, (_event, changed) => {
      if (!changed || changed.toString() === name) onChange();
    });
    watcher.on('error', poll);
  } catch (error) {
    poll(error);
  }
  return {
    dispose: () => {
      disposed = true;
      watcher?.close();
      if (polling) fs.unwatchFile(file, onChange);
    },
  };
}
