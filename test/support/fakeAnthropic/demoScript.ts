/**
 * The demo conversation the fake server plays for `npm run fake-anthropic` (and `npm start -- --demo`):
 * a handler that reads only the request, so it works on any branch of a tree-shaped chat. User
 * prompts cycle through three answers:
 *
 *   1. thinking, then a streamed Markdown reply with a code block;
 *   2. a `read` tool call (of a path named in the prompt, else README.md), then on its result an
 *      `edit` tool call on the file's first line, then on that result a short closing reply;
 *   3. a long Markdown reply, to watch scrolling and token counts.
 *
 * A compaction or branch-summary request (its prompt holds the serialized `<conversation>`) gets a
 * structured summary naming the demo's work, whatever the turn count.
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

function demoReply(request: RecordedRequest): MessageReply {
  const messages = asArray(request.body?.messages).filter(isObject);
  const last = messages.at(-1);
  const results = last ? blocksOf(last).filter((b) => b['type'] === 'tool_result') : [];
  if (results.length > 0) return afterToolResult(messages, results.at(-1)!);
  if (last && textOf(last).includes('<conversation>')) return text(SUMMARY_REPLY);
  const prompts = messages.filter((m) => m['role'] === 'user' && !blocksOf(m).some((b) => b['type'] === 'tool_result'));
  const prompt = last ? textOf(last) : '';
  switch ((prompts.length - 1) % 3) {
    case 0:
      return reply(thinking('The user wants an example. A short function with a test shows the idea best.', 'ZGVtby1zaWduYXR1cmUtMQ=='), text(MARKDOWN_REPLY));
    case 1:
      return reply(text('Let me look at the file first.'), toolUse('read', { path: pathIn(prompt) ?? 'README.md' }));
    default:
      return text(LONG_REPLY);
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

function pathIn(prompt: string): string | undefined {
  return /[\w./-]+\.[A-Za-z0-9]+/.exec(prompt)?.[0];
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
