// One chat item → its element: the message or card, and its actions (Edit & branch, Branch from here).
import { STREAMING_ID, type ChatItem } from '../../core/chat/items';
import { assistantBody, card, resultElements } from './assistant';
import { actionButton, formatTokens, h, icon } from './dom';
import { markdownElement } from './markdownView';

export function itemElement(item: ChatItem): HTMLElement {
  const element = h('article', { class: `item item-${item.kind}`, attrs: { 'data-id': item.id } });
  // One by one: a reply may hold any number of blocks, too many to spread into one call.
  for (const part of bodyOf(item)) element.append(part);
  if (item.id !== STREAMING_ID) element.append(actionsOf(item));
  return element;
}

function role(label: string, iconName: string): HTMLElement {
  return h('div', { class: 'role' }, [icon(iconName), h('span', { text: label })]);
}

function bodyOf(item: ChatItem): HTMLElement[] {
  switch (item.kind) {
    case 'user':
      return [
        role('You', 'account'),
        h('div', { class: 'user-text', text: item.text }),
        ...item.images.map((image) => h('img', { class: 'chat-image', attrs: { src: `data:${image.mimeType};base64,${image.data}`, alt: 'Attached image' } })),
      ];
    case 'assistant':
      return [role(item.streaming ? 'Arbor (replying…)' : 'Arbor', 'sparkle'), ...assistantBody(item)];
    case 'compaction': {
      const after = item.tokensAfter !== undefined ? ` → ${formatTokens(item.tokensAfter)}` : '';
      const entries = item.summarizedEntries !== undefined ? ` · ${item.summarizedEntries} entries summarized` : '';
      return [
        h('div', { class: 'card-heading' }, [icon('fold'), h('strong', { text: 'Context compacted' }), h('span', { class: 'muted', text: ` ${formatTokens(item.tokensBefore)}${after} tokens${entries}` })]),
        ...fileLists(item.readFiles, item.modifiedFiles),
        summaryCard(`summary:${item.id}`, item.summary),
      ];
    }
    case 'branchSummary':
      return [h('div', { class: 'card-heading' }, [icon('git-branch'), h('strong', { text: 'Summary of the branch left behind' })]), ...fileLists(item.readFiles, item.modifiedFiles), summaryCard(`summary:${item.id}`, item.summary)];
    case 'custom':
      return [role(item.customType, 'note'), markdownElement(item.text)];
    case 'bash': {
      const exit = item.cancelled ? 'cancelled' : item.exitCode !== undefined ? `exit ${item.exitCode}` : '';
      return [
        role('Shell', 'terminal'),
        h('pre', { class: 'bash-command', text: `$ ${item.command}` }),
        h('pre', { class: 'tool-result', text: item.output }),
        h('div', { class: 'note', text: [exit, item.truncated ? 'output truncated' : ''].filter(Boolean).join(' · ') }),
      ];
    }
    case 'toolResult':
      return [card(`tool:${item.toolCallId}`, 'tool-card', [icon('tools'), h('span', { class: 'card-title', text: `${item.toolName} result` })], resultElements(item.result))];
  }
}

function summaryCard(key: string, summary: string): HTMLElement {
  return card(key, 'summary-card', [h('span', { class: 'card-title', text: 'Summary' })], [markdownElement(summary)]);
}

function fileLists(read: string[], modified: string[]): HTMLElement[] {
  const lists: HTMLElement[] = [];
  if (read.length > 0) lists.push(h('div', { class: 'files' }, [h('span', { class: 'muted', text: `Read (${read.length}): ` }), h('span', { text: read.join(', ') })]));
  if (modified.length > 0) lists.push(h('div', { class: 'files' }, [h('span', { class: 'muted', text: `Modified (${modified.length}): ` }), h('span', { text: modified.join(', ') })]));
  return lists;
}

function actionsOf(item: ChatItem): HTMLElement {
  const actions = h('div', { class: 'item-actions' });
  if (item.kind === 'user') actions.append(actionButton('edit', 'Edit & branch', 'edit', { id: item.id }));
  const branchPoint = item.kind === 'assistant' ? item.branchPointId : item.id;
  actions.append(actionButton('branch', 'Branch from here', 'git-branch', { id: branchPoint }));
  return actions;
}
