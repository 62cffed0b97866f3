// One chat item → its element: the message or card, and its actions (Edit & branch, Branch from here,
// Pin / Unpin; a compaction's Show what was summarized).
import { PENDING_ID } from '../../core/chat/pendingPrompt';
import { STREAMING_ID, SUMMARY_EDITED_TEXT, type BranchSummaryItem, type ChatItem, type CompactionItem, type SummaryFiles } from '../../core/chat/items';
import { assistantBody, card, resultElements } from './assistant';
import { actionButton, formatTokens, h, icon } from './dom';
import { markdownElement } from './markdownView';
import { mentionChips } from './mentionChips';
import { pinButton, pinnedMark } from './pins';
import { contextMarkElement } from './contextMarks';
import { hasModelActions, hiddenFold, markWithCompare, modelButtons } from './modelActions';
import { turnFilesCard } from './turnFiles';
import { userText } from './userText';

export function itemElement(item: ChatItem): HTMLElement {
  const marked = item.contextMark ? ` model-${item.contextMark}` : '';
  const pending = item.id === PENDING_ID ? ' item-pending' : '';
  const element = h('article', { class: `item item-${item.kind}${marked}${pending}`, attrs: { 'data-id': item.id } });
  if (item.contextMark === 'hidden' && hasModelActions(item)) {
    // Folded into one quiet line; opened, the message as written (its mark is on the line).
    element.append(hiddenFold(item, foldLabel(item), bodyOf(unmarked(item))));
  } else {
    // One by one: a reply may hold any number of blocks, too many to spread into one call.
    for (const part of bodyOf(item)) element.append(part);
  }
  // Neither the reply being streamed nor the message being sent is an entry yet: no actions.
  if (item.id !== STREAMING_ID && item.id !== PENDING_ID) element.append(actionsOf(item));
  return element;
}

function role(label: string, iconName: string, item: ChatItem & { pinned?: boolean }): HTMLElement {
  return h('div', { class: 'role' }, [icon(iconName), h('span', { text: label }), item.pinned ? pinnedMark('Pinned') : undefined, ...markWithCompare(item.id, item.contextMark)]);
}

function foldLabel(item: ChatItem): string {
  return item.kind === 'user' ? 'You' : item.kind === 'assistant' ? 'Arbor' : item.kind === 'custom' ? item.customType : item.kind === 'toolResult' ? `${item.toolName} result` : '';
}

/** The item without its own mark (the folded line carries it). */
function unmarked(item: ChatItem): ChatItem {
  const copy = { ...item };
  delete copy.contextMark;
  return copy;
}


function bodyOf(item: ChatItem): HTMLElement[] {
  switch (item.kind) {
    case 'user':
      return [
        role(item.id === PENDING_ID ? 'You (sending…)' : 'You', 'account', item),
        ...mentionChips(item.mentions),
        ...userText(item.id, item.text),
        ...item.images.map((image) => h('img', { class: 'chat-image', attrs: { src: `data:${image.mimeType};base64,${image.data}`, alt: 'Attached image' } })),
        ...(item.files ? [turnFilesCard(item.id, item.files)] : []),
      ];
    case 'assistant':
      return [role(item.streaming ? 'Arbor (replying…)' : 'Arbor', 'sparkle', item), ...assistantBody(item)];
    case 'compaction': {
      // Right after a compaction no reply has reported usage: "after" is the meter's estimate.
      const after = item.tokensAfter !== undefined ? ` → about ${formatTokens(item.tokensAfter)}` : '';
      const entries = item.summarizedEntries !== undefined ? ` · ${item.summarizedEntries} entries summarized` : '';
      const pinned = item.pinnedCount !== undefined ? ` · ${item.pinnedCount} pinned carried verbatim` : '';
      const edited = item.summaryEdited ? ` · ${SUMMARY_EDITED_TEXT}` : '';
      return [
        h('div', { class: 'card-heading' }, [
          icon('fold'),
          h('strong', { text: 'Context compacted' }),
          h('span', { class: 'muted', text: ` ${formatTokens(item.tokensBefore)}${after} tokens${entries}${pinned}${edited}` }),
          contextMarkElement(item.contextMark),
        ]),
        summaryCard(item),
        h('div', { class: 'summary-actions' }, [actionButton('show-summarized', 'Show what was summarized', 'go-to-file', { id: item.id })]),
      ];
    }
    case 'branchSummary':
      return [
        h('div', { class: 'card-heading' }, [icon('git-branch'), h('strong', { text: 'Summary of the branch left behind' }), item.pinned ? pinnedMark('Pinned') : undefined, contextMarkElement(item.contextMark)]),
        summaryCard(item),
      ];
    case 'custom':
      return [role(item.customType, 'note', item), markdownElement(item.text)];
    case 'bash': {
      const exit = item.cancelled ? 'cancelled' : item.exitCode !== undefined ? `exit ${item.exitCode}` : '';
      return [
        role('Shell', 'terminal', item),
        h('pre', { class: 'bash-command', text: `$ ${item.command}` }),
        h('pre', { class: 'tool-result', text: item.output }),
        h('div', { class: 'note', text: [exit, item.truncated ? 'output truncated' : ''].filter(Boolean).join(' · ') }),
      ];
    }
    case 'toolResult': {
      const summary: Node[] = [icon('tools'), h('span', { class: 'card-title', text: `${item.toolName} result` })];
      if (item.pinned) summary.push(pinnedMark('Pinned'));
      summary.push(...markWithCompare(item.id, item.contextMark));
      return [card(`tool:${item.toolCallId}`, 'tool-card', summary, resultElements(item.result))];
    }
  }
}

/** The summary as a document in a card: its Markdown at the side bar's scale, a split turn's part, then the files as lists. */
function summaryCard(item: CompactionItem | BranchSummaryItem): HTMLElement {
  const body: HTMLElement[] = [];
  if (item.summary.trim() !== '') body.push(markdownElement(item.summary, 'markdown summary-text'));
  if (item.kind === 'compaction' && item.turnContext !== undefined) {
    body.push(h('div', { class: 'summary-part', text: 'The turn in progress when the context was compacted' }), markdownElement(item.turnContext, 'markdown summary-text'));
  }
  if (item.kind === 'compaction') body.push(...compactionOrigin(item));
  body.push(...fileLists(item));
  return card(`summary:${item.id}`, 'summary-card', [h('span', { class: 'card-title', text: 'Summary' }), h('span', { class: 'muted', text: filesInShort(item) })], body);
}

/** Who wrote the summary and with which instructions, as plain text (both come from the file). */
function compactionOrigin(item: CompactionItem): HTMLElement[] {
  const lines: HTMLElement[] = [];
  if (item.byExtension !== undefined) lines.push(h('div', { class: 'note summary-origin', text: `Written by the extension ${item.byExtension}` }));
  if (item.instructions !== undefined) lines.push(h('div', { class: 'note summary-instructions', text: `Instructions: ${item.instructions}` }));
  return lines;
}

/** "2 modified · 3 read" on the card's closed line. */
function filesInShort(item: SummaryFiles): string {
  const parts = [item.modifiedFiles.length > 0 ? `${item.modifiedFiles.length} modified` : '', item.readFiles.length > 0 ? `${item.readFiles.length} read` : ''].filter(Boolean);
  return parts.length > 0 ? `· ${parts.join(' · ')}` : '';
}

function fileLists(item: SummaryFiles): HTMLElement[] {
  const lists: HTMLElement[] = [];
  const list = (label: string, iconName: string, files: string[]): void => {
    if (files.length === 0) return;
    lists.push(h('div', { class: 'summary-part', text: `${label} (${files.length})` }), h('ul', { class: 'file-list', attrs: { 'aria-label': label } }, files.map((file) => h('li', {}, [icon(iconName), h('span', { text: file })]))));
  };
  list('Modified', 'edit', item.modifiedFiles);
  list('Read', 'file', item.readFiles);
  if (item.filesNotShown) lists.push(h('div', { class: 'note', text: `${item.filesNotShown} more files are not listed here.` }));
  return lists;
}

/** Icon buttons at the item's top right, shown on hover and while the focus is in the item (Tab reaches them). */
function actionsOf(item: ChatItem): HTMLElement {
  const actions = h('div', { class: 'item-actions' });
  if (item.kind === 'user') actions.append(actionButton('edit', 'Edit & branch', 'edit', { id: item.id }, false));
  const branchPoint = item.kind === 'assistant' ? item.branchPointId : item.id;
  actions.append(actionButton('branch', 'Branch from here', 'git-branch', { id: branchPoint }, false));
  if (item.kind !== 'compaction') actions.append(pinButton(item.id, item.pinned === true, item.kind === 'assistant' ? 'reply' : 'message'));
  if (hasModelActions(item)) actions.append(...modelButtons(item.id, item.contextMark, item.kind === 'toolResult'));
  return actions;
}
