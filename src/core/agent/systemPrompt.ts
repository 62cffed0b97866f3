/**
 * The system prompt of agent requests. It holds nothing that changes between requests of a
 * session (no date, no counters), so the provider's prompt cache keeps hitting.
 */
import type { ToolSpec } from '../llm/provider';

export interface SystemPromptInput {
  /** The workspace root the tools act in. */
  root: string;
  tools: readonly ToolSpec[];
}

export function defaultSystemPrompt(input: SystemPromptInput): string {
  const lines = [
    'You are a coding assistant working in the user\'s project inside their editor.',
    `The project folder is ${input.root}; relative paths are resolved against it and tools cannot reach outside it.`,
  ];
  if (input.tools.length > 0) {
    lines.push(`Tools available: ${input.tools.map((tool) => tool.name).join(', ')}.`);
    lines.push('Read files before changing them, make focused changes, and say briefly what you did.');
  } else {
    lines.push('No tools are available in this conversation: answer from what you are told.');
  }
  return lines.join('\n');
}
