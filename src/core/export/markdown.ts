/** The branch as Markdown. Message text is Markdown already and is kept as written. */
import type { BranchDocument, Part } from './blocks';

export function renderMarkdown(doc: BranchDocument): string {
  const out: string[] = [`# ${oneLine(doc.title)}`, '', ...doc.facts.map(([key, value]) => `- **${key}:** ${oneLine(value)}`), ''];
  for (const block of doc.blocks) {
    const label = block.label ? ` — label “${oneLine(block.label)}”` : '';
    out.push(`## ${oneLine(block.heading)}${label}`, '', `<sub>entry ${block.id}</sub>`, '');
    for (const part of block.parts) out.push(renderPart(part), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function renderPart(part: Part): string {
  switch (part.kind) {
    case 'text':
      return part.text === '' ? '_(no text)_' : part.text;
    case 'code':
      return fence(part.text, part.lang ?? '');
    case 'quote':
      return `> **${part.title}**\n>\n${part.text.replace(/^/gm, '> ')}`;
    case 'note':
      return `_${oneLine(part.text)}_`;
  }
}

/** A code fence longer than any run of backticks inside, so the content cannot close it. */
function fence(text: string, lang: string): string {
  const ticks = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${ticks}${lang}\n${text}\n${ticks}`;
}

/** Counted in one pass: a text may hold hundreds of thousands of runs, too many to spread into Math.max. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (let at = text.indexOf('`'); at >= 0; ) {
    let end = at;
    while (text.charCodeAt(end) === 96) end++;
    longest = Math.max(longest, end - at);
    at = text.indexOf('`', end);
  }
  return longest;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
