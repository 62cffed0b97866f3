// Rendered Markdown in the chat: sanitized HTML, then each code block gets its toolbar (copy,
// insert at cursor). The toolbar is built here with the DOM, not through the sanitizer's input.
import { createMarkdownRenderer } from '../markdown';
import { actionButton, h } from './dom';

const render = createMarkdownRenderer(window);

export function markdownElement(source: string, className = 'markdown'): HTMLDivElement {
  const container = h('div', { class: className });
  container.innerHTML = render(source);
  for (const code of Array.from(container.querySelectorAll('pre > code'))) decorateCodeBlock(code as HTMLElement);
  for (const item of Array.from(container.querySelectorAll('li'))) markTask(item);
  return container;
}

const TEXT_NODE = 3;
const TASK_MARK = /^\[([ xX])\]\s+/;

/**
 * A task-list item (`- [x] done`, `- [ ] to do`, as summaries write their progress) drawn with a
 * check or an empty circle instead of its brackets, and said as done or not done.
 */
function markTask(item: HTMLLIElement): void {
  let first: Node | null = item.firstChild;
  // A loose list wraps the item's text in a paragraph.
  if (first?.nodeName === 'P') first = first.firstChild;
  if (first?.nodeType !== TEXT_NODE) return;
  const text = first as Text;
  const mark = TASK_MARK.exec(text.data);
  if (!mark) return;
  const done = mark[1] !== ' ';
  text.data = text.data.slice(mark[0].length);
  text.before(h('span', { class: `task-mark codicon codicon-${done ? 'pass' : 'circle-large-outline'}`, attrs: { role: 'img', 'aria-label': done ? 'Done:' : 'Not done:' } }));
  item.classList.add('task-item', done ? 'task-done' : 'task-open');
  item.parentElement?.classList.add('task-list');
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
