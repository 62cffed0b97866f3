// Markdown → safe HTML: markdown-it with raw HTML off, then DOMPurify with an allow-list. What
// survives: text formatting, lists, tables, code (highlighted), links (opened by the host on click,
// never navigated here) and images only as inline raster `data:` URLs (a remote image could leak
// the conversation; the CSP blocks it too). No style attributes, no forms, no event handlers.
//
// The work is bounded whatever the text: past MAX_MARKDOWN_CHARS the rest is left out with a note,
// and a text whose Markdown makes more than MAX_INLINE_TOKENS pieces (150 000 backtick runs make
// a code element each) is shown as plain text: the sanitizer and the DOM would take seconds.
import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import MarkdownIt from 'markdown-it';
import { highlightCode } from './highlight';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'i', 's', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'sup', 'sub', 'kbd',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'class', 'start'];
/** Links: web and mail only (relative and fragment links have nowhere to go in a webview). */
const SAFE_HREF = /^(?:https?:|mailto:)/i;
const SAFE_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;

export type MarkdownRenderer = (source: string) => string;

/** Longest text rendered; the rest is left out with a note. */
export const MAX_MARKDOWN_CHARS = 100_000;
/** Most inline pieces (text runs, code spans, emphasis marks, links) rendered as Markdown. */
export const MAX_INLINE_TOKENS = 20_000;

export const CUT_NOTE = 'The rest of this text is not shown here (it is very long): export the session to read all of it.';
export const PLAIN_NOTE = 'This text holds too much Markdown to render quickly; it is shown as plain text.';

/** Builds the renderer for a window (the webview's, or jsdom's in tests). */
export function createMarkdownRenderer(window: WindowLike): MarkdownRenderer {
  const markdown = new MarkdownIt({
    html: false,
    linkify: true,
    highlight: (code, language) => highlightCode(code, language) ?? '',
  });
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'A') {
      const href = element.getAttribute('href') ?? '';
      if (!SAFE_HREF.test(href)) element.removeAttribute('href');
      element.setAttribute('rel', 'noopener noreferrer');
    } else if (element.tagName === 'IMG') {
      if (!SAFE_IMAGE.test(element.getAttribute('src') ?? '')) element.removeAttribute('src');
    }
  });
  const config: Config = {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_ATTR: ['style'],
    RETURN_TRUSTED_TYPE: false,
  };
  return (source) => {
    const shown = source.length > MAX_MARKDOWN_CHARS ? source.slice(0, MAX_MARKDOWN_CHARS) : source;
    const tokens = markdown.parse(shown, {});
    const html = inlineTokens(tokens) > MAX_INLINE_TOKENS ? `${note(PLAIN_NOTE)}${plainHtml(shown)}` : markdown.renderer.render(tokens, markdown.options, {});
    return purify.sanitize(shown === source ? html : `${html}${note(CUT_NOTE)}`, config) as string;
  };
}

function inlineTokens(tokens: readonly { children: readonly unknown[] | null }[]): number {
  let count = 0;
  for (const token of tokens) count += token.children?.length ?? 0;
  return count;
}

/** Paragraphs at blank lines, line breaks kept; every character escaped. */
function plainHtml(text: string): string {
  const escape = (line: string): string => line.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return text
    .split('\n\n')
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}

function note(text: string): string {
  return `<p><em>${text}</em></p>`;
}
