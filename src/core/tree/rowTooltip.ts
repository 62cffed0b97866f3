/**
 * A Session Tree row's tooltip, as Markdown the glue renders untrusted. A message's own Markdown
 * renders (made inert: no images, no links but web ones); tool output and commands show as code;
 * a summary's `<read-files>` / `<modified-files>` blocks become "Read:" / "Modified:" lists; every
 * other piece of session text is escaped so that it shows as written.
 */
import { splitFileOperations } from '../compaction/fileOps';
import { escapeMarkdown, fencedCode, inertMarkdown, inlineCode } from '../util/markdownSafe';

/**
 * The tooltip shows this much of an entry's text: enough to read what it was about, while a
 * hostile megabyte-long message cannot make every hover render a megabyte.
 */
export const TOOLTIP_TEXT_CHARS = 4000;

/** How an entry's text is shown in its tooltip. */
export type TooltipBody = { kind: 'markdown'; text: string } | { kind: 'summary'; text: string } | { kind: 'code'; text: string } | { kind: 'plain'; text: string };

/** The tooltip: the label line, the body, then the detail line, as separate paragraphs. */
export function rowTooltip(labelLine: string | undefined, body: TooltipBody, detail: string | undefined): string {
  return [labelLine === undefined ? undefined : escapeMarkdown(labelLine), bodyMarkdown(body), detail === undefined ? undefined : escapeMarkdown(detail)]
    .filter((part): part is string => part !== undefined && part !== '')
    .join('\n\n');
}

function bodyMarkdown(body: TooltipBody): string {
  switch (body.kind) {
    case 'markdown':
      return inertMarkdown(capped(body.text));
    case 'summary':
      return summaryMarkdown(body.text);
    case 'code':
      return body.text === '' ? '' : fencedCode(capped(body.text));
    case 'plain':
      return escapeMarkdown(capped(body.text));
  }
}

/** A summary's text, then its file lists as bullet lists (each path as code, shown as written). */
export function summaryMarkdown(summary: string): string {
  const { text, readFiles, modifiedFiles } = splitFileOperations(summary);
  return [inertMarkdown(capped(text.trimEnd())), fileList('Read:', readFiles), fileList('Modified:', modifiedFiles)].filter((part) => part !== undefined && part !== '').join('\n\n');
}

/** Files listed in a tooltip; the rest are counted. */
const TOOLTIP_FILES = 30;

function fileList(title: string, files: readonly string[]): string | undefined {
  if (files.length === 0) return undefined;
  const shown = files.length <= TOOLTIP_FILES ? files : files.slice(0, TOOLTIP_FILES - 1);
  const more = files.length - shown.length;
  return [`${title}\n`, ...shown.map((file) => `- ${inlineCode(file)}`), ...(more > 0 ? [`- … and ${more} more`] : [])].join('\n');
}

/** At most `TOOLTIP_TEXT_CHARS`, cut at a line end when there is one close by; "…" marks the cut. */
function capped(text: string): string {
  if (text.length <= TOOLTIP_TEXT_CHARS) return text;
  const lineEnd = text.lastIndexOf('\n', TOOLTIP_TEXT_CHARS);
  return `${text.slice(0, lineEnd > TOOLTIP_TEXT_CHARS / 2 ? lineEnd : TOOLTIP_TEXT_CHARS)}\n…`;
}
