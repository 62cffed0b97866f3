/**
 * What pi 1.6.0 itself says about a session file, in the shapes `arbor … --json` prints: tree
 * rows, leaf, context messages (role and text), cut points, branch-summary entries. Only pi's own
 * functions are used (test/support/pi.ts); the shaping is plain data work.
 */
import type { PiModule, PiSessionManager } from '../../support/pi';

export type { PiModule, PiSessionManager };
export type PiEntry = ReturnType<PiSessionManager['getEntries']>[number];
type PiMessage = ReturnType<PiModule['buildSessionContext']>['messages'][number];

export interface TreeRow {
  id: string;
  parentId: string | null;
  type: string;
  children: number;
  label?: string;
}

export function kindOf(entry: { type: string; message?: { role?: string } }): string {
  return entry.type === 'message' ? `message:${entry.message?.role}` : entry.type;
}

/** Tree rows in file order: children counted and labels read from pi's `getTree()`. */
export function piTree(sm: PiSessionManager): { leafId: string | null; roots: string[]; nodes: TreeRow[] } {
  const children = new Map<string, number>();
  const labels = new Map<string, string>();
  const roots = sm.getTree();
  const work = [...roots];
  for (let node = work.pop(); node; node = work.pop()) {
    children.set(node.entry.id, node.children.length);
    if (node.label !== undefined) labels.set(node.entry.id, node.label);
    work.push(...node.children);
  }
  const nodes = sm.getEntries().map((entry): TreeRow => {
    const row: TreeRow = { id: entry.id, parentId: entry.parentId, type: kindOf(entry as never), children: children.get(entry.id) ?? -1 };
    const label = labels.get(entry.id);
    if (label !== undefined) row.label = label;
    return row;
  });
  return { leafId: sm.getLeafId(), roots: roots.map((node) => node.entry.id), nodes };
}

export interface ContextView {
  thinkingLevel: string;
  model: { provider: string; modelId: string } | null;
  messages: { role: string; text: string }[];
}

export function piContext(pi: PiModule, entries: PiEntry[], leafId: string | null | undefined): ContextView {
  const context = pi.buildSessionContext(entries, leafId);
  return { thinkingLevel: context.thinkingLevel, model: context.model, messages: context.messages.map((message) => ({ role: message.role, text: piText(pi, message) })) };
}

function piText(pi: PiModule, message: PiMessage): string {
  const m = message as unknown as { role: string; content?: unknown; summary?: string; excludeFromContext?: boolean };
  if (m.role === 'bashExecution') {
    // pi's own rendering of a bash run (its convertToLlm drops `!!` runs, so render a copy without the flag).
    const converted = pi.convertToLlm([{ ...m, excludeFromContext: false } as never]);
    return textBlocks(converted[0]!.content);
  }
  if (m.role === 'branchSummary' || m.role === 'compactionSummary') return m.summary ?? '';
  // pi has no one text for a system message; Arbor prints what pi-ai's prompt rendering gives.
  if (m.role === 'system') return pi.getSystemMessageText(m as never);
  return textBlocks(m.content);
}

function textBlocks(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.filter((block) => block?.type === 'text').map((block) => String(block.text)).join('\n');
}

export interface CutView {
  firstKeptEntryId: string | null;
  turnStartEntryId: string | null;
  isSplitTurn: boolean;
}

export function piBranchEntries(pi: PiModule, sm: PiSessionManager, from: string, to: string): { commonAncestorId: string | null; entryIds: string[] } {
  const result = pi.collectEntriesForBranchSummary(sm, from, to);
  return { commonAncestorId: result.commonAncestorId, entryIds: result.entries.map((entry) => entry.id) };
}
