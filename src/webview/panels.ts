// What sits around the conversation: notices (with an action), the queued prompts, the
// untrusted-workspace banner and the empty state (the approval cards are in approvalCards.ts).
import type { ChatCommandId, ChatStatus, NoticeMessage } from '../shared/protocol';
import { actionButton, h, icon } from './render/dom';
import { COMMAND } from '../shared/commands';

const MAX_NOTICES = 3;

/** A command button's icon: what the command does (the key for the rest: they set it up). */
const COMMAND_ICONS: Partial<Record<ChatCommandId, string>> = { [COMMAND.showSessionProblems]: 'checklist' };

export function showNotice(container: HTMLElement, notice: NoticeMessage): void {
  const action = notice.action
    ? notice.action.kind === 'retry'
      ? actionButton('retry', notice.action.label, 'refresh')
      : actionButton('command', notice.action.label, COMMAND_ICONS[notice.action.command] ?? 'key', { command: notice.action.command })
    : undefined;
  const iconName = notice.level === 'error' ? 'error' : notice.level === 'warning' ? 'warning' : 'info';
  const role = notice.level === 'error' ? 'alert' : 'status';
  const element = h('div', { class: `notice notice-${notice.level}`, attrs: { role, ...(notice.sessionId !== undefined ? { 'data-session': notice.sessionId } : {}) } }, [
    icon(iconName),
    h('span', { class: 'notice-text', text: notice.text }),
    action,
    actionButton('dismiss', 'Dismiss', 'close', {}, false),
  ]);
  container.append(element);
  while (container.children.length > MAX_NOTICES) container.firstElementChild?.remove();
}

/** Removes the notices about a session other than `sessionId` (the one now shown). */
export function dropOtherSessionNotices(container: HTMLElement, sessionId: string | undefined): void {
  for (const notice of container.querySelectorAll<HTMLElement>('.notice[data-session]')) if (notice.dataset['session'] !== sessionId) notice.remove();
}

export function showQueue(container: HTMLElement, status: ChatStatus): void {
  container.replaceChildren();
  container.hidden = !(status.running && status.queued.length > 0);
  if (container.hidden) return;
  container.append(h('div', { class: 'muted', text: `Queued (sent when the current reply ends):` }));
  status.queued.forEach((text, index) =>
    container.append(
      h('div', { class: 'queued-item' }, [
        h('span', { class: 'queued-text', text }),
        actionButton('unqueue', 'Take this message out of the queue (back into the input)', 'close', { index: String(index), text }, false),
      ]),
    ),
  );
}

/**
 * The bar above the input while a draft is put aside (a move put text into the input): its first
 * line, "Restore draft" (the two swap places) and a button to let it go.
 */
export function showStash(container: HTMLElement, stash: string | undefined): void {
  container.hidden = stash === undefined;
  if (stash === undefined) return container.replaceChildren();
  const firstLine = stash.trim().split('\n')[0] ?? '';
  container.replaceChildren(
    icon('archive'),
    h('span', { class: 'stash-text', attrs: { title: stash } }, [h('span', { class: 'muted', text: 'Draft put aside: ' }), h('span', { text: firstLine })]),
    actionButton('restore-draft', 'Restore draft', 'discard'),
    actionButton('drop-stash', 'Discard the draft put aside', 'close', {}, false),
  );
}

/** What Arbor is and what to do first; shown while the conversation is empty. */
export function emptyState(status: ChatStatus): HTMLElement {
  return h('div', { class: 'empty-state' }, [
    h('h2', {}, [icon('sparkle'), h('span', { text: ' Arbor' })]),
    h('p', { text: 'A coding agent whose conversation is a tree: edit any message to branch, move between branches, and compact long sessions without losing track of what was done.' }),
    status.hasKey
      ? h('p', { text: `Type a message below to start (model: ${status.model}).` })
      : h('div', {}, [
          h('p', { text: 'To start, set your Anthropic API key (stored in VS Code’s secret storage, never in settings or session files), or start VS Code with ANTHROPIC_API_KEY set.' }),
          actionButton('command', 'Set API Key', 'key', { command: COMMAND.setApiKey }),
        ]),
  ]);
}

export function trustBanner(status: ChatStatus): HTMLElement | undefined {
  if (status.toolsOff === 'untrusted') {
    return h('div', { class: 'banner', attrs: { role: 'note' } }, [
      icon('workspace-untrusted'),
      h('span', { text: ' This workspace is not trusted: Arbor’s tools (read, edit, bash, …) are off; it can only chat.' }),
      actionButton('command', 'Manage Workspace Trust', 'shield', { command: 'workbench.trust.manage' }),
    ]);
  }
  if (status.toolsOff === 'no-folder') return h('div', { class: 'banner', attrs: { role: 'note' } }, [icon('info'), h('span', { text: ' No folder is open: Arbor’s tools are off until you open one.' })]);
  return undefined;
}
