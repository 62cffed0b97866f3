// Rendered Markdown in the chat: sanitized HTML, then each code block gets its toolbar (copy,
// insert at cursor). The toolbar is built here with the DOM, not through the sanitizer's input.
import { createMarkdownRenderer } from '../markdown';
import { actionButton, h } from './dom';

const render = createMarkdownRenderer(window);

export function markdownElement(source: string, className = 'markdown'): HTMLDivElement {
  const container = h('div', { class: className });
  container.innerHTML = render(source);
  for (const code of Array.from(container.querySelectorAll('pre > code'))) decorateCodeBlock(code as HTMLElement);
  return container;
}

function decorateCodeBlock(code: HTMLElement): void {
  const pre = code.parentElement;
  if (!pre) return;
  const language = /\blanguage-([\w+#-]+)/.exec(code.className)?.[1] ?? '';
  if (language) code.classList.add('hljs');
  const toolbar = h('div', { class: 'code-toolbar' }, [
    h('span', { class: 'code-language', text: language }),
    actionButton('copy-code', 'Copy', 'copy', {}, false),
    actionButton('insert-code', 'Insert at cursor', 'insert', {}, false),
  ]);
  const block = h('div', { class: 'code-block' });
  pre.replaceWith(block);
  block.append(toolbar, pre);
}
