/**
 * The agent's view of the current position: the context messages and the request messages,
 * maintained incrementally. An entry appended under the tracked position adds its message (O(1));
 * anything else — a move, a compaction, a context edit, a summary attached elsewhere, a change kind
 * this build does not know — marks the view stale, and it is rebuilt from the session once, on next use.
 */
import {
  entryToContextMessage,
  messageRole,
  projectPath,
  type AgentMessage,
  type AssistantMessage,
  type CompactionEntry,
  type ModelRef,
  type Session,
  type SessionChange,
  type SessionEntry,
} from '../session';
import { usageTrust, type UsageTrust } from '../tokens';
import type { Disposable } from '../util/event';
import { RequestMessages } from './requestMessages';

export interface ContextView {
  /** The context messages (the agent state); do not mutate. */
  messages: readonly AgentMessage[];
  request: RequestMessages;
  /** The latest compaction on the branch, if any. */
  latestCompaction: CompactionEntry | undefined;
  /**
   * Which messages may carry a trusted usage: those after the latest context edit or compaction on
   * the branch. Appends keep it (they come after); an edit or a compaction rebuilds the view.
   */
  trust: UsageTrust;
  /** The context holds context edits (pi 1.6 then measures its threshold on the projected context). */
  edited: boolean;
  /** Grows with every message added (the guard's "generation"). */
  generation: number;
  /** The model and thinking level the branch last recorded (entries or replies). */
  model: ModelRef | null;
  thinkingLevel: string;
  /** The names of the tools the context's replies called. */
  calledTools: Set<string>;
}

export class ContextTracker implements Disposable {
  private leafId: string | null | undefined;
  private view: ContextView | undefined;
  private readonly subscription: Disposable;

  constructor(
    private readonly session: Session,
    private readonly onAppend: (entry: SessionEntry) => void = () => undefined,
  ) {
    this.subscription = session.onDidChange((change) => this.changed(change));
  }

  current(): ContextView {
    if (!this.view || this.leafId !== this.session.leafId) this.rebuild();
    return this.view!;
  }

  /** Forget the view (e.g. after the session was changed behind our back). */
  invalidate(): void {
    this.view = undefined;
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private changed(change: SessionChange | { kind: string }): void {
    if (change.kind === 'append') {
      const entry = (change as { entry: SessionEntry }).entry;
      this.appended(entry);
      this.onAppend(entry);
    } else if (change.kind !== 'move' || (change as { leafId: string | null }).leafId !== this.leafId) {
      this.view = undefined;
    }
  }

  private appended(entry: SessionEntry): void {
    const view = this.view;
    // A compaction or a context edit changes messages already in the view: rebuilt on next use.
    if (!view || entry.parentId !== this.leafId || entry.type === 'compaction' || entry.type === 'context_edit') {
      this.view = undefined;
      return;
    }
    this.leafId = entry.id;
    recordSettings(view, entry);
    const message = entryToContextMessage(entry);
    if (!message) return;
    (view.messages as AgentMessage[]).push(message);
    view.request.push(message);
    addCalledTools(view.calledTools, message);
    view.generation++;
  }

  private rebuild(): void {
    const leafId = this.session.leafId;
    const path = this.session.getBranch(leafId);
    const projection = projectPath(path);
    const { messages, model, thinkingLevel } = projection;
    this.view = {
      messages,
      request: new RequestMessages(messages),
      latestCompaction: latestCompaction(path),
      trust: usageTrust(projection, path),
      edited: projection.entries.some((projected) => projected.entry.type === 'context_edit'),
      generation: messages.length,
      model,
      thinkingLevel,
      calledTools: new Set(),
    };
    for (const message of messages) addCalledTools(this.view.calledTools, message);
    this.leafId = leafId;
  }
}

function addCalledTools(names: Set<string>, message: AgentMessage): void {
  if (message.role !== 'assistant') return;
  for (const block of message.content) if (block.type === 'toolCall') names.add(block.name);
}

function latestCompaction(path: readonly SessionEntry[]): CompactionEntry | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const entry = path[i]!;
    if (entry.type === 'compaction') return entry as CompactionEntry;
  }
  return undefined;
}

/** The same rules as the session's context building, for one appended entry. */
function recordSettings(view: ContextView, entry: SessionEntry): void {
  if (entry.type === 'thinking_level_change' && typeof entry.thinkingLevel === 'string') view.thinkingLevel = entry.thinkingLevel;
  else if (entry.type === 'model_change') view.model = { provider: String(entry.provider), modelId: String(entry.modelId) };
  else if (messageRole(entry) === 'assistant') {
    const message = entry.message as AssistantMessage;
    view.model = { provider: message.provider, modelId: message.model };
  }
}
