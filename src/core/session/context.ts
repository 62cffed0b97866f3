/**
 * Building the model's context from the tree: the path root→leaf, the latest compaction's summary
 * first, its kept entries, then everything after it (docs/session-format.md, "The context").
 */
import type { SessionTree } from './tree';
import { messageRole } from './kind';
import type { AgentMessage, AssistantMessage, CompactionEntry, ModelRef, SessionEntry } from './types';

export interface SessionContext {
  messages: AgentMessage[];
  thinkingLevel: string;
  model: ModelRef | null;
}

const EMPTY_CONTEXT: SessionContext = { messages: [], thinkingLevel: 'off', model: null };

/**
 * `leafId` null means "before the first entry" (empty context); undefined or an unknown id
 * falls back to the last entry in file order, as pi does.
 */
export function buildSessionContext(tree: SessionTree, leafId?: string | null): SessionContext {
  if (leafId === null || tree.size === 0) return { ...EMPTY_CONTEXT, messages: [] };
  const leaf = (leafId !== undefined ? tree.get(leafId) : undefined) ?? tree.entries[tree.size - 1]!;
  return contextOfPath(tree.pathTo(leaf.id));
}

/** Context of an explicit root→leaf path. */
export function contextOfPath(path: readonly SessionEntry[]): SessionContext {
  let thinkingLevel = 'off';
  let model: ModelRef | null = null;
  let compactionIndex = -1;
  path.forEach((entry, index) => {
    if (entry.type === 'thinking_level_change' && typeof entry.thinkingLevel === 'string') {
      thinkingLevel = entry.thinkingLevel;
    } else if (entry.type === 'model_change') {
      model = { provider: String(entry.provider), modelId: String(entry.modelId) };
    } else if (messageRole(entry) === 'assistant') {
      const message = entry.message as AssistantMessage;
      // Both are optional for the shape check (foreign writers may leave them out): no half model.
      if (typeof message.provider === 'string' && typeof message.model === 'string') model = { provider: message.provider, modelId: message.model };
    } else if (entry.type === 'compaction') {
      compactionIndex = index;
    }
  });
  return { messages: pathMessages(path, compactionIndex), thinkingLevel, model };
}

function pathMessages(path: readonly SessionEntry[], compactionIndex: number): AgentMessage[] {
  const messages: AgentMessage[] = [];
  const push = (entry: SessionEntry): void => {
    const message = entryToContextMessage(entry);
    if (message) messages.push(message);
  };
  if (compactionIndex < 0) {
    path.forEach(push);
    return messages;
  }
  const compaction = path[compactionIndex] as CompactionEntry;
  messages.push({
    role: 'compactionSummary',
    summary: compaction.summary,
    tokensBefore: compaction.tokensBefore,
    timestamp: Date.parse(compaction.timestamp),
  });
  let keeping = false;
  for (let i = 0; i < compactionIndex; i++) {
    const entry = path[i]!;
    if (entry.id === compaction.firstKeptEntryId) keeping = true;
    if (keeping) push(entry);
  }
  for (let i = compactionIndex + 1; i < path.length; i++) push(path[i]!);
  return messages;
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
