/**
 * A Session Tree row's tooltip, as Markdown the glue renders untrusted. A message's own Markdown
 * renders (made inert: no images, no links but web ones); tool output and commands show as code;
 * a summary's `<read-files>` / `<modified-files>` blocks become "Read:" / "Modified:" lists; every
 * other piece of session text is escaped so that it shows as written.
 */
import { splitFileOperations } from '../compaction/fileOps';
import { escapeMarkdown, fencedCode, inertMarkdown, inlineCode } from '../util/markdownSafe';
import { cutText } from '../util/markdownText';

/**
 * The longest tooltip: enough to read what an entry was about. A row's tooltip travels with the
 * row, and a file may hold a 100 MB message.
 */
export const MAX_TOOLTIP_CHARS = 4000;

/** The label line and the detail line are cut to this before escaping (a label is a few words). */
const LINE_CHARS = 300;
/** Files a summary's tooltip lists, and the characters of each path it shows; the rest are counted. */
const TOOLTIP_FILES = 20;
const PATH_CHARS = 120;

/** How an entry's text is shown in its tooltip. */
export type TooltipBody = { kind: 'markdown'; text: string } | { kind: 'summary'; text: string } | { kind: 'code'; text: string } | { kind: 'plain'; text: string };

/**
 * The tooltip: the label line, the body, the lines naming the message's images (one per line), then
 * the detail line, as separate paragraphs; at most `MAX_TOOLTIP_CHARS`.
 */
export function rowTooltip(labelLine: string | undefined, body: TooltipBody, detail: string | undefined, imageLines: readonly string[] = []): string {
  const head = labelLine === undefined ? '' : escapeMarkdown(cutText(labelLine, LINE_CHARS));
  const images = imageLines.map((line) => escapeMarkdown(cutText(line, LINE_CHARS))).join('  \n');
  const foot = detail === undefined ? '' : escapeMarkdown(cutText(detail, LINE_CHARS));
  const room = MAX_TOOLTIP_CHARS - head.length - images.length - foot.length - 6;
  return [head, fitted(bodyMarkdown(body, room), room), images, foot].filter((part) => part !== '').join('\n\n');
}

function bodyMarkdown(body: TooltipBody, room: number): string {
  switch (body.kind) {
    case 'markdown':
      return inertMarkdown(capped(body.text, room));
    case 'summary':
      return summaryMarkdown(body.text, room);
    case 'code':
      return body.text === '' ? '' : fencedCode(capped(body.text, room));
    case 'plain':
      return escapeMarkdown(capped(body.text, room));
  }
}

/** A summary's text, then its file lists as bullet lists (each path as code, shown as written); the lists come first in the room. */
export function summaryMarkdown(summary: string, room = MAX_TOOLTIP_CHARS): string {
  const { text, readFiles, modifiedFiles } = splitFileOperations(summary);
  const lists = [fileList('Read:', readFiles), fileList('Modified:', modifiedFiles)].filter((part) => part !== undefined);
  const listsLength = lists.reduce((sum, list) => sum + list.length + 2, 0);
  const words = inertMarkdown(capped(text.trimEnd(), Math.max(0, room - listsLength)));
  return [fitted(words, Math.max(0, room - listsLength)), ...lists].filter((part) => part !== '').join('\n\n');
}

/** A titled bullet list of paths, each as code (shown as written), at most `TOOLTIP_FILES` of them. */
export function fileList(title: string, files: readonly string[]): string | undefined {
  if (files.length === 0) return undefined;
  const shown = files.length <= TOOLTIP_FILES ? files : files.slice(0, TOOLTIP_FILES - 1);
  const more = files.length - shown.length;
  return [`${title}\n`, ...shown.map((file) => `- ${inlineCode(cutText(file, PATH_CHARS))}`), ...(more > 0 ? [`- … and ${more} more`] : [])].join('\n');
}

/** At most `max` characters of source text, cut at a line end when there is one close by; "…" marks the cut. */
function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${cutAt(text, Math.max(0, max - 2))}\n…`;
}

/**
 * Markdown made from capped text can still grow (escapes, a fence as long as the longest run of
 * backticks inside): the result is cut again to its room. A fence cut open renders the rest as code.
 */
function fitted(markdown: string, room: number): string {
  if (markdown.length <= room) return markdown;
  return `${cutAt(markdown, Math.max(0, room - 2))}\n…`;
}

/** The text up to `end`, back to a line end when one is in the second half, never half a surrogate pair. */
function cutAt(text: string, end: number): string {
  const lineEnd = text.lastIndexOf('\n', end);
  let at = lineEnd > end / 2 ? lineEnd : end;
  const last = text.charCodeAt(at - 1);
  if (last >= 0xd800 && last <= 0xdbff) at--;
  return text.slice(0, at);
}
