/**
 * The session tree index: entries by id, children in file
 * order, paths root→entry, labels (latest per target) and the session name (latest
 * `session_info`). Pure and in memory.
 *
 * Broken structure never crashes or hangs: an entry whose parent is missing becomes a root, a
 * parent cycle is broken at its earliest entry, and a duplicate id is given a fresh id in memory;
 * each is reported in `problems`.
 */
import { newEntryId } from './ids';
import { oneLineName } from './text';
import type { SessionEntry } from './types';

export interface TreeProblems {
  /** Entries whose parentId names no entry of the file; they are treated as roots. */
  orphans: { id: string; parentId: string }[];
  /** Parent cycles (ids in walk order); the first id listed was made a root. */
  cycles: string[][];
  /** Later entries that reused an id; they were re-keyed in memory to `newId`. */
  duplicateIds: { id: string; newId: string }[];
}

export interface LabelState {
  label: string;
  /** Timestamp of the label entry that set it. */
  timestamp: string;
}

const ROOT = null;

export class SessionTree {
  private readonly list: SessionEntry[] = [];
  private readonly byId = new Map<string, SessionEntry>();
  /** Effective parents that differ from `entry.parentId`: null for orphans and broken cycles. */
  private readonly parentOverrides = new Map<string, string | null>();
  /** Children lists, built on first use: opening a session and building its context never need them. */
  private kidsIndex: Map<string | null, SessionEntry[]> | undefined;
  private readonly labelMap = new Map<string, LabelState>();
  private name: string | undefined;
  readonly problems: TreeProblems = { orphans: [], cycles: [], duplicateIds: [] };

  /**
   * Indexes entries read from a file (in file order). Entries with duplicate ids are re-keyed in
   * place. One pass suffices for the normal file, where parents come before their children;
   * forward references (hand-made or damaged files) take a second pass and a cycle check.
   */
  static fromEntries(entries: readonly SessionEntry[]): SessionTree {
    const tree = new SessionTree();
    const deferred: SessionEntry[] = [];
    for (const entry of entries) {
      tree.register(entry);
      const parent = entry.parentId;
      if (parent === undefined) tree.parentOverrides.set(entry.id, null);
      else if (parent !== null && (typeof parent !== 'string' || parent === entry.id || !tree.byId.has(parent))) deferred.push(entry);
      tree.applyMetadata(entry);
    }
    if (deferred.length > 0) tree.resolveDeferred(deferred);
    return tree;
  }

  private resolveDeferred(deferred: readonly SessionEntry[]): void {
    for (const entry of deferred) {
      const parent = entry.parentId;
      if (parent === entry.id) continue; // a self-parent is a cycle of one, found below
      if (typeof parent !== 'string' || !this.byId.has(parent)) {
        this.problems.orphans.push({ id: entry.id, parentId: String(parent) });
        this.parentOverrides.set(entry.id, null);
      }
    }
    this.breakCycles();
  }

  /** Adds a newly appended entry. Its parent must be null or an entry of this tree. */
  add(entry: SessionEntry): void {
    if (this.byId.has(entry.id)) throw new Error(`Duplicate entry id ${entry.id}`);
    const parent = entry.parentId;
    if (parent !== null && !this.byId.has(parent)) throw new Error(`Entry ${parent} not found`);
    this.list.push(entry);
    this.byId.set(entry.id, entry);
    if (this.kidsIndex) this.childList(this.kidsIndex, parent).push(entry);
    this.applyMetadata(entry);
  }

  /**
   * Adds an entry another program appended to the file, as a reload would place it: an unknown
   * parent makes it a root (reported as an orphan). Returns false, adding nothing, for an id the
   * tree already holds: that is a line this process wrote itself, read back.
   */
  ingest(entry: SessionEntry): boolean {
    if (this.byId.has(entry.id)) return false;
    const parent = entry.parentId;
    const known = parent === null || (typeof parent === 'string' && this.byId.has(parent));
    if (!known) {
      if (parent !== undefined) this.problems.orphans.push({ id: entry.id, parentId: String(parent) });
      this.parentOverrides.set(entry.id, null);
    }
    this.list.push(entry);
    this.byId.set(entry.id, entry);
    if (this.kidsIndex) this.childList(this.kidsIndex, this.parentOf(entry.id)).push(entry);
    this.applyMetadata(entry);
    return true;
  }

  get entries(): readonly SessionEntry[] {
    return this.list;
  }

  get size(): number {
    return this.list.length;
  }

  get(id: string): SessionEntry | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The parent used for the tree (null for roots, orphans and broken cycles). */
  parentOf(id: string): string | null {
    const override = this.parentOverrides.get(id);
    if (override !== undefined) return override;
    return this.byId.get(id)?.parentId ?? null;
  }

  /** Direct children in file order; `null` lists the roots. */
  childrenOf(id: string | null): readonly SessionEntry[] {
    return this.kids().get(id) ?? [];
  }

  get roots(): readonly SessionEntry[] {
    return this.childrenOf(ROOT);
  }

  /** Path root→id, all entry types; [] for an unknown id. */
  pathTo(id: string | null): SessionEntry[] {
    const path: SessionEntry[] = [];
    let current = id === null ? undefined : this.byId.get(id);
    while (current) {
      path.push(current);
      const parent = this.parentOf(current.id);
      current = parent === null ? undefined : this.byId.get(parent);
    }
    return path.reverse();
  }

  labelOf(id: string): LabelState | undefined {
    return this.labelMap.get(id);
  }

  get labels(): ReadonlyMap<string, LabelState> {
    return this.labelMap;
  }

  get sessionName(): string | undefined {
    return this.name;
  }

  private register(entry: SessionEntry): void {
    if (this.byId.has(entry.id)) {
      const newId = newEntryId((candidate) => this.byId.has(candidate));
      this.problems.duplicateIds.push({ id: entry.id, newId });
      entry.id = newId;
    }
    this.byId.set(entry.id, entry);
    this.list.push(entry);
  }

  /** Walks each parent chain once (colouring), so the whole pass is linear in the entry count. */
  private breakCycles(): void {
    const state = new Map<string, 'walking' | 'done'>();
    for (const start of this.list) {
      const walk: string[] = [];
      let id: string | null = start.id;
      while (id !== null && !state.has(id)) {
        state.set(id, 'walking');
        walk.push(id);
        id = this.parentOf(id);
      }
      if (id !== null && state.get(id) === 'walking') this.breakCycleAt(walk, walk.indexOf(id));
      for (const visited of walk) state.set(visited, 'done');
    }
  }

  private breakCycleAt(walk: string[], from: number): void {
    const cycle = walk.slice(from);
    const order = this.fileOrder();
    const earliest = cycle.reduce((a, b) => ((order.get(a) ?? 0) <= (order.get(b) ?? 0) ? a : b));
    const start = cycle.indexOf(earliest);
    this.problems.cycles.push([...cycle.slice(start), ...cycle.slice(0, start)]);
    this.parentOverrides.set(earliest, null);
  }

  private order: Map<string, number> | undefined;

  private fileOrder(): Map<string, number> {
    this.order ??= new Map(this.list.map((entry, index) => [entry.id, index]));
    return this.order;
  }

  /** Children in file order, by effective parent. */
  private kids(): Map<string | null, SessionEntry[]> {
    if (!this.kidsIndex) {
      const index = new Map<string | null, SessionEntry[]>();
      for (const entry of this.list) this.childList(index, this.parentOf(entry.id)).push(entry);
      this.kidsIndex = index;
    }
    return this.kidsIndex;
  }

  private childList(index: Map<string | null, SessionEntry[]>, parent: string | null): SessionEntry[] {
    let list = index.get(parent);
    if (!list) {
      list = [];
      index.set(parent, list);
    }
    return list;
  }

  private applyMetadata(entry: SessionEntry): void {
    if (entry.type === 'label' && typeof entry.targetId === 'string') {
      if (typeof entry.label === 'string' && entry.label !== '') {
        this.labelMap.set(entry.targetId, { label: entry.label, timestamp: entry.timestamp });
      } else {
        this.labelMap.delete(entry.targetId);
      }
    } else if (entry.type === 'session_info') {
      const name = typeof entry.name === 'string' ? oneLineName(entry.name) : '';
      this.name = name === '' ? undefined : name;
    }
  }
}
