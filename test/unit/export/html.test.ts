import { strict as assert } from 'node:assert';
import { branchDocument } from '../../../src/core/export/blocks';
import { renderHtml } from '../../../src/core/export/html';
import type { SessionEntry } from '../../../src/core/session';
import { SessionTree } from '../../../src/core/session';
import { HEADER, smallTree } from './smallSession';

/** Strings that try to break out of text into markup, attributes, script or links. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<body onload="alert(1)">',
  '"><img src=x onerror="alert(1)">',
  "'><a href='javascript:alert(1)'>x</a>",
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '</style><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '`onmouseover`=alert(1)',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<!--<script>alert(1)//-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
];

function hostileSession(text: string): { tree: SessionTree; path: SessionEntry[] } {
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
  const entries: SessionEntry[] = [
    { type: 'message', id: 'u1', parentId: null, timestamp: '2026-04-01T10:00:01.000Z', message: { role: 'user', content: text, timestamp: 1 } },
    {
      type: 'message',
      id: 'a1',
      parentId: 'u1',
      timestamp: '2026-04-01T10:00:02.000Z',
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: text },
          { type: 'text', text },
          { type: 'toolCall', id: 'tc1', name: text, arguments: { [text]: text } },
        ],
        api: 'anthropic-messages',
        provider: text,
        model: text,
        usage,
        stopReason: 'error',
        errorMessage: text,
        timestamp: 2,
      },
    },
    { type: 'message', id: 't1', parentId: 'a1', timestamp: '2026-04-01T10:00:03.000Z', message: { role: 'toolResult', toolCallId: 'tc1', toolName: text, content: [{ type: 'text', text }], isError: true, timestamp: 3 } },
    { type: 'message', id: 'h1', parentId: 't1', timestamp: '2026-04-01T10:00:04.000Z', message: { role: 'bashExecution', command: text, output: text, exitCode: 1, cancelled: false, truncated: false, timestamp: 4 } },
    { type: 'compaction', id: 'c1', parentId: 'h1', timestamp: '2026-04-01T10:00:05.000Z', summary: text, firstKeptEntryId: text, tokensBefore: 10, fromHook: false },
    { type: 'branch_summary', id: 'b1', parentId: 'c1', timestamp: '2026-04-01T10:00:06.000Z', fromId: 'u1', summary: text, fromHook: false },
    { type: 'custom_message', id: 'x1', parentId: 'b1', timestamp: '2026-04-01T10:00:07.000Z', customType: text, content: text, display: true },
    { type: 'model_change', id: 'm1', parentId: 'x1', timestamp: '2026-04-01T10:00:08.000Z', provider: text, modelId: text },
    { type: 'label', id: 'l1', parentId: 'm1', timestamp: '2026-04-01T10:00:09.000Z', targetId: 'u1', label: text },
    { type: 'session_info', id: 'n1', parentId: 'l1', timestamp: '2026-04-01T10:00:10.000Z', name: text },
  ];
  const tree = SessionTree.fromEntries(entries);
  return { tree, path: tree.pathTo('n1') };
}

describe('HTML export', () => {
  it('is one standalone page: CSP that loads nothing, inline style for light and dark, the title from the session name', () => {
    const tree = smallTree();
    const html = renderHtml(branchDocument(HEADER, tree, tree.pathTo('n1')));
    assert.ok(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'));
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`));
    assert.ok(html.includes('<title>Demo</title>'));
    assert.ok(html.includes('@media (prefers-color-scheme:dark)'));
    assert.ok(html.endsWith('</body>\n</html>\n'));
    assert.doesNotMatch(html, /<(script|link|img|iframe|object|a)\b/i);
  });

  it('gives the compaction and the branch summary cards of their own, and labels on their targets', () => {
    const tree = smallTree();
    const html = renderHtml(branchDocument(HEADER, tree, tree.pathTo('n1')));
    assert.ok(
      html.includes(
        '<section class="compaction" id="entry-c1">\n<h2>Compaction summary <small>c1</small></h2>\n<p class="note">1200 tokens summarized; kept from entry b1</p>\n<div class="text">## Goal\nList files</div>\n</section>',
      ),
    );
    assert.ok(
      html.includes(
        '<section class="branch-summary" id="entry-b1">\n<h2>Branch summary <small>b1</small></h2>\n<p class="note">Summary of a branch this conversation came back from</p>\n<div class="text">Tried the other way; it failed.</div>\n</section>',
      ),
    );
    assert.ok(html.includes('<section class="user" id="entry-u1">\n<h2>User <span class="label">start</span> <small>u1</small></h2>\n<div class="text">Hola, ¿qué hay en 目录?</div>\n</section>'));
    assert.equal((html.match(/<section /g) ?? []).length, 7);
  });

  for (const attack of XSS_CORPUS) {
    it(`keeps ${JSON.stringify(attack)} as text in every field it can reach`, () => {
      const { tree, path } = hostileSession(attack);
      const html = renderHtml(branchDocument(HEADER, tree, path));
      assert.doesNotMatch(html, /<script/i);
      assert.doesNotMatch(html, / on\w+\s*=/i);
      assert.doesNotMatch(html, /(java|vb)script\s*:/i);
      assert.doesNotMatch(html, /<(img|svg|iframe|a|details|math)\b/i);
      // Every element in the page is one the exporter writes itself.
      const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((match) => match[1]!.toLowerCase()));
      assert.deepEqual([...tags].sort(), ['blockquote', 'body', 'code', 'dd', 'div', 'dl', 'dt', 'h1', 'h2', 'head', 'html', 'meta', 'p', 'pre', 'section', 'small', 'span', 'strong', 'style', 'title'].filter((tag) => tags.has(tag)));
      assert.equal((html.match(/<meta /g) ?? []).length, 3);
      assert.equal((html.match(/<\/style>/g) ?? []).length, 1);
    });
  }

  it('reads back as the original text once the character references are decoded', () => {
    const attack = XSS_CORPUS[6]!;
    const { tree, path } = hostileSession(attack);
    const html = renderHtml(branchDocument(HEADER, tree, path));
    const text = /<section class="user" id="entry-u1">[\s\S]*?<div class="text">([^<]*)<\/div>/.exec(html)![1]!;
    const decoded = text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    assert.equal(decoded, attack);
  });
});
