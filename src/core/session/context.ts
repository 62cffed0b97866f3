/**
 * Building the model's context from the tree, as pi 1.6 builds it (docs/session-format.md, "The
 * context"): the path root→leaf; with a compaction on it, the latest one (its system checkpoint
 * and summary) first, then its kept entries without system messages, then everything after it;
 * each entry projected through the latest context edit of it among those entries.
 *
 * `contextOfPath` gives the messages; `projectPath` gives the same selection entry by entry (what
 * each entry contributes, after its edit), for the readers that need to know which entry gave
 * which message (compaction, token counts). Raw entries are never changed: the tree, search and
 * exports show what the file holds.
 */
import type { SessionTree } from './tree';
import { messageRole } from './kind';
import type { AgentMessage, AssistantMessage, CompactionEntry, ContextEditEntry, ModelRef, SessionEntry } from './types';

export interface SessionContext {
  messages: AgentMessage[];
  thinkingLevel: string;
  model: ModelRef | null;
}

/** One entry of the context and the messages it contributes there (none when an edit hides it). */
export interface ProjectedEntry {
  entry: SessionEntry;
  messages: AgentMessage[];
  /** The context edit in force for this entry, if any. */
  edit?: ContextEditEntry;
}

export interface SessionProjection extends SessionContext {
  /** The context's entries in order: the latest compaction first when there is one. */
  entries: ProjectedEntry[];
}

const EMPTY_CONTEXT: SessionContext = { messages: [], thinkingLevel: 'off', model: null };

/**
 * `leafId` null means "before the first entry" (empty context); undefined or an unknown id
 * falls back to the last entry in file order, as pi does.
 */
export function buildSessionContext(tree: SessionTree, leafId?: string | null): SessionContext {
  if (leafId === null || tree.size === 0) return { ...EMPTY_CONTEXT, messages: [] };
  return contextOfPath(tree.pathTo(leafOf(tree, leafId).id));
}

/** The projection at a position (see `projectPath`), with the same leaf rules as `buildSessionContext`. */
export function buildSessionProjection(tree: SessionTree, leafId?: string | null): SessionProjection {
  if (leafId === null || tree.size === 0) return { ...EMPTY_CONTEXT, messages: [], entries: [] };
  return projectPath(tree.pathTo(leafOf(tree, leafId).id));
}

function leafOf(tree: SessionTree, leafId: string | undefined): SessionEntry {
  return (leafId !== undefined ? tree.get(leafId) : undefined) ?? tree.entries[tree.size - 1]!;
}

/** Context of an explicit root→leaf path. */
export function contextOfPath(path: readonly SessionEntry[]): SessionContext {
  const scan = scanPath(path);
  const messages: AgentMessage[] = [];
  visitContext(path, scan, (entry, edit, latest) => pushContextMessages(messages, entry, edit, latest));
  return { messages, thinkingLevel: scan.thinkingLevel, model: scan.model };
}

/** The context of a root→leaf path, entry by entry: what each selected entry contributes. */
export function projectPath(path: readonly SessionEntry[]): SessionProjection {
  const scan = scanPath(path);
  const entries: ProjectedEntry[] = [];
  const messages: AgentMessage[] = [];
  visitContext(path, scan, (entry, edit, latest) => {
    const own: AgentMessage[] = [];
    pushContextMessages(own, entry, edit, latest);
    entries.push(edit ? { entry, messages: own, edit } : { entry, messages: own });
    for (const message of own) messages.push(message);
  });
  return { entries, messages, thinkingLevel: scan.thinkingLevel, model: scan.model };
}

/** A context entry an edit is in force for: what it contributes as written and after the edit. */
export interface EditedContextEntry {
  entry: SessionEntry;
  edit: ContextEditEntry;
  original: AgentMessage[];
  edited: AgentMessage[];
}

/**
 * The context entries at the end of `path` that an edit is in force for, by the same rules as
 * `projectPath` (what the views mark). Builds messages only for those entries: one pass over the path.
 */
export function editedContextEntries(path: readonly SessionEntry[]): EditedContextEntry[] {
  const scan = scanPath(path);
  const found: EditedContextEntry[] = [];
  if (!scan.editIndices) return found;
  visitContext(path, scan, (entry, edit, latest) => {
    if (!edit) return;
    const original: AgentMessage[] = [];
    const edited: AgentMessage[] = [];
    pushContextMessages(original, entry, undefined, latest);
    pushContextMessages(edited, entry, edit, latest);
    found.push({ entry, edit, original, edited });
  });
  return found;
}

interface PathScan {
  thinkingLevel: string;
  model: ModelRef | null;
  /** Index of the latest compaction on the path, -1 without one. */
  compactionIndex: number;
  /** Indices of the context edits on the path (undefined when there is none, the usual case). */
  editIndices: number[] | undefined;
}

/** One pass over the path: the settings along it (raw entries, hidden ones too, as pi), the latest compaction, the edits. */
function scanPath(path: readonly SessionEntry[]): PathScan {
  const scan: PathScan = { thinkingLevel: 'off', model: null, compactionIndex: -1, editIndices: undefined };
  for (let index = 0; index < path.length; index++) {
    const entry = path[index]!;
    switch (entry.type) {
      case 'thinking_level_change':
        if (typeof entry.thinkingLevel === 'string') scan.thinkingLevel = entry.thinkingLevel;
        break;
      case 'model_change':
        scan.model = { provider: String(entry.provider), modelId: String(entry.modelId) };
        break;
      case 'compaction':
        scan.compactionIndex = index;
        break;
      case 'context_edit':
        (scan.editIndices ??= []).push(index);
        break;
      default:
        if (messageRole(entry) === 'assistant') {
          const message = entry.message as AssistantMessage;
          // Both are optional for the shape check (foreign writers may leave them out): no half model.
          if (typeof message.provider === 'string' && typeof message.model === 'string') scan.model = { provider: message.provider, modelId: message.model };
        }
    }
  }
  return scan;
}

type Visitor = (entry: SessionEntry, edit: ContextEditEntry | undefined, latestCompaction: boolean) => void;

/**
 * Calls `visit` for each entry of the context, in order, with the edit in force for it. With a
 * compaction: the latest compaction, then the path from its `firstKeptEntryId` up to it without
 * system messages (its checkpoint replaces them), then the path after it. A kept id that is not
 * on the path before the compaction (a retain-none compaction names itself) keeps nothing.
 */
function visitContext(path: readonly SessionEntry[], scan: PathScan, visit: Visitor): void {
  const { compactionIndex } = scan;
  const keptFrom = compactionIndex < 0 ? 0 : keptStart(path, compactionIndex);
  const edits = scan.editIndices ? latestEdits(path, scan.editIndices, keptFrom) : undefined;
  const editOf = (entry: SessionEntry): ContextEditEntry | undefined => edits?.get(entry.id);
  if (compactionIndex < 0) {
    for (const entry of path) visit(entry, editOf(entry), false);
    return;
  }
  const compaction = path[compactionIndex]!;
  visit(compaction, editOf(compaction), true);
  for (let i = keptFrom; i < compactionIndex; i++) {
    const entry = path[i]!;
    if (messageRole(entry) !== 'system') visit(entry, editOf(entry), false);
  }
  for (let i = compactionIndex + 1; i < path.length; i++) visit(path[i]!, editOf(path[i]!), false);
}

/** Where the latest compaction's kept entries start on the path: its index when none are kept. */
function keptStart(path: readonly SessionEntry[], compactionIndex: number): number {
  const firstKept = (path[compactionIndex] as CompactionEntry).firstKeptEntryId;
  for (let i = 0; i < compactionIndex; i++) if (path[i]!.id === firstKept) return i;
  return compactionIndex;
}

/**
 * The edit in force per target: the latest among the context's edits (those from the kept range
 * on; edits summarized by the compaction, on other branches or after the position do not count).
 */
function latestEdits(path: readonly SessionEntry[], editIndices: readonly number[], keptFrom: number): Map<string, ContextEditEntry> | undefined {
  let edits: Map<string, ContextEditEntry> | undefined;
  for (const index of editIndices) {
    if (index < keptFrom) continue;
    const edit = path[index] as ContextEditEntry;
    (edits ??= new Map()).set(edit.targetId, edit);
  }
  return edits;
}

/**
 * What one context entry contributes, after its edit: a hiding edit removes all of it (a
 * compaction's checkpoint and summary alike); a replacement gives user, assistant, tool-result and
 * custom messages the new content (a string becomes one text block for an assistant or a tool
 * result) and leaves other roles as they are. An older compaction inside the kept range gives nothing.
 */
function pushContextMessages(out: AgentMessage[], entry: SessionEntry, edit: ContextEditEntry | undefined, latestCompaction: boolean): void {
  if (edit?.replacement === null) return;
  const start = out.length;
  if (entry.type === 'compaction') {
    if (!latestCompaction) return;
    const compaction = entry as CompactionEntry;
    if (compaction.systemMessage) out.push(compaction.systemMessage);
    out.push({ role: 'compactionSummary', summary: compaction.summary, tokensBefore: compaction.tokensBefore, timestamp: Date.parse(compaction.timestamp) });
  } else {
    const message = entryToContextMessage(entry);
    if (!message) return;
    out.push(message);
  }
  if (edit) for (let i = start; i < out.length; i++) out[i] = replaced(out[i]!, edit.replacement);
}

/** A message with an edit's replacement content (see `pushContextMessages`); also used by branch summaries. */
export function replaced(message: AgentMessage, replacement: NonNullable<ContextEditEntry['replacement']>): AgentMessage {
  switch (message.role) {
    case 'assistant':
    case 'toolResult': {
      const content = typeof replacement.content === 'string' ? [{ type: 'text' as const, text: replacement.content }] : replacement.content;
      return { ...message, content } as AgentMessage;
    }
    case 'user':
    case 'custom':
      return { ...message, content: replacement.content } as AgentMessage;
    default:
      return message;
  }
}

/** The message an entry contributes to context, if any (compactions are handled by the caller). */
export function entryToContextMessage(entry: SessionEntry): AgentMessage | undefined {
  switch (entry.type) {
    case 'message':
      return (entry.message as AgentMessage | undefined) ?? undefined;
    case 'custom_message':
      return {
        role: 'custom',
        customType: String(entry.customType),
        content: entry.content as string,
        display: entry.display === true,
        details: entry.details as never,
        timestamp: Date.parse(entry.timestamp),
      };
    case 'branch_summary':
      if (typeof entry.summary !== 'string' || entry.summary === '') return undefined;
      return {
        role: 'branchSummary',
        summary: entry.summary,
        fromId: String(entry.fromId),
        timestamp: Date.parse(entry.timestamp),
      };
    default:
      return undefined;
  }
}
