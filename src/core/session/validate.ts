/**
 * Shape checks for entries read from a file. `JSON.parse` gives any shape; the readers (context,
 * tree, descriptions, token counts, compaction, CLI, views) rely on the fields below. An entry
 * that fails is reported like a malformed line and left out of the tree; the file keeps it.
 *
 * What makes an entry unusable — a field a reader dereferences, iterates, measures, sends to the
 * model or prints, with the wrong type:
 * - every entry: a non-empty string `id`; `parentId` a string or null (absent: a root, as pi
 *   treats it); `timestamp` a string when present (readers parse and print it);
 * - messages: the message object and its string `role`; content (a string, or an array of objects
 *   with a string `type` — assistant and tool-result content must be arrays, as pi writes them; null
 *   or absent is read as empty, as pi 1.6 reads it: `normalizeEntry`);
 *   the fields of known blocks (text, thinking, image, toolCall with an object `arguments`); an
 *   assistant's usage numbers; the tool result's `toolCallId`; a bash run's command and output;
 *   the summary of summary messages; and the optional fields readers print (tool name, error
 *   message, provider, model, signatures) must be strings when present; a message's `timestamp`
 *   a number when present (compared with other times); a tool result's `isError` a boolean when
 *   present (sent to the model as is);
 * - system messages (pi 1.6): content as above (a string or text blocks), `sections` an object of
 *   strings or nulls, `toolsAdded` / `toolsRemoved` arrays of objects with a string `name`; a
 *   compaction's `systemMessage` checkpoint the same when present;
 * - context edits: a string `targetId` and a `replacement` that is null or an object whose
 *   `content` is a string or an array of blocks; usage entries: string `kind`, `provider`, `model`
 *   and the usage numbers;
 * - the other entry types: the fields their readers use (summary, ids, counts, names).
 *
 * Tolerated, because every reader treats them as flags or ignores them: unknown fields, unknown
 * entry types, unknown roles and unknown block types (kept in the file and skipped by readers),
 * `stopReason`, `display`, `cancelled`, `truncated`, `excludeFromContext`, `redacted`, `details`,
 * `data`, `cost`, `api`.
 *
 * Allocation-free when the entry is usable: the reason text is built only on failure.
 */

/** Undefined when the entry is usable, else a short plain-words reason. */
export function entryProblem(value: Record<string, unknown>): string | undefined {
  const fault = baseFault(value) ?? typeFault(value);
  return fault === undefined ? undefined : `${entryName(value.type)}: ${fault}`;
}

/**
 * Undefined when a `type: "session"` line is a usable header, else the reason. Readers print and
 * resolve paths against `cwd`, and migrate by `version`: a header with those of the wrong type
 * makes the file "not a session file" (refused, never rewritten) rather than half-read.
 */
export function headerProblem(value: Record<string, unknown>): string | undefined {
  const fault =
    idFault(value) ??
    str(value.cwd, 'cwd') ??
    optStr(value.timestamp, 'timestamp') ??
    optStr(value.parentSession, 'parentSession') ??
    (value.version === undefined || typeof value.version === 'number' ? undefined : fieldFault('version', value.version, 'a number'));
  return fault === undefined ? undefined : `session header: ${fault}`;
}

function idFault(record: Record<string, unknown>): string | undefined {
  const id = record.id;
  return typeof id === 'string' && id !== '' ? undefined : fieldFault('id', id, 'a non-empty string');
}

function baseFault(entry: Record<string, unknown>): string | undefined {
  const problem = idFault(entry);
  if (problem !== undefined) return problem;
  const parentId = entry.parentId;
  if (parentId !== null && parentId !== undefined && typeof parentId !== 'string') return fieldFault('parentId', parentId, 'a string or null');
  return optStr(entry.timestamp, 'timestamp');
}

function typeFault(entry: Record<string, unknown>): string | undefined {
  // A switch, not a lookup table: a type named "constructor" or "__proto__" must not find anything.
  switch (entry.type) {
    case 'message':
      return messageFault(entry.message);
    case 'thinking_level_change':
      return str(entry.thinkingLevel, 'thinkingLevel');
    case 'model_change':
      return str(entry.provider, 'provider') ?? str(entry.modelId, 'modelId');
    case 'compaction':
      return (
        str(entry.summary, 'summary') ??
        str(entry.firstKeptEntryId, 'firstKeptEntryId') ??
        num(entry.tokensBefore, 'tokensBefore') ??
        (entry.systemMessage === undefined ? undefined : checkpointFault(entry.systemMessage))
      );
    case 'branch_summary':
      return str(entry.summary, 'summary') ?? str(entry.fromId, 'fromId');
    case 'custom':
      return str(entry.customType, 'customType');
    case 'custom_message':
      return str(entry.customType, 'customType') ?? optContentFault(entry.content, 'content', false);
    case 'label':
      // An absent, null or empty label clears it.
      return str(entry.targetId, 'targetId') ?? (entry.label === null ? undefined : optStr(entry.label, 'label'));
    case 'session_info':
      return entry.name === null ? undefined : optStr(entry.name, 'name');
    case 'context_edit':
      return str(entry.targetId, 'targetId') ?? replacementFault(entry.replacement);
    case 'usage':
      return str(entry.kind, 'kind') ?? str(entry.provider, 'provider') ?? str(entry.model, 'model') ?? usageFault(entry.usage, ENTRY_USAGE);
    default:
      return undefined;
  }
}

function messageFault(message: unknown): string | undefined {
  if (!isRecord(message)) return fieldFault('message', message, 'an object');
  const role = message.role;
  if (typeof role !== 'string') return fieldFault('message.role', role, 'a string');
  // Compared with numbers (stale usage, calibration): an object there would throw.
  const timestamp = optNum(message.timestamp, 'message.timestamp');
  if (timestamp !== undefined) return timestamp;
  switch (role) {
    case 'user':
      return optContentFault(message.content, 'message.content', false);
    case 'assistant':
      return (
        optContentFault(message.content, 'message.content', true) ??
        usageFault(message.usage, MESSAGE_USAGE) ??
        optStr(message.provider, 'message.provider') ??
        optStr(message.model, 'message.model') ??
        optStr(message.errorMessage, 'message.errorMessage')
      );
    case 'toolResult':
      return (
        str(message.toolCallId, 'message.toolCallId') ??
        optStr(message.toolName, 'message.toolName') ??
        optBool(message.isError, 'message.isError') ??
        optContentFault(message.content, 'message.content', true) ??
        (message.usage === undefined ? undefined : usageFault(message.usage, MESSAGE_USAGE))
      );
    case 'bashExecution':
      return (
        str(message.command, 'message.command') ??
        str(message.output, 'message.output') ??
        optNum(message.exitCode, 'message.exitCode') ??
        optStr(message.fullOutputPath, 'message.fullOutputPath')
      );
    case 'custom':
      return str(message.customType, 'message.customType') ?? optContentFault(message.content, 'message.content', false);
    case 'system':
      return systemFault(message, SYSTEM_PATHS);
    case 'branchSummary':
    case 'compactionSummary':
      return str(message.summary, 'message.summary');
    default:
      return undefined;
  }
}

/** A compaction's checkpoint: a system message. */
function checkpointFault(value: unknown): string | undefined {
  if (!isRecord(value)) return fieldFault('systemMessage', value, 'an object');
  if (value.role !== 'system') return fieldFault('systemMessage.role', value.role, '"system"');
  return optNum(value.timestamp, 'systemMessage.timestamp') ?? systemFault(value, CHECKPOINT_PATHS);
}

type SystemPaths = Readonly<Record<'content' | 'sections' | 'toolsAdded' | 'toolsRemoved', string>>;

const SYSTEM_PATHS: SystemPaths = { content: 'message.content', sections: 'message.sections', toolsAdded: 'message.toolsAdded', toolsRemoved: 'message.toolsRemoved' };
const CHECKPOINT_PATHS: SystemPaths = { content: 'systemMessage.content', sections: 'systemMessage.sections', toolsAdded: 'systemMessage.toolsAdded', toolsRemoved: 'systemMessage.toolsRemoved' };

/** The fields readers replay: text, sections by name, tools by name (their declarations are kept as they are). */
function systemFault(message: Record<string, unknown>, at: SystemPaths): string | undefined {
  const content = optContentFault(message.content, at.content, false);
  if (content !== undefined) return content;
  const sections = message.sections;
  if (sections !== undefined) {
    if (!isRecord(sections)) return fieldFault(at.sections, sections, 'an object');
    for (const key in sections) {
      const value = sections[key];
      // The section's name is the file's text: not repeated in the reason.
      if (value !== null && typeof value !== 'string') return `a value of "${at.sections}" is ${kindOf(value)}, expected a string or null`;
    }
  }
  return toolListFault(message.toolsAdded, at.toolsAdded) ?? toolListFault(message.toolsRemoved, at.toolsRemoved);
}

function toolListFault(list: unknown, path: string): string | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) return fieldFault(path, list, 'an array of tools');
  for (let i = 0; i < list.length; i++) {
    const tool: unknown = list[i];
    if (!isRecord(tool)) return fieldFault(`${path}[${i}]`, tool, 'an object');
    if (typeof tool.name !== 'string') return fieldFault(`${path}[${i}].name`, tool.name, 'a string');
  }
  return undefined;
}

/** A context edit's replacement: null (hide the target) or `{content}` (a string or blocks). */
function replacementFault(replacement: unknown): string | undefined {
  if (replacement === null) return undefined;
  if (!isRecord(replacement)) return fieldFault('replacement', replacement, 'null or an object with content');
  return contentFault(replacement.content, 'replacement.content', false);
}

/** Content that may also be null or absent (read as empty, as pi 1.6 reads it). */
function optContentFault(content: unknown, path: string, arrayOnly: boolean): string | undefined {
  return content === null || content === undefined ? undefined : contentFault(content, path, arrayOnly);
}

/** Content: a string (unless `arrayOnly`) or an array of blocks. */
function contentFault(content: unknown, path: string, arrayOnly: boolean): string | undefined {
  if (typeof content === 'string' && !arrayOnly) return undefined;
  if (!Array.isArray(content)) return fieldFault(path, content, arrayOnly ? 'an array of blocks' : 'a string or an array of blocks');
  for (let i = 0; i < content.length; i++) {
    const problem = blockFault(content[i], path, i);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function blockFault(block: unknown, path: string, index: number): string | undefined {
  if (!isRecord(block)) return fieldFault(`${path}[${index}]`, block, 'an object');
  const type = block.type;
  if (typeof type !== 'string') return fieldFault(`${path}[${index}].type`, type, 'a string');
  switch (type) {
    case 'text':
      return blockStr(block.text, path, index, 'text', true) ?? blockStr(block.textSignature, path, index, 'textSignature', false);
    case 'thinking':
      return blockStr(block.thinking, path, index, 'thinking', true) ?? blockStr(block.thinkingSignature, path, index, 'thinkingSignature', false);
    case 'image':
      return blockStr(block.data, path, index, 'data', true) ?? blockStr(block.mimeType, path, index, 'mimeType', true);
    case 'toolCall':
      if (!isRecord(block.arguments)) return fieldFault(`${path}[${index}].arguments`, block.arguments, 'an object');
      return (
        blockStr(block.id, path, index, 'id', true) ??
        blockStr(block.name, path, index, 'name', true) ??
        blockStr(block.thoughtSignature, path, index, 'thoughtSignature', false)
      );
    default:
      return undefined;
  }
}

function blockStr(value: unknown, path: string, index: number, key: string, required: boolean): string | undefined {
  if (typeof value === 'string' || (!required && value === undefined)) return undefined;
  return fieldFault(`${path}[${index}].${key}`, value, 'a string');
}

/** The counts the context meter, the compaction trigger and the totals add up. */
function usageFault(usage: unknown, at: UsagePaths): string | undefined {
  if (!isRecord(usage)) return fieldFault(at.usage, usage, 'an object');
  return num(usage.input, at.input) ?? num(usage.output, at.output) ?? num(usage.cacheRead, at.cacheRead) ?? num(usage.cacheWrite, at.cacheWrite) ?? optNum(usage.totalTokens, at.totalTokens);
}

type UsagePaths = Readonly<Record<'usage' | 'input' | 'output' | 'cacheRead' | 'cacheWrite' | 'totalTokens', string>>;

function usagePaths(usage: string): UsagePaths {
  return { usage, input: `${usage}.input`, output: `${usage}.output`, cacheRead: `${usage}.cacheRead`, cacheWrite: `${usage}.cacheWrite`, totalTokens: `${usage}.totalTokens` };
}

const MESSAGE_USAGE = usagePaths('message.usage');
const ENTRY_USAGE = usagePaths('usage');

// The checks take the value itself (a named property read at the call site, fast on any entry
// shape) and a constant path, so nothing is built unless the check fails.

function str(value: unknown, path: string): string | undefined {
  return typeof value === 'string' ? undefined : fieldFault(path, value, 'a string');
}

function optStr(value: unknown, path: string): string | undefined {
  return value === undefined || typeof value === 'string' ? undefined : fieldFault(path, value, 'a string');
}

function num(value: unknown, path: string): string | undefined {
  return typeof value === 'number' ? undefined : fieldFault(path, value, 'a number');
}

/** A number, or absent or null. */
function optNum(value: unknown, path: string): string | undefined {
  return value === undefined || value === null || typeof value === 'number' ? undefined : fieldFault(path, value, 'a number');
}

/** Sent to the model as is (a tool result's error flag): a boolean, or absent. */
function optBool(value: unknown, path: string): string | undefined {
  return value === undefined || typeof value === 'boolean' ? undefined : fieldFault(path, value, 'a boolean');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldFault(path: string, value: unknown, expected: string): string {
  return value === undefined ? `"${path}" is missing, expected ${expected}` : `"${path}" is ${kindOf(value)}, expected ${expected}`;
}

/** What a JSON value is, in words (never the value itself: it may be huge or private). */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value === '' ? 'an empty string' : 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const MAX_TYPE_CHARS = 40;

/** `message entry`, `label entry`; a long or odd type is cut so the reason stays one short line. */
function entryName(type: unknown): string {
  if (typeof type !== 'string') return 'entry';
  const shown = type.length > MAX_TYPE_CHARS ? `${type.slice(0, MAX_TYPE_CHARS - 1)}…` : type;
  return `${JSON.stringify(shown)} entry`.replace(/^"(\w+)" entry$/, '$1 entry');
}
