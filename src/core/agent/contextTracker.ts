/**
 * The agent's view of the current position: the context messages and the request messages,
 * maintained incrementally. An entry appended under the tracked position adds its message (O(1));
 * a context edit appended there changes the one message of its target (hidden: taken out;
 * replaced: swapped), and the whole-context estimates the meter reads are corrected by that
 * message alone, so an edit costs the meter no recount of the branch. The edit is not applied to
 * the message array at once — taking a message out of the middle moves every one after it — but
 * held until something needs the whole array (a request, the tools called); the meter reads the
 * context from its end through the held edits. Anything else — a move, a compaction, an edit of
 * something other than one message (a compaction, a hidden entry shown again), a summary attached
 * elsewhere, a change kind this build does not know — marks the view stale, and it is rebuilt from
 * the session once, on next use.
 */
import {
  entryToContextMessage,
  messageRole,
  projectPath,
  replaced,
  type AgentMessage,
  type AssistantMessage,
  type CompactionEntry,
  type ContextEditEntry,
  type ModelRef,
  type Session,
  type SessionChange,
  type SessionEntry,
} from '../session';
import { ContextEstimate, usageTrust, type ContextFromEnd, type TokenEstimator, type UsageTrust } from '../tokens';
import type { Disposable } from '../util/event';
import { RequestMessages } from './requestMessages';

/** The meter reads a view as a context from its end (`contextStatus(view, …)`): no edit need be applied to its array for that. */
export interface ContextView extends ContextFromEnd {
  /** The context messages (the agent state); do not mutate. */
  readonly messages: readonly AgentMessage[];
  readonly request: RequestMessages;
  /** The latest compaction on the branch, if any. */
  readonly latestCompaction: CompactionEntry | undefined;
  /**
   * Which messages may carry a trusted usage: those after the latest context edit or compaction on
   * the branch. Appends keep it (they come after); an edit starts it after every message.
   */
  readonly trust: UsageTrust;
  /** The context holds context edits (pi 1.6 then measures its threshold on the projected context). */
  readonly edited: boolean;
  /** How many context edits were applied to this view in place (what was kept may have changed). */
  readonly editsApplied: number;
  /** Grows with every message added (the guard's "generation"). */
  readonly generation: number;
  /** The model and thinking level the branch last recorded (entries or replies, hidden ones too). */
  readonly model: ModelRef | null;
  readonly thinkingLevel: string;
  /** The names of the tools the context's replies called. */
  readonly calledTools: Set<string>;
  /** The whole context estimated by `estimator` (kept up to date by appends and edits: no recount). */
  wholeEstimate(estimator: TokenEstimator): ContextEstimate;
}

export class ContextTracker implements Disposable {
  private leafId: string | null | undefined;
  private view: TrackedView | undefined;
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
    const applied = view !== undefined && entry.parentId === this.leafId && (entry.type === 'context_edit' ? view.applyEdit(entry as ContextEditEntry, this.session) : entry.type !== 'compaction' && (view.append(entry), true));
    // Otherwise (a compaction, an edit the view cannot apply, an entry elsewhere): rebuilt on next use.
    if (applied) this.leafId = entry.id;
    else this.view = undefined;
  }

  private rebuild(): void {
    const leafId = this.session.leafId;
    this.view = new TrackedView(this.session.getBranch(leafId));
    this.leafId = leafId;
  }
}

/** A view of one position, changed in place by appends and edits under it. */
class TrackedView implements ContextView {
  /** The context messages, the edits in `pending` not yet applied; `owners[i]`: the entry `list[i]` comes from. */
  private readonly list: AgentMessage[];
  private readonly owners: string[] = [];
  /** Where each entry's message is in `list` (by index, not by message: two entries may hold one message object). */
  private readonly positions = new Map<string, number>();
  /** Edits not applied to `list` yet, by index there: the message's replacement, or null when taken out. */
  private readonly pending = new Map<number, AgentMessage | null>();
  private removed = 0;
  latestCompaction: CompactionEntry | undefined;
  trust: UsageTrust;
  edited: boolean;
  editsApplied = 0;
  generation: number;
  model: ModelRef | null;
  thinkingLevel: string;
  /** What each context entry contributes now (none: hidden), by entry id. */
  private readonly contributions = new Map<string, readonly AgentMessage[]>();
  private readonly estimates = new Map<TokenEstimator, ContextEstimate>();
  /** Built on first use after an edit (an edit can change any message: a full pass, but not the meter's). */
  private requestMessages: RequestMessages | undefined;
  private tools: Set<string> | undefined;

  constructor(path: readonly SessionEntry[]) {
    const projection = projectPath(path);
    this.list = projection.messages;
    this.latestCompaction = latestCompaction(path);
    this.trust = usageTrust(projection, path);
    this.edited = projection.entries.some((projected) => projected.entry.type === 'context_edit');
    this.generation = projection.messages.length;
    this.model = projection.model;
    this.thinkingLevel = projection.thinkingLevel;
    for (const projected of projection.entries) {
      const id = projected.entry.id;
      this.contributions.set(id, projected.messages);
      for (let i = 0; i < projected.messages.length; i++) this.positions.set(id, this.owners.push(id) - 1);
    }
  }

  get messages(): readonly AgentMessage[] {
    if (this.pending.size > 0) this.applyPending();
    return this.list;
  }

  get messageCount(): number {
    return this.list.length - this.removed;
  }

  /** The messages newest first, the pending edits applied on the way (one lookup a message, no array built). */
  *newestFirst(): Generator<AgentMessage, undefined> {
    const { list, pending } = this;
    for (let i = list.length - 1; i >= 0; i--) {
      const edited = pending.size > 0 ? pending.get(i) : undefined;
      if (edited === undefined) yield list[i]!;
      else if (edited !== null) yield edited;
    }
  }

  get request(): RequestMessages {
    return (this.requestMessages ??= new RequestMessages(this.messages));
  }

  get calledTools(): Set<string> {
    if (!this.tools) {
      this.tools = new Set();
      for (const message of this.messages) addCalledTools(this.tools, message);
    }
    return this.tools;
  }

  wholeEstimate(estimator: TokenEstimator): ContextEstimate {
    let estimate = this.estimates.get(estimator);
    if (!estimate) this.estimates.set(estimator, (estimate = new ContextEstimate(estimator, this.messages)));
    return estimate;
  }

  append(entry: SessionEntry): void {
    recordSettings(this, entry);
    const message = entryToContextMessage(entry);
    this.contributions.set(entry.id, message ? [message] : []);
    if (!message) return;
    this.place(entry.id, message);
    this.requestMessages?.push(message);
    if (this.tools) addCalledTools(this.tools, message);
    for (const estimate of this.estimates.values()) estimate.add(message);
    this.generation++;
  }

  /**
   * Applies an edit appended at the position: its target's one message is taken out or swapped
   * (held in `pending`), and every usage before it stops being trusted. False when this view
   * cannot (the target gives other than one message now — hidden, a compaction — or its edited
   * form is not one message).
   */
  applyEdit(edit: ContextEditEntry, session: Pick<Session, 'getEntry'>): boolean {
    const before = this.contributions.get(edit.targetId);
    const target = session.getEntry(edit.targetId);
    if (before !== undefined) {
      const index = this.positions.get(edit.targetId);
      if (before.length !== 1 || !target || target.type === 'compaction' || index === undefined) return false;
      const original = entryToContextMessage(target);
      const after = edit.replacement === null || !original ? undefined : replaced(original, edit.replacement);
      for (const estimate of this.estimates.values()) if (!estimate.remove(before[0]!)) return false;
      for (const estimate of this.estimates.values()) if (after) estimate.add(after);
      // The target gives one message now, so its slot holds it: not taken out by an earlier pending edit.
      this.pending.set(index, after ?? null);
      if (!after) this.removed++;
      this.contributions.set(edit.targetId, after ? [after] : []);
      this.requestMessages = undefined;
      this.tools = undefined;
    }
    // An edit of something outside the context (summarized, another branch) changes no message; as any edit, it ends the trust of the usages before it.
    this.contributions.set(edit.id, []);
    this.trust = { from: this.messageCount, after: 'context_edit' };
    this.edited = true;
    this.editsApplied++;
    return true;
  }

  private place(entryId: string, message: AgentMessage): void {
    this.positions.set(entryId, this.list.length);
    this.list.push(message);
    this.owners.push(entryId);
  }

  /** The pending edits applied to the array, in one pass (in place: the array stays the one handed out). */
  private applyPending(): void {
    const { list, owners, pending } = this;
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const edited = pending.get(i);
      if (edited === null) continue;
      if (kept !== i) this.positions.set(owners[i]!, kept);
      list[kept] = edited ?? list[i]!;
      owners[kept++] = owners[i]!;
    }
    list.length = owners.length = kept;
    pending.clear();
    this.removed = 0;
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
function recordSettings(view: { model: ModelRef | null; thinkingLevel: string }, entry: SessionEntry): void {
  if (entry.type === 'thinking_level_change' && typeof entry.thinkingLevel === 'string') view.thinkingLevel = entry.thinkingLevel;
  else if (entry.type === 'model_change') view.model = { provider: String(entry.provider), modelId: String(entry.modelId) };
  else if (messageRole(entry) === 'assistant') {
    const message = entry.message as AssistantMessage;
    view.model = { provider: message.provider, modelId: message.model };
  }
}
