/**
 * Session text shown as Markdown in the editor's own hovers (tree tooltips). The glue renders it
 * untrusted: no command links, no HTML. Two things the renderer would still do are taken out
 * here, because the text may come from a hostile file or a model told to misbehave:
 * - images: a remote one is fetched as soon as the tooltip shows, and its address can carry the
 *   conversation away (the chat blocks them for the same reason); an image reads as its alt text;
 * - links to anything but a web or mail address (`vscode:`, `file:` …): they read as their text.
 * Code (fenced blocks and spans) is left exactly as written.
 */
import { codeSpans } from './markdownText';

/** Text that shows as written in Markdown: the characters markup starts with are backslash-escaped, lines kept. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+\-.!|<>~&=]/g, '\\$&')
    .split('\n')
    .join('  \n');
}

/** `text` as an inline code span: a backtick run longer than any inside, spaced when the text touches it. */
export function inlineCode(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ');
  let longest = 0;
  for (const run of flat.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat === '' ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A code fence longer than any run of backticks inside, so the content cannot close it. */
export function fencedCode(text: string, language = ''): string {
  let longest = 0;
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${language}\n${text}\n${ticks}`;
}

/** Web and mail addresses: the only link targets kept. */
const WEB_ADDRESS = /^(?:https?:\/\/|mailto:)/i;

/** `markdown` with its images and non-web links made inert (see the module comment); one pass over the lines. */
export function inertMarkdown(markdown: string): string {
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      // Inside a fenced block: verbatim until a fence of the same kind, at least as long, alone on its line.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker && !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))) {
      fence = marker;
      continue;
    }
    lines[i] = inertLine(line);
  }
  return lines.join('\n');
}

/** One line outside fenced code: its prose made inert, its code spans untouched. */
function inertLine(line: string): string {
  const definition = /^( {0,3})\[([^[\]]*)\]:\s*<?([^\s>]*)/.exec(line);
  if (definition && !WEB_ADDRESS.test(definition[3]!)) return `${definition[1]}\\${line.slice(definition[1]!.length)}`;
  let out = '';
  let prose = 0;
  for (const span of codeSpans(line)) {
    out += inertProse(line.slice(prose, span.start)) + line.slice(span.start, span.end);
    prose = span.end;
  }
  return out + inertProse(line.slice(prose));
}

function inertProse(text: string): string {
  if (!/[[<]/.test(text)) return text;
  return (
    text
      // Inline images read as their alt text; what is left of image syntax (reference images) is escaped.
      .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
      .replace(/!\[/g, '!\\[')
      .replace(/\[([^[\]]*)\]\(\s*<?([^()\s>]*)>?[^()]*\)/g, (link, words: string, target: string) => (WEB_ADDRESS.test(target) ? link : words))
      .replace(/<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*)>/g, (link, target: string) => (WEB_ADDRESS.test(target) ? link : `\\<${target}\\>`))
  );
}
