/**
 * The branch as one standalone HTML page: every piece of session text escaped, inline CSS only,
 * no script, and a CSP that forbids loading anything, so opening it fetches nothing.
 */
import type { BranchDocument, Part } from './blocks';

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}
h1{font-size:1.5rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;color:#57606a}dd{margin:0}
section{border:1px solid #d0d7de;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
h2{font-size:1rem;margin:.3rem 0}h2 small{font-weight:normal;color:#57606a}.label{background:#ddf4ff;border-radius:4px;padding:0 .4rem}
.text{white-space:pre-wrap;overflow-wrap:anywhere}pre{background:#f6f8fa;padding:.5rem;overflow:auto;white-space:pre-wrap}
blockquote{margin:.5rem 0;padding-left:.8rem;border-left:3px solid #d0d7de;color:#57606a;white-space:pre-wrap}.note{color:#57606a;font-style:italic}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}pre{background:#161b22}section{border-color:#30363d}.label{background:#1f3a5f}}
`;

export function renderHtml(doc: BranchDocument): string {
  const facts = doc.facts.map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  const sections = doc.blocks.map((block) => {
    const label = block.label ? ` <span class="label">${escapeHtml(block.label)}</span>` : '';
    const parts = block.parts.map(renderPart).join('\n');
    return `<section id="entry-${escapeHtml(block.id)}">\n<h2>${escapeHtml(block.heading)}${label} <small>${escapeHtml(block.id)}</small></h2>\n${parts}\n</section>`;
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(doc.title)}</h1>`,
    `<dl>${facts}</dl>`,
    ...sections,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function renderPart(part: Part): string {
  switch (part.kind) {
    case 'text':
      return `<div class="text">${escapeHtml(part.text)}</div>`;
    case 'code':
      return `<pre><code>${escapeHtml(part.text)}</code></pre>`;
    case 'quote':
      return `<blockquote><strong>${escapeHtml(part.title)}</strong>\n${escapeHtml(part.text)}</blockquote>`;
    case 'note':
      return `<p class="note">${escapeHtml(part.text)}</p>`;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
