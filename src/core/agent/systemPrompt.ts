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
  const lines = ['You are a coding assistant working in the user\'s project inside their editor.', `The project folder is ${input.root}; relative paths are resolved against it.`];
  if (input.tools.length > 0) {
    const names = input.tools.map((tool) => tool.name);
    lines.push(`Tools available: ${names.join(', ')}.`);
    lines.push(...reach(names));
    lines.push('Read files before changing them, make focused changes, and say briefly what you did.');
  } else {
    lines.push('No tools are available in this conversation: answer from what you are told.');
  }
  return lines.join('\n');
}

/**
 * What the tools can reach, said truthfully: the file tools check every path against the project
 * folder, but bash only starts there; a command can go anywhere the user's account can.
 */
function reach(names: readonly string[]): string[] {
  const fileTools = names.filter((name) => name !== 'bash');
  return [
    ...(fileTools.length > 0 ? [`${fileTools.join(', ')} cannot reach outside the project folder.`] : []),
    ...(names.includes('bash') ? ['bash starts in the project folder but is not confined to it: a command can read and change anything the user\'s account can, so keep commands to the project unless the user asks otherwise.'] : []),
  ];
}
