/**
 * "Show what was summarized": a compaction's summary and, beside it, the original messages it
 * replaced on the branch that leads to it — plain Markdown whose session text is fenced (fences
 * longer than any backtick run inside), so nothing in it can become markup, a link or a command.
 */
import { searchableTexts } from '../search';
import { entryKind, type SessionEntry } from '../session';
import { fencedCode } from '../util/markdownSafe';
import { originalText } from './recall';
import { summarizedEnd } from './summarized';

/** The document for the compaction that ends `path` (root → the compaction entry); undefined when it does not end in one. */
export function summarizedDocument(path: readonly SessionEntry[]): string | undefined {
  const compaction = path.at(-1);
  if (compaction?.type !== 'compaction' || typeof compaction.summary !== 'string') return undefined;
  const originals: string[] = [];
  const end = summarizedEnd(path);
  for (let i = 0; i < end; i++) {
    const entry = path[i]!;
    if (entry.type === 'compaction' || entry.type === 'label' || entry.type === 'session_info') continue;
    const texts = searchableTexts(entry);
    if (texts.length > 0) originals.push(`### ${entryKind(entry)} · entry ${entry.id}\n\n${fencedCode(originalText(texts))}`);
  }
  return [
    `# What compaction ${compaction.id} summarized`,
    '## Summary',
    fencedCode(compaction.summary),
    `## The ${originals.length} original message${originals.length === 1 ? '' : 's'} (oldest first)`,
    ...originals,
  ].join('\n\n');
}
