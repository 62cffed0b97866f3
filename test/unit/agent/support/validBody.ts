/**
 * What the Messages API demands of a request's messages, checked on a recorded body: every
 * tool_use is answered by a tool_result in the next (user) message, every tool_result answers a
 * tool_use of the message before it, and no message is empty. Returns the problems found.
 */
interface WireBlock {
  type: string;
  id?: string;
  tool_use_id?: string;
  text?: string;
}

interface WireMessage {
  role: string;
  content: string | WireBlock[];
}

export function requestProblems(body: { messages?: unknown } | undefined): string[] {
  const messages = (body?.messages ?? []) as WireMessage[];
  const problems: string[] = [];
  messages.forEach((message, index) => {
    const blocks = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    if (blocks.length === 0) problems.push(`message ${index} (${message.role}) is empty`);
    const previous = messages[index - 1];
    const calls = new Set(
      previous && previous.role === 'assistant' && Array.isArray(previous.content) ? previous.content.filter((b) => b.type === 'tool_use').map((b) => b.id) : [],
    );
    for (const block of blocks) {
      if (block.type === 'tool_result' && !calls.has(block.tool_use_id)) problems.push(`message ${index}: tool_result ${block.tool_use_id} answers no tool_use`);
      if (block.type === 'text' && (block.text ?? '').trim() === '') problems.push(`message ${index}: empty text block`);
    }
    if (message.role === 'assistant') {
      const next = messages[index + 1];
      const answered = new Set(next && Array.isArray(next.content) ? next.content.filter((b) => b.type === 'tool_result').map((b) => b.tool_use_id) : []);
      for (const block of blocks) {
        if (block.type === 'tool_use' && !answered.has(block.id)) problems.push(`message ${index}: tool_use ${block.id} has no tool_result`);
      }
    }
  });
  if (messages.length > 0 && messages[0]!.role !== 'user') problems.push('the first message is not a user message');
  return problems;
}
