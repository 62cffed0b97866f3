/**
 * The session list of a folder, kept between listings: a file is summarized again only when its
 * size or modification time changed, so listing again after one session grew reads one file, not
 * every session of the folder (the Sessions view lists again after each burst of appends).
 */
import { summarizeSessionFile, type SessionSummary } from '../session';
import { sessionFilesNewestFirst, type SkippedSessionFile } from '../session/disk/sessionFiles';

type Summarize = (file: string) => Promise<SessionSummary | undefined>;

interface Cached {
  mtimeMs: number;
  size: number;
  summary: SessionSummary | undefined;
}

export interface CachedCatalogOptions {
  summarize?: Summarize;
  /**
   * Told of `.jsonl` names left out because they are not regular files (a FIFO, a device, a link
   * to one), once: a name is told again only after a listing without it.
   */
  onSkipped?: (skipped: SkippedSessionFile[]) => void;
}

export class CachedCatalog {
  private readonly cache = new Map<string, Cached>();
  private readonly summarize: Summarize;
  /** The names left out by the last listing. */
  private skipped = new Set<string>();

  constructor(private readonly options: CachedCatalogOptions = {}) {
    this.summarize = options.summarize ?? summarizeSessionFile;
  }

  /** The sessions in `dir`, newest first (files that are not sessions left out), as `listSessions`. */
  async list(dir: string): Promise<SessionSummary[]> {
    const skippedNow: SkippedSessionFile[] = [];
    const files = await sessionFilesNewestFirst(dir, (skipped) => skippedNow.push(...skipped));
    const news = skippedNow.filter((skipped) => !this.skipped.has(skipped.file));
    this.skipped = new Set(skippedNow.map((skipped) => skipped.file));
    if (news.length > 0) this.options.onSkipped?.(news);
    const seen = new Set(files.map((file) => file.file));
    for (const file of this.cache.keys()) if (!seen.has(file)) this.cache.delete(file);
    const summaries = await Promise.all(
      files.map(async ({ file, modified, size }) => {
        const cached = this.cache.get(file);
        if (cached && cached.mtimeMs === modified.getTime() && cached.size === size) return cached.summary;
        const summary = await this.summarize(file);
        this.cache.set(file, { mtimeMs: modified.getTime(), size, summary });
        return summary;
      }),
    );
    return summaries.filter((summary): summary is SessionSummary => summary !== undefined);
  }
}
