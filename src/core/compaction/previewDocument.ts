/**
 * The document a manual compaction is previewed in: a few lines saying what the compaction
 * replaces (entries, tokens before → about after, the file lists, the pinned messages it carries),
 * a separator line, then the proposed summary exactly, which the user may change. What is accepted
 * is the text after the first separator line: the header is never written, whatever the user did
 * to it, and a summary left as it was is written byte for byte as proposed.
 */
import { visibleText } from '../util/visibleText';
import type { CompactionProposal } from './compactSession';

/**
 * Between the header and the summary. An HTML comment: a Markdown preview of the document hides
 * it, and no summary the model writes begins with it by chance.
 */
export const PREVIEW_SEPARATOR = '<!-- Arbor: the summary starts below this line. This line and everything above it are not part of the summary. -->';

/** The preview document of `proposal`: its header, the separator, then its summary as proposed. */
export function previewDocument(proposal: CompactionProposal): string {
  return `${previewHeader(proposal).join('\n')}\n${PREVIEW_SEPARATOR}\n${proposal.result.summary}`;
}

/** What the compaction replaces, one fact a line, as a Markdown quote. */
export function previewHeader(proposal: CompactionProposal): string[] {
  const { result, pinned } = proposal;
  const n = (value: number): string => value.toLocaleString('en-US');
  const entries = result.arbor.summarizedEntries;
  const pins = pinned.map((pin) => `${oneLine(pin.role)} ${pin.id}`);
  return [
    '> **Proposed compaction: nothing is written until you Accept.** Change the summary below as you like; Accept writes it as it stands here.',
    `> Replaces ${n(entries)} ${entries === 1 ? 'entry' : 'entries'} (keeps the conversation from entry ${oneLine(result.firstKeptEntryId)} on)`,
    `> Tokens: ${n(result.tokensBefore)} → about ${n(result.arbor.tokensAfter)} (estimated)`,
    `> Read files: ${listed(result.details.readFiles)}`,
    `> Modified files: ${listed(result.details.modifiedFiles)}`,
    `> Pinned messages carried word for word: ${pins.length > 0 ? `${pins.length} (${pins.join(', ')})` : 'none'}`,
    ...(result.arbor.instructions !== undefined ? [`> Instructions: ${oneLine(result.arbor.instructions)}`] : []),
  ];
}

export type PreviewSummary =
  | { kind: 'summary'; summary: string }
  /** The separator line is gone: where the summary starts cannot be told. */
  | { kind: 'no-separator' }
  | { kind: 'empty' };

/** The summary in a preview document's text as it stands: everything after the first separator line. */
export function summaryFromPreview(text: string): PreviewSummary {
  const lines = text.split('\n');
  // A line ending the user's editor gave the document (CRLF) does not hide the separator.
  const at = lines.findIndex((line) => line.replace(/\r$/, '') === PREVIEW_SEPARATOR);
  if (at < 0) return { kind: 'no-separator' };
  const summary = lines.slice(at + 1).join('\n');
  return summary.trim() === '' ? { kind: 'empty' } : { kind: 'summary', summary };
}

/** Session text on one header line, its hidden characters made visible (a path cannot start a new line, nor fake the separator). */
function oneLine(text: string): string {
  return visibleText(text.replace(/\r?\n/g, ' '));
}

function listed(files: readonly string[]): string {
  return files.length > 0 ? files.map(oneLine).join(', ') : 'none';
}
