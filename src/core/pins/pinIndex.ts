/**
 * The pinned ids of a growing session, kept up to date by reading only the entries appended since
 * the last look (entries are append-only), so a view can ask for every row it draws.
 */
import type { SessionEntry } from '../session';
import { pinDataOf } from './pinEntry';

export class PinIndex {
  private seen = 0;
  private source: readonly SessionEntry[] | undefined;
  private readonly ids = new Set<string>();

  pinned(entries: readonly SessionEntry[]): ReadonlySet<string> {
    // Another session, or its entries read again from the start: begin anew.
    if (entries !== this.source || entries.length < this.seen) {
      this.source = entries;
      this.seen = 0;
      this.ids.clear();
    }
    for (; this.seen < entries.length; this.seen++) {
      const data = pinDataOf(entries[this.seen]!);
      if (!data) continue;
      if (data.pinned) this.ids.add(data.targetId);
      else this.ids.delete(data.targetId);
    }
    return this.ids;
  }
}
