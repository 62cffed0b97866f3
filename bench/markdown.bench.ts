/**
 * The chat's Markdown pipeline (markdown-it → DOMPurify) on jsdom, with text a model or a file may
 * hold (issue 15): 150 000 backtick runs, 150 000 code spans, a 16 MB line, against a long ordinary
 * reply (prose, lists, a few code blocks). The renderer cuts at 100 000 characters and falls back
 * to plain text past 20 000 inline pieces, so each hostile text costs about what the ordinary one
 * does; without the bounds 150 000 runs took over 30 s here. jsdom is far slower than the
 * webview's Chromium: the ratios are the point.
 */
import { JSDOM } from 'jsdom';
import type { WindowLike } from 'dompurify';
import { createMarkdownRenderer } from '../src/webview/markdown';
import { backtickRuns } from '../test/support/builders';
import { medianMs, msLine, ratioLine } from './measure';

function ordinaryReply(): string {
  const section = (index: number): string =>
    [
      `## Step ${index}`,
      '',
      `The parser reads the **header** first, then each entry; see \`parseLine\` and [the docs](https://example.com/${index}).`,
      '',
      '- keeps unknown fields',
      '- reports malformed lines',
      '',
      '```ts',
      `export function step${index}(input: string): number {`,
      '  return input.length;',
      '}',
      '```',
      '',
    ].join('\n');
  return Array.from({ length: 200 }, (_, index) => section(index)).join('\n');
}

export async function run(): Promise<void> {
  const { window } = new JSDOM('<!DOCTYPE html><body></body>');
  const render = createMarkdownRenderer(window as unknown as WindowLike);
  const ordinary = ordinaryReply();
  const base = await medianMs(3, () => render(ordinary));
  console.log(msLine(`ordinary long reply (${ordinary.length} characters)`, base));
  const hostile: [string, string][] = [
    ['150 000 backtick runs', backtickRuns(150_000)],
    ['150 000 code spans (`a `a …)', '`a '.repeat(150_000)],
    ['a 16 MB line of words', 'word '.repeat(3_200_000)],
  ];
  for (const [name, text] of hostile) {
    const ms = await medianMs(3, () => render(text));
    console.log(msLine(`${name} (${text.length} characters)`, ms));
    console.log(ratioLine(`  ${name} / ordinary long reply`, ms / base));
  }
}
