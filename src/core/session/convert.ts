/**
 * Turning context messages into what the model receives (summaries, bash runs and custom
 * messages become user messages; a `!!` run is dropped). The wrapper
 * texts are part of the format: pi and Arbor must send byte-identical prompts.
 */
import type { AgentMessage, BashExecutionMessage, LlmMessage } from './types';

export const COMPACTION_SUMMARY_PREFIX =
  'The conversation history before this point was compacted into the following summary:\n\n<summary>\n';
export const COMPACTION_SUMMARY_SUFFIX = '\n</summary>';
export const BRANCH_SUMMARY_PREFIX =
  'The following is a summary of a branch that this conversation came back from:\n\n<summary>\n';
/** No newline before the closing tag, unlike compaction (pi's format). */
export const BRANCH_SUMMARY_SUFFIX = '</summary>';

export function convertToLlm(messages: readonly AgentMessage[]): LlmMessage[] {
  const result: LlmMessage[] = [];
  for (const message of messages) {
    const converted = convertOne(message);
    if (converted) result.push(converted);
  }
  return result;
}

function convertOne(message: AgentMessage): LlmMessage | undefined {
  switch (message.role) {
    case 'user':
    case 'assistant':
    case 'toolResult':
      return message;
    case 'bashExecution':
      if (message.excludeFromContext) return undefined;
      return userText(bashExecutionToText(message), message.timestamp);
    case 'custom': {
      const content = typeof message.content === 'string' ? [{ type: 'text' as const, text: message.content }] : message.content;
      return { role: 'user', content, timestamp: message.timestamp };
    }
    case 'branchSummary':
      return userText(BRANCH_SUMMARY_PREFIX + message.summary + BRANCH_SUMMARY_SUFFIX, message.timestamp);
    case 'compactionSummary':
      return userText(COMPACTION_SUMMARY_PREFIX + message.summary + COMPACTION_SUMMARY_SUFFIX, message.timestamp);
    default:
      // Roles from newer or foreign files never reach the model.
      return undefined;
  }
}

export function bashExecutionToText(message: BashExecutionMessage): string {
  let text = `Ran \`${message.command}\`\n`;
  text += message.output ? `\`\`\`\n${message.output}\n\`\`\`` : '(no output)';
  if (message.cancelled) {
    text += '\n\n(command cancelled)';
  } else if (message.exitCode !== null && message.exitCode !== undefined && message.exitCode !== 0) {
    text += `\n\nCommand exited with code ${message.exitCode}`;
  }
  if (message.truncated && message.fullOutputPath) {
    text += `\n\n[Output truncated. Full output: ${message.fullOutputPath}]`;
  }
  return text;
}

function userText(text: string, timestamp: number): LlmMessage {
  return { role: 'user', content: [{ type: 'text', text }], timestamp };
}
