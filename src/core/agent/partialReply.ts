/**
 * The reply being streamed, assembled from provider events, so that what was received survives a
 * stop (kept as an `aborted` reply) and can be checkpointed while it streams.
 */
import type { AssistantMessage, Json, TextContent, ThinkingContent, ToolCall, Usage } from '../session';
import type { ProviderEvent } from '../llm/provider';

type Block = TextContent | ThinkingContent | (ToolCall & { partialJson: string });

export interface ReplyIdentity {
  api: string;
  provider: string;
  model: string;
}

export class PartialReply {
  private blocks: (Block | undefined)[] = [];
  private usage: Usage = emptyUsage();
  /** Bumped by every change: checkpoints save only when it moved. */
  version = 0;

  constructor(private readonly identity: ReplyIdentity) {}

  apply(event: ProviderEvent): void {
    switch (event.type) {
      case 'text_delta': {
        const block = this.block(event.index, () => ({ type: 'text', text: '' }));
        if (block.type === 'text') block.text += event.delta;
        break;
      }
      case 'thinking_delta': {
        const block = this.block(event.index, () => ({ type: 'thinking', thinking: '' }));
        if (block.type === 'thinking') block.thinking += event.delta;
        break;
      }
      case 'tool_call_start':
        this.blocks[event.index] = { type: 'toolCall', id: event.id, name: event.name, arguments: {}, partialJson: '' };
        break;
      case 'tool_call_delta': {
        const block = this.blocks[event.index];
        if (block?.type === 'toolCall') block.partialJson += event.delta;
        break;
      }
      case 'usage':
        this.usage = event.usage;
        break;
      case 'retry':
        this.blocks = [];
        break;
      default:
        return;
    }
    this.version++;
  }

  get isEmpty(): boolean {
    return this.blocks.every((block) => block === undefined);
  }

  /** What was received so far as a stopped reply. */
  toMessage(stopReason: AssistantMessage['stopReason'], timestamp: number, errorMessage?: string): AssistantMessage {
    const content: AssistantMessage['content'] = [];
    for (const block of this.blocks) {
      if (!block) continue;
      if (block.type === 'toolCall') {
        const { partialJson, ...call } = block;
        content.push({ ...call, arguments: parseArguments(partialJson) });
      } else {
        content.push({ ...block });
      }
    }
    return {
      role: 'assistant',
      content,
      ...this.identity,
      usage: { ...this.usage },
      stopReason,
      ...(errorMessage !== undefined ? { errorMessage } : {}),
      timestamp,
    };
  }

  private block(index: number, create: () => Block): Block {
    let block = this.blocks[index];
    if (!block) {
      block = create();
      this.blocks[index] = block;
    }
    return block;
  }
}

export function emptyUsage(): Usage {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
}

/** Arguments streamed so far: the object if the JSON is complete, else {}. */
function parseArguments(json: string): { [key: string]: Json } {
  if (json.trim() === '') return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { [key: string]: Json }) : {};
  } catch {
    return {};
  }
}
