/** A small hand-written session for the exporters: two branches, a compaction, a branch summary, a label, a name. */
import type { SessionEntry, SessionHeader } from '../../../src/core/session';
import { SessionTree } from '../../../src/core/session';

export const HEADER: SessionHeader = { type: 'session', version: 3, id: 'sess-1', timestamp: '2026-04-01T10:00:00.000Z', cwd: '/home/ana/proyecto' };

const at = (second: number): string => `2026-04-01T10:00:${String(second).padStart(2, '0')}.000Z`;
const usage = { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

export const ENTRIES: SessionEntry[] = [
  { type: 'model_change', id: 'm1', parentId: null, timestamp: at(1), provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
  { type: 'message', id: 'u1', parentId: 'm1', timestamp: at(2), message: { role: 'user', content: 'Hola, ¿qué hay en 目录?', timestamp: 2 } },
  {
    type: 'message',
    id: 'a1',
    parentId: 'u1',
    timestamp: at(3),
    message: {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'list it' },
        { type: 'toolCall', id: 'tc1', name: 'ls', arguments: { path: '.' } },
      ],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage,
      stopReason: 'toolUse',
      timestamp: 3,
    },
  },
  { type: 'message', id: 't1', parentId: 'a1', timestamp: at(4), message: { role: 'toolResult', toolCallId: 'tc1', toolName: 'ls', content: [{ type: 'text', text: 'a.ts' }], isError: false, timestamp: 4 } },
  { type: 'message', id: 'x1', parentId: 't1', timestamp: at(5), message: { role: 'assistant', content: [{ type: 'text', text: 'Only a.ts.' }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage, stopReason: 'stop', timestamp: 5 } },
  // The abandoned branch.
  { type: 'message', id: 'u2', parentId: 'x1', timestamp: at(6), message: { role: 'user', content: 'Try the other way', timestamp: 6 } },
  // The branch exported: a summary of the abandoned one, a compaction, a label, a name.
  { type: 'branch_summary', id: 'b1', parentId: 'x1', timestamp: at(7), fromId: 'u2', summary: 'Tried the other way; it failed.', details: { readFiles: [], modifiedFiles: [] }, fromHook: false },
  { type: 'compaction', id: 'c1', parentId: 'b1', timestamp: at(8), summary: '## Goal\nList files', firstKeptEntryId: 'b1', tokensBefore: 1200, fromHook: false },
  { type: 'label', id: 'l1', parentId: 'c1', timestamp: at(9), targetId: 'u1', label: 'start' },
  { type: 'session_info', id: 'n1', parentId: 'l1', timestamp: at(10), name: 'Demo' },
];

export function smallTree(): SessionTree {
  return SessionTree.fromEntries(ENTRIES);
}
