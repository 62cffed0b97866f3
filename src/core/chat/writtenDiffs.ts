/**
 * The "Show diff" / "Open diff" of write and edit cards, from what Arbor still holds in memory of
 * recent writes (see core/edits/writtenFiles.ts): such a card opens the diff even when its result
 * recorded none (a new file), and one written without review says so.
 */
import type { ChatItem, ToolResultView } from './items';

/** What Arbor holds of a call's write, by its tool call id (undefined: nothing). */
export type WrittenLookup = (toolCallId: string) => { autoApproved: boolean } | undefined;

/** The result with the diff Arbor holds for it; a failed call wrote nothing. */
export function withWrittenDiff(result: ToolResultView, held: { autoApproved: boolean } | undefined): ToolResultView {
  if (!held || result.isError) return result;
  return { ...result, writtenDiff: { autoApproved: held.autoApproved } };
}

/** Every tool card of `items` with the diff Arbor holds for it (items without one are returned as they are). */
export function markWrittenDiffs(items: ChatItem[], lookup: WrittenLookup): ChatItem[] {
  return items.map((item) => {
    if (item.kind === 'toolResult') return { ...item, result: withWrittenDiff(item.result, lookup(item.toolCallId)) };
    if (item.kind !== 'assistant') return item;
    const blocks = item.blocks.map((block) => (block.type === 'toolCall' && block.result ? { ...block, result: withWrittenDiff(block.result, lookup(block.toolCallId)) } : block));
    return { ...item, blocks };
  });
}
