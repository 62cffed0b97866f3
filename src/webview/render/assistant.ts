// An assistant reply: text as Markdown, thinking and tool calls as collapsible cards, and how it
// ended when it did not end normally.
import type { AssistantBlock, AssistantItem, ToolCallBlock, ToolResultView } from '../../core/chat/items';
import { actionButton, h, icon } from './dom';
import { pinButton, pinnedMark } from './pins';
import { contextMarkElement } from './contextMarks';
import { markWithCompare, modelButtons } from './modelActions';
import { markdownElement } from './markdownView';

/** Which cards the user opened (by key), so a re-render keeps them open. */
export const openCards = new Set<string>();

export function assistantBody(item: AssistantItem): HTMLElement[] {
  const parts = item.blocks.map((block, index) => blockElement(item, block, index)).filter((part): part is HTMLElement => part !== undefined);
  if (item.streaming && item.blocks.length === 0) parts.push(h('div', { class: 'pending' }, [icon('loading', 'codicon-modifier-spin'), h('span', { text: ' Waiting for the reply…' })]));
  if (item.ending) {
    const name = item.ending.reason === 'error' ? 'error' : item.ending.reason === 'aborted' ? 'debug-stop' : 'warning';
    parts.push(h('div', { class: `ending ending-${item.ending.reason}`, attrs: { role: 'note' } }, [icon(name), h('span', { text: ` ${item.ending.message}` })]));
  }
  return parts;
}

function blockElement(item: AssistantItem, block: AssistantBlock, index: number): HTMLElement | undefined {
  switch (block.type) {
    case 'text':
      return block.text ? markdownElement(block.text) : undefined;
    case 'thinking': {
      const label = block.redacted ? 'Thinking (redacted by the provider)' : 'Thinking';
      return card(`${item.id}:thinking:${index}`, 'thinking-card', [icon('lightbulb'), h('span', { class: 'card-title', text: label })], block.text ? [h('div', { class: 'thinking-text', text: block.text })] : []);
    }
    case 'toolCall':
      return toolCard(block);
  }
}

const STATUS_ICON: Record<ToolCallBlock['status'], [string, string]> = {
  pending: ['circle-outline', 'Waiting'],
  running: ['loading', 'Running'],
  done: ['check', 'Done'],
  error: ['error', 'Failed'],
};

export function toolCard(block: ToolCallBlock): HTMLElement {
  const [name, label] = STATUS_ICON[block.status];
  const status = h('span', { class: `tool-status status-${block.status}`, attrs: { role: 'img', 'aria-label': label, title: label } }, [
    icon(name, block.status === 'running' ? 'codicon-modifier-spin' : ''),
  ]);
  const summary: HTMLElement[] = [status, h('span', { class: 'card-title tool-name', text: block.foreign ?? block.name })];
  // A tool the session called that Arbor does not have (pi's MCP tools, codemode): said quietly.
  if (block.foreign !== undefined) summary.push(h('span', { class: 'tool-foreign', text: 'not an Arbor tool' }));
  summary.push(h('span', { class: 'tool-args-short', text: block.summary }));
  const diff = block.result?.writtenDiff;
  if (diff) summary.push(...writtenDiffElements(block.toolCallId, diff.autoApproved));
  if (block.resultPinned) summary.push(pinnedMark('Result pinned'));
  if (block.resultId !== undefined) summary.push(...markWithCompare(block.resultId, block.resultContextMark, true));
  else if (block.resultContextMark) summary.push(contextMarkElement(block.resultContextMark, true)!);
  const body: HTMLElement[] = [h('div', { class: 'card-label', text: 'Arguments' }), h('pre', { class: 'tool-args', text: block.args })];
  if (block.result) for (const part of resultElements(block.result)) body.push(part);
  if (block.resultId !== undefined) body.push(h('div', { class: 'card-actions' }, [pinButton(block.resultId, block.resultPinned === true, 'result'), ...modelButtons(block.resultId, block.resultContextMark, true, true)]));
  const marked = block.resultContextMark ? ` result-model-${block.resultContextMark}` : '';
  return card(`tool:${block.toolCallId}`, `tool-card tool-${block.status}${marked}`, summary, body);
}

/**
 * The card's way into the diff editor: "Show diff" for a change written without review (said in
 * words beside it), "Open diff" for one the user saw or one only the session recorded.
 */
function writtenDiffElements(toolCallId: string, autoApproved: boolean): HTMLElement[] {
  const button = actionButton('open-written-diff', autoApproved ? 'Show diff' : 'Open diff', 'diff', { call: toolCallId });
  button.classList.add('written-diff');
  return autoApproved ? [h('span', { class: 'auto-approved', text: 'written without review' }), button] : [button];
}

/** The recorded diff, a line each, added and removed lines marked by class (set as text, never markup). */
function diffElement(diff: string): HTMLElement {
  const lines = diff.split('\n').map((line) => h('span', { class: line.startsWith('+') ? 'diff-add' : line.startsWith('-') ? 'diff-del' : 'diff-ctx', text: `${line}\n` }));
  return h('pre', { class: 'tool-diff' }, lines);
}

export function resultElements(result: ToolResultView): HTMLElement[] {
  const parts: HTMLElement[] = [h('div', { class: 'card-label', text: result.isError ? 'Error' : 'Result' }), h('pre', { class: `tool-result${result.isError ? ' is-error' : ''}`, text: result.text || '(no output)' })];
  for (const image of result.images) parts.push(h('img', { class: 'chat-image', attrs: { src: `data:${image.mimeType};base64,${image.data}`, alt: 'Image from the tool' } }));
  if (result.truncated) parts.push(h('div', { class: 'note', text: 'The output was truncated.' }));
  if (result.diff) parts.push(h('div', { class: 'card-label', text: 'Diff' }), diffElement(result.diff));
  return parts;
}

/** A `<details>` card whose open state survives re-rendering. */
export function card(key: string, className: string, summary: Node[], body: Node[]): HTMLDetailsElement {
  const details = h('details', { class: `card ${className}`, attrs: { 'data-card': key } }, [h('summary', {}, summary), h('div', { class: 'card-body' }, body)]);
  details.open = openCards.has(key);
  return details;
}
