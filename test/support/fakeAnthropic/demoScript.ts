/**
 * The demo conversation the fake server plays for `npm run fake-anthropic` (and `npm start -- --demo`):
 * a handler that reads only the request, so it works on any branch of a tree-shaped chat. A prompt
 * is answered by the words in it, the first rule that matches winning:
 *
 *   1. "read", "file", "edit", "change" or a file name: a `read` tool call (of the file named,
 *      else README.md), then on its result an `edit` of the file's first line, then a closing reply;
 *   2. "bash", "run", "command" or "shell": a `bash` tool call (`ls`), then a reply quoting its output;
 *   3. "long" or "more": a long Markdown reply, to watch scrolling and the token meter grow;
 *   4. "code", "example" or "function": thinking, then a streamed Markdown reply with code;
 *   5. anything else: a short reply that lists what the demo answers to (`DEMO_HELP`).
 *
 * A compaction or branch-summary request (its prompt holds the serialized `<conversation>`) gets a
 * structured summary naming the demo's work.
 */
import type { Json } from '../../../src/core/session';
import { contentBlocks, isObject, type JsonObject } from './json';
import type { RecordedRequest } from './recording';
import { reply, slow, text, thinking, toolUse, type Handler, type MessageReply } from './script';

export interface DemoOptions {
  /** Pause between stream events, so the UI visibly streams; 0 for tests. */
  chunkDelayMs?: number;
}

export function demoHandler(options: DemoOptions = {}): Handler {
  const pace = slow({ chunkDelayMs: options.chunkDelayMs ?? 0 });
  return (request) => reply(demoReply(request), pace);
}

/** The prompts the demo answers to, each with what it shows (also its reply to anything else). */
export const DEMO_HELP = `This is Arbor's demo server: it answers to a few words in your message.

- **"Read README.md"** (or *file*, *edit*, *change*, a file name): the agent reads the file, then edits its first line; the edit asks for your approval.
- **"Run a command"** (or *bash*, *shell*): a \`bash\` tool call, with its approval card and output.
- **"Write a long answer"** (or *more*): a long Markdown reply; watch the token meter grow.
- **"Show me a code example"** (or *code*, *function*): thinking, then a reply with highlighted code.

Then try **Arbor: Compact Session**, **Edit & branch** on a message, or a row of the Session Tree.`;

/** Which flow a prompt starts, by its words. */
export type DemoFlow = 'file' | 'bash' | 'long' | 'code' | 'help';

export function demoFlow(prompt: string): DemoFlow {
  const words = prompt.toLowerCase();
  if (/\b(?:read|file|files|edit|change)\b/.test(words) || pathIn(prompt) !== undefined) return 'file';
  if (/\b(?:bash|run|command|shell)\b/.test(words)) return 'bash';
  if (/\b(?:long|longer|more)\b/.test(words)) return 'long';
  if (/\b(?:code|example|function)\b/.test(words)) return 'code';
  return 'help';
}

function demoReply(request: RecordedRequest): MessageReply {
  const messages = asArray(request.body?.messages).filter(isObject);
  const last = messages.at(-1);
  const results = last ? blocksOf(last).filter((b) => b['type'] === 'tool_result') : [];
  if (results.length > 0) return afterToolResult(messages, results.at(-1)!);
  if (last && textOf(last).includes('<conversation>')) return text(SUMMARY_REPLY);
  const prompt = last ? textOf(last) : '';
  switch (demoFlow(prompt)) {
    case 'file':
      return reply(text('Let me look at the file first.'), toolUse('read', { path: pathIn(prompt) ?? 'README.md' }));
    case 'bash':
      return reply(text('I will list the workspace.'), toolUse('bash', { command: 'ls' }));
    case 'long':
      return text(LONG_REPLY);
    case 'code':
      return reply(thinking('The user wants an example. A short function with a test shows the idea best.', 'ZGVtby1zaWduYXR1cmUtMQ=='), text(MARKDOWN_REPLY));
    case 'help':
      return text(DEMO_HELP);
  }
}

function afterToolResult(messages: JsonObject[], result: JsonObject): MessageReply {
  const call = messages
    .flatMap(blocksOf)
    .find((b) => b['type'] === 'tool_use' && b['id'] === result['tool_use_id']);
  const input = call && isObject(call['input']) ? call['input'] : {};
  const path = typeof input['path'] === 'string' ? input['path'] : 'README.md';
  const output = textOf(result);
  if (result['is_error'] === true) return text(`The tool failed:\n\n> ${output.split('\n')[0] ?? ''}\n\nI will stop here.`);
  if (call?.['name'] === 'bash') return text(`The command printed:\n\n\`\`\`\n${output.split('\n').slice(0, 20).join('\n').trimEnd()}\n\`\`\``);
  if (call?.['name'] === 'read') {
    const firstLine = output.split('\n').find((line) => line.trim() !== '');
    if (firstLine === undefined) return text(`\`${path}\` is empty; there is nothing to edit.`);
    return reply(
      text(`\`${path}\` starts with \`${firstLine.trim()}\`. I will mark that line.`),
      toolUse('edit', { path, edits: [{ oldText: firstLine, newText: `${firstLine} (edited by the Arbor demo)` }] }),
    );
  }
  return text(`Done: \`${path}\` is updated. Undo the change with your editor if you did not want it.`);
}

/** A file name in the prompt: a name with a known extension, with or without folders ("notes.md", "src/slugify.ts"). */
function pathIn(prompt: string): string | undefined {
  return /(?:[\w.-]+\/)*[\w-][\w.-]*\.(?:md|txt|json|ts|tsx|js|jsx|mjs|py|rs|go|java|c|h|cpp|css|html|yml|yaml|toml|sh)\b/i.exec(prompt)?.[0];
}

const asArray = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
const blocksOf = (holder: JsonObject): JsonObject[] => contentBlocks(holder) ?? [];

function textOf(holder: JsonObject): string {
  return blocksOf(holder)
    .map((b) => (b['type'] === 'text' && typeof b['text'] === 'string' ? b['text'] : ''))
    .join('');
}

const MARKDOWN_REPLY = `Here is a small **TypeScript** function and a test for it:

\`\`\`ts
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
\`\`\`

And the test:

\`\`\`ts
assert.equal(slugify('Hello, World!'), 'hello-world');
\`\`\`

- It lowercases the title,
- turns every run of other characters into one \`-\`,
- and trims dashes at both ends.`;

const SUMMARY_REPLY = `## Goal
Try Arbor's chat on the demo workspace: a code example, a file read and edited by the agent, a long reply.

## Constraints & Preferences
- (none)

## Progress
### Done
- [x] Wrote \`slugify(title)\` in TypeScript with a test
- [x] Read \`README.md\` and marked its first line with an \`edit\` tool call

### In Progress
- [ ] Exploring branches and compaction

### Blocked
- (none)

## Key Decisions
- **Small examples**: each answer shows one feature of the chat

## Next Steps
1. Branch from an earlier message, or undo this compaction

## Critical Context
- Files touched: \`README.md\``;

const LONG_REPLY = [
  '# A longer answer',
  '',
  // Long enough (about 2 000 tokens) that, with a small keepRecentTokens, Compact Session has earlier turns to summarize.
  ...Array.from({ length: 30 }, (_, i) =>
    [
      `## Part ${i + 1}`,
      '',
      `This is paragraph ${i + 1} of a long reply. It exists to show how the chat scrolls while text streams in, ` +
        'how the token counter grows, and how a long message reads once it is complete. ' +
        'Branch from here, compact the session, or navigate back to an earlier message to try the tree.',
      '',
    ].join('\n'),
  ),
].join('\n');
