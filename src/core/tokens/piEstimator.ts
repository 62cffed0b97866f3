/**
 * pi 1.6's token estimate: characters / 4, rounded up, with pi's exact per-role rules — including
 * its quirks (an image counts 4800 chars wherever it is, `!!` bash output still counts). A system
 * message counts its text, every section and its added tools as JSON (not the removed ones). Kept
 * byte-for-byte compatible so cut points can be compared with pi's; use the tokenizer estimator
 * for real accounting.
 */
import type { AgentMessage, ImageContent, SystemMessage, TextContent } from '../session';
import type { TokenEstimator } from './estimator';
import { stringifyJson } from '../util/jsonText';

/** pi counts an image as 4800 characters (≈1200 tokens); pi 0.73.1 counted a user's images as 0. */
export const PI_IMAGE_CHARS = 4800;

export function estimateTokensPi(message: AgentMessage): number {
  return Math.ceil(piChars(message) / 4);
}

export const piEstimator: TokenEstimator = {
  name: 'pi',
  estimate: estimateTokensPi,
  estimateText: (text) => Math.ceil(text.length / 4),
};

function piChars(message: AgentMessage): number {
  switch (message.role) {
    case 'system':
      return systemChars(message);
    case 'user':
      return contentChars(message.content);
    case 'assistant': {
      let chars = 0;
      for (const block of message.content) {
        if (block.type === 'text') chars += block.text.length;
        else if (block.type === 'thinking') chars += block.thinking.length;
        else if (block.type === 'toolCall') chars += block.name.length + stringifyJson(block.arguments).length;
      }
      return chars;
    }
    case 'custom':
    case 'toolResult':
      return contentChars(message.content);
    case 'bashExecution':
      return message.command.length + message.output.length;
    case 'branchSummary':
    case 'compactionSummary':
      return message.summary.length;
    default:
      return 0;
  }
}

function contentChars(content: string | readonly (TextContent | ImageContent)[]): number {
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) return 0;
  let chars = 0;
  for (const block of content) {
    if (block.type === 'text' && block.text) chars += block.text.length;
    else if (block.type === 'image') chars += PI_IMAGE_CHARS;
  }
  return chars;
}

function systemChars(message: SystemMessage): number {
  let chars = contentChars(message.content);
  for (const section of Object.values(message.sections ?? {})) if (section) chars += section.length;
  // Tool schemas come from files: written without recursion, whatever their depth.
  if (message.toolsAdded) chars += stringifyJson(message.toolsAdded).length;
  return chars;
}
