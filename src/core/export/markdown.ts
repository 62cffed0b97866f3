/** The branch as Markdown. Message text is Markdown already and is kept as written. */
import { fencedCode } from '../util/markdownSafe';
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
      return fencedCode(part.text, part.lang ?? '');
    case 'quote':
      return `> **${part.title}**\n>\n${part.text.replace(/^/gm, '> ')}`;
    case 'note':
      return `_${oneLine(part.text)}_`;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
