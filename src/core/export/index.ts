/**
 * Exporting one branch (root → leaf) as Markdown, standalone HTML or a pi-loadable JSONL session:
 * pure functions from the session's entries to the document's text, shared by `arbor export`
 * and the extension's Export Session command (which do the file writing).
 */
import type { SessionEntry, SessionHeader, SessionTree } from '../session';
import { branchDocument } from './blocks';
import { renderHtml } from './html';
import { renderJsonl } from './jsonl';
import { renderMarkdown } from './markdown';

export { branchDocument, type Block, type BlockKind, type BranchDocument, type Part } from './blocks';
export { escapeHtml, renderHtml } from './html';
export { renderJsonl } from './jsonl';
export { renderMarkdown } from './markdown';

export const EXPORT_FORMATS = ['md', 'html', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file name extension each format is saved with. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { md: '.md', html: '.html', jsonl: '.jsonl' };

/** The branch `path` (root → leaf, as `tree.pathTo`) as a document; `now` stamps the JSONL header. */
export function renderBranch(format: ExportFormat, header: SessionHeader, tree: SessionTree, path: readonly SessionEntry[], now: Date): string {
  if (format === 'jsonl') return renderJsonl(header, path, now);
  const doc = branchDocument(header, tree, path);
  return format === 'md' ? renderMarkdown(doc) : renderHtml(doc);
}
