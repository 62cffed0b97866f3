// Markdown → safe HTML: markdown-it with raw HTML off, then DOMPurify with an allow-list. What
// survives: text formatting, lists, tables, code (highlighted), links (opened by the host on click,
// never navigated here) and images only as inline raster `data:` URLs (a remote image could leak
// the conversation; the CSP blocks it too). No style attributes, no forms, no event handlers.
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
  return (source) => purify.sanitize(markdown.render(source), config) as string;
}
