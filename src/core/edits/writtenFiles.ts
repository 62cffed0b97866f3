/**
 * What recent writes and edits wrote, kept in memory so that their diff opens exactly as written
 * (the whole file before and after) without reading the session or the disk again. Bounded by a
 * count and a total size: the oldest go first, and a write larger than the whole budget is not
 * kept (its diff is rebuilt from the session's record instead, see recordedDiff.ts).
 */
import type { WrittenFile } from '../agent/tools/approval';

export interface WrittenFilesLimits {
  maxFiles: number;
  /** Characters of `before` and `after` together, over every file kept. */
  maxChars: number;
}

export const DEFAULT_WRITTEN_LIMITS: WrittenFilesLimits = { maxFiles: 50, maxChars: 16_000_000 };

export class WrittenFiles {
  /** By session and call; a Map keeps insertion order, so the first key is the oldest. */
  private readonly files = new Map<string, WrittenFile>();
  private chars = 0;

  constructor(private readonly limits: WrittenFilesLimits = DEFAULT_WRITTEN_LIMITS) {}

  /** Keeps `file` as the newest (replacing an earlier one of the same call), then drops the oldest past the limits. */
  add(sessionId: string, file: WrittenFile): void {
    const key = keyOf(sessionId, file.toolCallId);
    this.remove(key);
    const size = sizeOf(file);
    if (size > this.limits.maxChars || this.limits.maxFiles < 1) return;
    this.files.set(key, file);
    this.chars += size;
    for (const [oldest] of this.files) {
      if (this.files.size <= this.limits.maxFiles && this.chars <= this.limits.maxChars) break;
      this.remove(oldest);
    }
  }

  get(sessionId: string, toolCallId: string): WrittenFile | undefined {
    return this.files.get(keyOf(sessionId, toolCallId));
  }

  /** How many files and characters are kept (for tests and the log). */
  get usage(): { files: number; chars: number } {
    return { files: this.files.size, chars: this.chars };
  }

  private remove(key: string): void {
    const file = this.files.get(key);
    if (!file) return;
    this.files.delete(key);
    this.chars -= sizeOf(file);
  }
}

function keyOf(sessionId: string, toolCallId: string): string {
  return `${sessionId}\u0000${toolCallId}`;
}

function sizeOf(file: WrittenFile): number {
  return file.before.length + file.after.length;
}
