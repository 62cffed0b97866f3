/**
 * The shapes pi 1.6 writes that 0.73.1 never did, as extra steps of the seeded random sessions
 * (`writeRandomSession(writer, seed, steps, PI16_SHAPES)`): a full system message near the root and
 * patches later (sections set and removed, tools added and removed, free text), context edits
 * (hide, a string or blocks instead, several on one target, the original content back), usage
 * entries of pi's kind and others, retain-none compactions, `max` thinking, null content, tool
 * results with usage and nested calls, and a failed attempt hidden with its results as pi hides
 * one before it compacts.
 */
import type { AgentMessage, ContextReplacement, SystemMessage, ToolCall, ToolDeclaration } from '../../src/core/session';
import { assistantMessage, Dice, MODELS, WORDS, userMessage, type SessionWriter, type Shapes, type Step } from './randomSession';

const TOOLS: ToolDeclaration[] = ['read', 'write', 'edit', 'bash', 'grep', 'mcp__docs__search'].map((name) => ({
  name,
  description: `The ${name} tool`,
  parameters: { type: 'object', properties: { path: { type: 'string', description: 'a file' } }, required: ['path'] },
}));
const SECTIONS = ['tools', 'rules', 'docs', 'addendum', 'project_context', 'skills', 'cwd'];

const wrapped = (name: string, dice: Dice): string => `<${name}>\n${dice.text()}\n</${name}>`;

function fullSystem(dice: Dice): SystemMessage {
  const sections: Record<string, string> = { preamble: dice.text() };
  for (const name of SECTIONS) if (dice.chance(0.6)) sections[name] = wrapped(name, dice);
  return { role: 'system', content: '', sections, toolsAdded: TOOLS.filter(() => dice.chance(0.7)), timestamp: dice.time() };
}

function systemPatch(dice: Dice): SystemMessage {
  const sections: Record<string, string | null> = {};
  for (let i = dice.int(0, 3); i > 0; i--) sections[dice.pick(SECTIONS)] = dice.chance(0.3) ? null : wrapped('patched', dice);
  const message: SystemMessage = { role: 'system', content: dice.chance(0.2) ? dice.text() : '', sections, timestamp: dice.time() };
  if (dice.chance(0.4)) message.toolsRemoved = [{ name: dice.pick(TOOLS).name }];
  if (dice.chance(0.4)) message.toolsAdded = [dice.pick(TOOLS)];
  return message;
}

const EDITABLE_ROLES = new Set(['user', 'assistant', 'toolResult']);

/** Entries pi's edit API accepts as targets: user, assistant and tool-result messages, custom messages, on the path. */
function editableOnPath(writer: SessionWriter): string[] {
  return writer.pathIds().filter((id) => {
    const entry = writer.entry(id);
    return entry?.type === 'custom_message' || (entry?.type === 'message' && EDITABLE_ROLES.has((entry.message as { role: string }).role));
  });
}

/** The content a target has in the file (to restore it); null content restores as no blocks. */
function originalContent(writer: SessionWriter, id: string): NonNullable<ContextReplacement>['content'] {
  const entry = writer.entry(id)!;
  const content = entry.type === 'message' ? (entry.message as { content?: unknown }).content : entry.content;
  return (content ?? []) as NonNullable<ContextReplacement>['content'];
}

/** Targets already edited, per writer: several edits land on one target. */
const edited = new WeakMap<SessionWriter, Set<string>>();

async function contextEdit(writer: SessionWriter, dice: Dice): Promise<unknown> {
  const targets = editableOnPath(writer);
  if (targets.length === 0) return undefined;
  const earlier = [...(edited.get(writer) ?? [])].filter((id) => targets.includes(id));
  const target = earlier.length > 0 && dice.chance(0.4) ? dice.pick(earlier) : dice.pick(targets);
  const roll = dice.random();
  const replacement: ContextReplacement =
    roll < 0.35 ? null : roll < 0.6 ? { content: dice.text() } : roll < 0.75 ? { content: [{ type: 'text', text: dice.text() }] } : { content: originalContent(writer, target) };
  if (!edited.has(writer)) edited.set(writer, new Set());
  edited.get(writer)!.add(target);
  return writer.appendContextEdit(target, replacement);
}

function toolCall(dice: Dice, name = dice.pick(['read', 'edit', 'bash', 'mcp__docs__search'])): ToolCall {
  return { type: 'toolCall', id: `call_${dice.int(0, 1e9)}`, name, arguments: { path: `src/${dice.pick(WORDS)}.ts` } };
}

const usage = (dice: Dice) => {
  const input = dice.int(0, 5000);
  const output = dice.int(0, 500);
  return { input, output, cacheRead: dice.int(0, 100), cacheWrite: 0, totalTokens: input + output, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: dice.int(0, 100) / 1000 } };
};

/** A reply calling a tool whose result records nested calls and their usage (pi 1.6's tool results). */
async function nestedToolTurn(writer: SessionWriter, dice: Dice): Promise<void> {
  await writer.appendMessage(userMessage(dice));
  const call = toolCall(dice, 'codemode');
  await writer.appendMessage(assistantMessage(dice, [call]));
  const nestedCalls = { calls: [{ id: `${call.id}/1`, name: dice.pick(['read', 'write']), arguments: { path: `src/${dice.pick(WORDS)}.ts` }, status: dice.pick(['ok', 'error']) }], complete: true };
  await writer.appendMessage({ role: 'toolResult', toolCallId: call.id, toolName: call.name, content: [{ type: 'text', text: dice.text() }], isError: false, usage: usage(dice), nestedCalls, timestamp: dice.time() } as AgentMessage);
}

/** A reply that failed with its calls unrun, hidden with its results (as pi does before retrying), then maybe compacted. */
async function hiddenAttempt(writer: SessionWriter, dice: Dice): Promise<void> {
  await writer.appendMessage(userMessage(dice));
  const call = toolCall(dice);
  const reply = { ...assistantMessage(dice, [call]), stopReason: 'length' as const };
  const replyId = await writer.appendMessage(reply);
  const resultId = await writer.appendMessage({
    role: 'toolResult',
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text: `Tool call "${call.name}" was not executed: the response hit the output token limit.` }],
    isError: true,
    timestamp: dice.time(),
  });
  await writer.appendContextEdit(replyId, null);
  await writer.appendContextEdit(resultId, null);
  if (dice.chance(0.5)) await writer.appendCompaction(`## Goal\n${dice.text()}`, dice.pick(writer.pathIds()), dice.int(100, 200_000), { readFiles: [], modifiedFiles: [] });
}

const hasSystemMessage = (writer: SessionWriter): boolean => writer.pathIds().some((id) => {
  const entry = writer.entry(id);
  return entry?.type === 'message' && (entry.message as { role: string }).role === 'system';
});

const PI16_STEPS: [number, Step][] = [
  [3, (w, d) => w.appendMessage(hasSystemMessage(w) ? systemPatch(d) : fullSystem(d))],
  [8, contextEdit],
  [2, (w, d) => w.appendUsage(d.pick(['cache_warm', 'cache_warm', 'image_generation']), ...d.pick(MODELS), usage(d), d.chance(0.3) ? 'extension override' : undefined)],
  [1, (w) => w.appendThinkingLevelChange('max')],
  [2, (w, d) => w.appendCompaction(`## Goal\n${d.text()}`, null, d.int(100, 200_000), { readFiles: ['a.ts'], modifiedFiles: [] })],
  [1, (w, d) => w.appendMessage(d.chance(0.5) ? ({ role: 'user', content: null, timestamp: d.time() } as unknown as AgentMessage) : ({ ...assistantMessage(d, []), content: null } as unknown as AgentMessage))],
  [2, nestedToolTurn],
  [2, hiddenAttempt],
];

export const PI16_SHAPES: Shapes = {
  steps: PI16_STEPS,
  start: (writer, dice) => (dice.chance(0.6) ? writer.appendMessage(fullSystem(dice)) : undefined),
};
