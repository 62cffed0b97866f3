/**
 * A session in memory: the header, the tree, the current position (leaf) and pi's append API —
 * every append's parent is the current leaf, then the leaf moves to it.
 *
 * Persistence is delegated to a `SessionSink` (the file, or nothing for in-memory sessions).
 * Memory is updated synchronously when an append is called, so appends issued without awaiting
 * still chain correctly; the returned promise settles when the line is written.
 */
import { Emitter, type Event } from '../util/event';
import { buildSessionContext, buildSessionProjection, type SessionContext } from './context';
import { newEntryId } from './ids';
import { isPositionMarker, POSITION_MARKER_TYPE } from './position';
import { currentSystemMessage } from './systemMessages';
import { SessionTree, type LabelState } from './tree';
import { messageRole } from './kind';
import { normalizeEntry } from './normalize';
import { oneLineName } from './text';
import type { SaveState } from './saveState';
import type {
  BranchSummaryEntry,
  CompactionEntry,
  ContextEditEntry,
  ContextReplacement,
  CustomEntry,
  CustomMessageEntry,
  EntryBase,
  ImageContent,
  Json,
  LabelEntry,
  MessageEntry,
  ModelChangeEntry,
  SessionEntry,
  SessionHeader,
  SessionInfoEntry,
  StoredMessage,
  TextContent,
  ThinkingLevelChangeEntry,
  Usage,
  UsageEntry,
} from './types';

import { SessionError, type SessionSink } from './sessionErrors';
import { WriteQueue } from './writeQueue';

export { SessionError, type SessionSink } from './sessionErrors';

export interface SessionInit {
  header: SessionHeader;
  tree?: SessionTree;
  /** Defaults to the position a reopen would compute (`positionOnOpen`). */
  leafId?: string | null;
  sink?: SessionSink;
  clock: () => Date;
  /** Where a change listener's error goes (the glue passes its log); listeners never break appends. */
  onListenerError?: (error: unknown) => void;
}

export interface CompactionInput {
  summary: string;
  /** null keeps nothing before the compaction: it then names itself, as pi 1.6's retain-none compactions do. */
  firstKeptEntryId: string | null;
  tokensBefore: number;
  details?: Json;
  /** What the summary requests cost, in pi's Usage shape. */
  usage?: Usage;
  fromHook?: boolean;
  /** Arbor's own fields, stored beside pi's (pi ignores unknown fields). */
  extra?: Record<string, Json>;
}

export interface BranchSummaryInput {
  summary: string;
  /** The entry navigated away from (the abandoned leaf, as pi 1.6 writes it; `"root"` when there was none). */
  fromId?: string;
  details?: Json;
  /** What the summary request cost, in pi's Usage shape. */
  usage?: Usage;
  fromHook?: boolean;
  extra?: Record<string, Json>;
}

export interface CustomMessageInput {
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: Json;
}

/**
 * What changed in a session: an entry was added (and became the position), the position moved, or
 * an entry another program appended to the file was read in (the position stays).
 */
export type SessionChange =
  | { kind: 'append'; entry: SessionEntry }
  | { kind: 'move'; leafId: string | null }
  /** `leafId` is the position, unchanged (a listener that treats every non-append as a move stays right). */
  | { kind: 'external'; entry: SessionEntry; leafId: string | null };

/**
 * Another program writes to this session's file: it appended entries (read in, and also announced
 * one by one as `external` changes), or the file was replaced, shrunk or rewritten before the
 * point already read (then it was read again from the start; entries already known were kept).
 */
export type OtherWriterNotice = { kind: 'appended'; entries: readonly SessionEntry[] } | { kind: 'replaced'; file: string };

/** Distributes `Omit` over a union, so each entry kind keeps its own fields. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type NewEntry = DistributiveOmit<SessionEntry, 'id' | 'parentId' | 'timestamp'>;
type NewFields<T extends SessionEntry> = DistributiveOmit<T, 'id' | 'parentId' | 'timestamp'>;

export class Session {
  readonly header: SessionHeader;
  readonly tree: SessionTree;
  private leaf: string | null;
  private readonly sink: SessionSink | undefined;
  private readonly clock: () => Date;
  private readonly writes: WriteQueue | undefined;
  private readonly changes: Emitter<SessionChange>;
  private readonly otherWriters: Emitter<OtherWriterNotice>;
  private ingested = 0;

  constructor(init: SessionInit) {
    this.header = init.header;
    this.tree = init.tree ?? new SessionTree();
    this.sink = init.sink;
    this.clock = init.clock;
    this.changes = new Emitter<SessionChange>(init.onListenerError ?? reportListenerError);
    this.otherWriters = new Emitter<OtherWriterNotice>(init.onListenerError ?? reportListenerError);
    this.writes = this.sink ? new WriteQueue(this.sink, init.onListenerError ?? reportListenerError) : undefined;
    this.leaf = init.leafId !== undefined ? init.leafId : positionOnOpen(this.tree);
    this.sink?.connect?.((entries) => this.ingest(entries));
    this.sink?.onReplaced?.(() => this.otherWriters.fire({ kind: 'replaced', file: this.sink?.path ?? '' }));
  }

  /**
   * Fires when another program (pi, another window) is found writing to this file: after its
   * entries were read in (by `refresh` or before one of our appends), or when the file was replaced.
   */
  get onDidDetectOtherWriter(): Event<OtherWriterNotice> {
    return this.otherWriters.event;
  }

  /** Fires when a write fails (entries wait in memory) and when the waiting entries are written at last. */
  get onDidChangeSaveState(): Event<SaveState> {
    return this.writes?.onDidChangeState ?? neverFires;
  }

  /** Whether every entry is in the file; if not, why and which wait. */
  get saveState(): SaveState {
    return this.writes?.state ?? { saved: true };
  }

  /**
   * Tries again to write the entries that wait (the user freed space, or the file can be written
   * again); rejects with the failure if they still cannot be. A file replaced or gone is checked
   * again too: it is written only if it turns out to be the session's own file after all.
   */
  retrySave(): Promise<void> {
    return this.writes?.retry() ?? Promise.resolve();
  }

  /** Fires synchronously, in memory order, when an entry is appended or the position moves. */
  get onDidChange(): Event<SessionChange> {
    return this.changes.event;
  }

  get id(): string {
    return this.header.id;
  }

  get file(): string | undefined {
    return this.sink?.path;
  }

  get cwd(): string {
    return this.header.cwd;
  }

  get leafId(): string | null {
    return this.leaf;
  }

  get entries(): readonly SessionEntry[] {
    return this.tree.entries;
  }

  get sessionName(): string | undefined {
    return this.tree.sessionName;
  }

  getEntry(id: string): SessionEntry | undefined {
    return this.tree.get(id);
  }

  getLabel(id: string): LabelState | undefined {
    return this.tree.labelOf(id);
  }

  /** Path root→`fromId` (default: the leaf); [] for an unknown id or an empty position. */
  getBranch(fromId: string | null = this.leaf): SessionEntry[] {
    return this.tree.pathTo(fromId);
  }

  buildContext(leafId: string | null = this.leaf): SessionContext {
    return buildSessionContext(this.tree, leafId);
  }

  /** Moves the position to `id` without adding a conversation entry. */
  async branch(id: string): Promise<void> {
    if (!this.tree.has(id)) throw new SessionError('entry-not-found', `Entry ${id} not found`);
    await this.movePosition(id);
  }

  /** Moves the position before the first entry: the next append starts a new root. */
  async resetLeaf(): Promise<void> {
    await this.movePosition(null);
  }

  appendMessage(message: StoredMessage): Promise<string> {
    return this.append<MessageEntry>({ type: 'message', message });
  }

  appendThinkingLevelChange(thinkingLevel: string): Promise<string> {
    return this.append<ThinkingLevelChangeEntry>({ type: 'thinking_level_change', thinkingLevel });
  }

  appendModelChange(provider: string, modelId: string): Promise<string> {
    return this.append<ModelChangeEntry>({ type: 'model_change', provider, modelId });
  }

  /**
   * Appends a compaction. As pi 1.6 writes one, it carries the system prompt and tools in force at
   * the position (`systemMessage`, the replay of the context's system messages, timed as the
   * compaction) whenever the context holds any, so the prompt and tools survive the compaction.
   */
  appendCompaction(input: CompactionInput): Promise<string> {
    const { extra, ...fields } = input;
    const checkpoint = currentSystemMessage(buildSessionProjection(this.tree, this.leaf).messages);
    return this.append<CompactionEntry>((base) => ({
      type: 'compaction',
      ...fields,
      firstKeptEntryId: fields.firstKeptEntryId ?? base.id,
      fromHook: input.fromHook ?? false,
      ...(checkpoint ? { systemMessage: { ...checkpoint, timestamp: Date.parse(base.timestamp) } } : {}),
      ...extra,
    }));
  }

  /** Moves to `parentId` (null: the root level), then appends a branch summary there of the branch left. */
  async branchWithSummary(parentId: string | null, input: BranchSummaryInput): Promise<string> {
    if (parentId !== null && !this.tree.has(parentId)) {
      throw new SessionError('entry-not-found', `Entry ${parentId} not found`);
    }
    // The summary's append announces the new position; no separate move.
    const abandoned = this.leaf;
    this.leaf = parentId;
    const { extra, fromId, ...fields } = input;
    return this.append<BranchSummaryEntry>({
      type: 'branch_summary',
      fromId: fromId ?? abandoned ?? 'root',
      ...fields,
      fromHook: input.fromHook ?? false,
      ...extra,
    });
  }

  /** Sets (non-empty) or clears (undefined or empty) the label of `targetId`. */
  appendLabel(targetId: string, label: string | undefined): Promise<string> {
    if (!this.tree.has(targetId)) {
      return Promise.reject(new SessionError('entry-not-found', `Entry ${targetId} not found`));
    }
    const trimmed = label?.trim();
    return this.append<LabelEntry>({ type: 'label', targetId, ...(trimmed ? { label: trimmed } : {}) });
  }

  /** The name is stored on one line, as pi 1.6 stores it: line breaks become a space. */
  appendSessionInfo(name: string): Promise<string> {
    return this.append<SessionInfoEntry>({ type: 'session_info', name: oneLineName(name) });
  }

  appendCustomEntry(customType: string, data?: Json): Promise<string> {
    return this.append<CustomEntry>({ type: 'custom', customType, ...(data !== undefined ? { data } : {}) });
  }

  appendCustomMessage(input: CustomMessageInput): Promise<string> {
    return this.append<CustomMessageEntry>({ type: 'custom_message', ...input });
  }

  /**
   * Changes how the model sees `targetId` from here on this branch: hidden (null) or with other
   * content. As pi writes it: a string for an assistant reply or a tool result is stored as one
   * text block. The target itself is never changed.
   */
  appendContextEdit(targetId: string, replacement: ContextReplacement): Promise<string> {
    const target = this.tree.get(targetId);
    if (!target) return Promise.reject(new SessionError('entry-not-found', `Entry ${targetId} not found`));
    const role = messageRole(target);
    const asBlocks = replacement !== null && typeof replacement.content === 'string' && (role === 'assistant' || role === 'toolResult');
    const stored: ContextReplacement = asBlocks ? { content: [{ type: 'text', text: replacement.content as string }] } : replacement;
    return this.append<ContextEditEntry>({ type: 'context_edit', targetId, replacement: stored });
  }

  /** Model work recorded outside a reply (pi's `usage` entry): counted in the totals only. */
  appendUsage(input: Omit<UsageEntry, 'type' | 'id' | 'parentId' | 'timestamp'>): Promise<string> {
    return this.append<UsageEntry>({ type: 'usage', ...input });
  }

  /** Waits for every pending write and fsyncs the file (the agent calls it at the end of each turn). */
  sync(): Promise<void> {
    return this.writes?.sync() ?? Promise.resolve();
  }

  /**
   * Reads in what other programs appended to the file since it was last looked at — only the bytes
   * after that point, complete lines only — and returns how many new entries joined the tree (each
   * announced as an `external` change; the position stays). Safe to call at any time, e.g. from a
   * file watcher: it waits for pending appends and no append starts while it reads.
   */
  refresh(): Promise<number> {
    const sink = this.sink;
    if (!sink?.refresh || !this.writes) return Promise.resolve(0);
    return this.writes.run(async () => {
      const before = this.ingested;
      await sink.refresh!();
      return this.ingested - before;
    });
  }

  /** Waits for pending writes without fsync. */
  flush(): Promise<void> {
    return this.writes?.settled() ?? Promise.resolve();
  }

  /** `fields` may be a function of the new entry's id and time, for fields that name them. */
  private append<T extends SessionEntry>(fields: NewFields<T> | ((base: EntryBase) => NewFields<T>)): Promise<string> {
    const entry = this.createEntry(fields as NewEntry | ((base: EntryBase) => NewEntry));
    this.leaf = entry.id;
    this.changes.fire({ kind: 'append', entry });
    return this.persist(entry).then(() => entry.id);
  }

  /**
   * Entries another program appended to our file join the tree where their parents say. The
   * position does not follow them: this session's conversation (an agent turn may be running)
   * continues from its own position, and theirs shows as a branch beside it. A reopen lands on the
   * file's last line, as pi's would.
   */
  private ingest(entries: readonly SessionEntry[]): void {
    const fresh: SessionEntry[] = [];
    for (const entry of entries) {
      if (!this.tree.ingest(entry)) continue;
      fresh.push(entry);
      this.changes.fire({ kind: 'external', entry, leafId: this.leaf });
    }
    this.ingested += fresh.length;
    if (fresh.length > 0) this.otherWriters.fire({ kind: 'appended', entries: fresh });
  }

  private createEntry(fields: NewEntry | ((base: EntryBase) => NewEntry)): SessionEntry {
    // pi writes the type, id, parent and timestamp first; keep that order so our lines look like pi's.
    const id = newEntryId((candidate) => this.tree.has(candidate));
    const head = { id, parentId: this.leaf, timestamp: this.clock().toISOString() };
    const own = typeof fields === 'function' ? fields(head) : fields;
    // Readers expect content of their type, however the caller built the message.
    const entry = normalizeEntry(Object.assign({ type: own.type, ...head }, own) as SessionEntry);
    this.tree.add(entry);
    return entry;
  }

  /**
   * The position survives a reopen by Arbor *and* by pi: both resume at the last line of the
   * file. When the position moves without a new conversation entry, we append a `custom` entry
   * (customType `arbor.position`) as a child of the new position. pi then resumes at that marker,
   * whose context is exactly the position's (custom entries carry no context); Arbor resumes at the
   * marker's parent, so the marker stays a hidden dead end and the next entry hangs off the position.
   */
  private async movePosition(id: string | null): Promise<void> {
    this.leaf = id;
    this.changes.fire({ kind: 'move', leafId: id });
    if (!this.sink || positionOnOpen(this.tree) === id) return;
    // Created like any entry (parent = the new position) but the position stays where it is.
    const marker = this.createEntry({ type: 'custom', customType: POSITION_MARKER_TYPE });
    await this.persist(marker);
  }

  private persist(entry: SessionEntry): Promise<void> {
    return this.writes?.persist(entry) ?? Promise.resolve();
  }
}

/** Where a session resumes: the last entry of the file, or a position marker's parent. */
export function positionOnOpen(tree: SessionTree): string | null {
  const last = tree.entries[tree.size - 1];
  if (!last) return null;
  if (isPositionMarker(last)) return tree.parentOf(last.id);
  return last.id;
}

const neverFires: Event<SaveState> = () => ({ dispose: () => undefined });

function reportListenerError(error: unknown): void {
  console.error('Arbor: a session change listener failed:', error);
}
