/**
 * The reply being streamed, as an assistant item grown from deltas. Pure and shared: the host
 * keeps one (so a webview that reloads mid-reply gets it back in `reset`) and the webview keeps one
 * (to draw it); both apply the same deltas with the same function.
 */
import { STREAMING_ID, type AssistantItem, type ToolCallBlock } from './items';
import { oneLine } from './toolSummary';

export type ReplyDelta =
  | { kind: 'text'; index: number; delta: string }
  | { kind: 'thinking'; index: number; delta: string }
  | { kind: 'toolCall'; index: number; toolCallId: string; name: string }
  | { kind: 'toolArgs'; index: number; delta: string };

export function startReply(model: string): AssistantItem {
  return { kind: 'assistant', id: STREAMING_ID, blocks: [], model, branchPointId: STREAMING_ID, streaming: true };
}

/** Applies one delta in place. A delta for a block of another type starts that block anew. */
export function applyDelta(reply: AssistantItem, delta: ReplyDelta): void {
  const { blocks } = reply;
  const current = blocks[delta.index];
  switch (delta.kind) {
    case 'text':
      if (current?.type === 'text') current.text += delta.delta;
      else blocks[delta.index] = { type: 'text', text: delta.delta };
      break;
    case 'thinking':
      if (current?.type === 'thinking') current.text += delta.delta;
      else blocks[delta.index] = { type: 'thinking', text: delta.delta, redacted: false };
      break;
    case 'toolCall':
      blocks[delta.index] = { type: 'toolCall', toolCallId: delta.toolCallId, name: delta.name, summary: '', args: '', status: 'pending' };
      break;
    case 'toolArgs':
      if (current?.type === 'toolCall') {
        current.args += delta.delta;
        current.summary = partialSummary(current);
      }
      break;
  }
  // A block index past the end leaves holes: fill them so the item stays plain data.
  for (let i = 0; i < blocks.length; i++) blocks[i] ??= { type: 'text', text: '' };
}

/** The key argument while the JSON is still incomplete: the first path / command / pattern seen so far. */
const KEY_FIELD = /"(?:path|command|pattern)"\s*:\s*"((?:[^"\\]|\\.)*)/;

function partialSummary(block: ToolCallBlock): string {
  const match = KEY_FIELD.exec(block.args.slice(0, 4000));
  if (!match?.[1]) return '';
  return oneLine(match[1].replace(/\\n/g, '\n').replace(/\\(.)/g, '$1'));
}
