/**
 * The session list of a folder, kept between listings: a file is summarized again only when its
 * size or modification time changed, so listing again after one session grew reads one file, not
 * every session of the folder (the Sessions view lists again after each burst of appends).
 */
import { summarizeSessionFile, type SessionSummary } from '../session';
import { sessionFilesNewestFirst } from './files';

type Summarize = (file: string) => Promise<SessionSummary | undefined>;

interface Cached {
  mtimeMs: number;
  size: number;
  summary: SessionSummary | undefined;
}

export class CachedCatalog {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly summarize: Summarize = summarizeSessionFile) {}

  /** The sessions in `dir`, newest first (files that are not sessions left out), as `listSessions`. */
  async list(dir: string): Promise<SessionSummary[]> {
    const files = await sessionFilesNewestFirst(dir);
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
