// The conversation as the webview holds it: the branch's items, the reply being streamed, and an
// index from tool call ids to their blocks. Applies the host's messages; says which items changed.
import type { AssistantItem, ChatItem, ToolCallBlock, UserItem } from '../core/chat/items';
import { setItemPin } from '../core/chat/pins';
import { setItemContextMark } from '../core/chat/contextMarks';
import type { ContextMarkChange } from '../core/session/types';
import { applyDelta, startReply } from '../core/chat/streamingReply';
import type { ReplyDelta, ToolMessage, TurnFilesMessage } from '../shared/protocol';

export class ChatStore {
  items: ChatItem[] = [];
  streaming: AssistantItem | undefined;
  /** The user's message sent and not yet in the session (see core/chat/pendingPrompt.ts). */
  pending: UserItem | undefined;
  private tools = new Map<string, { item: ChatItem; block: ToolCallBlock }>();
  private ids = new Map<string, number>();

  reset(items: ChatItem[], streaming: AssistantItem | undefined): void {
    this.items = items;
    this.streaming = streaming;
    this.tools.clear();
    this.ids.clear();
    items.forEach((item, index) => this.index(item, index));
    if (streaming) this.index(streaming, -1);
  }

  /** All items to draw: the branch, the message being sent, then the streamed reply. */
  get count(): number {
    return this.items.length + (this.pending ? 1 : 0) + (this.streaming ? 1 : 0);
  }

  at(index: number): ChatItem {
    if (index < this.items.length) return this.items[index]!;
    return index === this.items.length && this.pending ? this.pending : this.streaming!;
  }

  indexOf(entryId: string): number | undefined {
    return this.ids.get(entryId);
  }

  /** Earlier items of the branch, before the first one held. */
  prepend(items: ChatItem[]): void {
    this.items = [...items, ...this.items];
    this.ids.clear();
    this.items.forEach((item, index) => this.index(item, index));
  }

  append(item: ChatItem): void {
    // The finished reply replaces the streamed one.
    if (item.kind === 'assistant') this.streaming = undefined;
    // The session's own entry of the message being sent takes its place.
    if (item.kind === 'user') this.pending = undefined;
    this.items.push(item);
    this.index(item, this.items.length - 1);
  }

  startReply(model: string): void {
    this.streaming = startReply(model);
  }

  delta(delta: ReplyDelta): void {
    if (!this.streaming) this.streaming = startReply('');
    applyDelta(this.streaming, delta);
    if (delta.kind === 'toolCall') this.index(this.streaming, -1);
  }

  dropReply(): void {
    this.streaming = undefined;
  }

  /** A turn's files changed: its user message's card shows them; false when that message is not held. */
  turnFiles(message: TurnFilesMessage): boolean {
    const index = this.ids.get(message.turnId);
    const item = index === undefined ? undefined : this.items[index];
    if (item?.kind !== 'user') return false;
    item.files = message.files;
    return true;
  }

  /** Applies a tool's progress; returns the id of the item to draw again. */
  tool(message: ToolMessage): string | undefined {
    const found = this.tools.get(message.toolCallId);
    if (!found) return undefined;
    const { item, block } = found;
    if (message.phase === 'start') block.status = 'running';
    else if (message.result) {
      block.result = message.result;
      if (message.phase === 'end') block.status = message.result.isError ? 'error' : 'done';
    }
    if (message.entryId && item.kind === 'assistant') {
      item.branchPointId = message.entryId;
      block.resultId = message.entryId;
    }
    return item.id;
  }

  /** Entry `entryId` was pinned or unpinned; returns the id of the item to draw again (none: not held). */
  pin(entryId: string, pinned: boolean): string | undefined {
    return this.changeHolder(entryId, (item) => setItemPin(item, entryId, pinned));
  }

  /** Entries' context marks changed; returns the ids of the items to draw again (those held). */
  contextMarks(changes: readonly ContextMarkChange[]): string[] {
    const ids = changes.map(({ entryId, mark }) => this.changeHolder(entryId, (item) => setItemContextMark(item, entryId, mark)));
    return [...new Set(ids.filter((id) => id !== undefined))];
  }

  /** Applies `change` to the item holding entry `entryId` (the item itself, or a reply holding it as a tool result); that item's id. */
  private changeHolder(entryId: string, change: (item: ChatItem) => boolean): string | undefined {
    const index = this.ids.get(entryId);
    const candidates = index !== undefined ? [this.items[index]!] : [...this.tools.values()].map(({ item }) => item);
    return candidates.find(change)?.id;
  }

  private index(item: ChatItem, index: number): void {
    if (index >= 0) this.ids.set(item.id, index);
    if (item.kind !== 'assistant') return;
    for (const block of item.blocks) if (block.type === 'toolCall') this.tools.set(block.toolCallId, { item, block });
  }
}
