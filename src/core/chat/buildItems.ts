/**
 * Session entries → chat items. `buildItems` turns a whole branch (sent once, on reset);
 * `itemUpdate` turns one appended entry into what the webview must change (a new item, or a result
 * attached to a tool call already shown), so a running conversation never resends the branch.
 */
import { isKnownEntry, messageText, type ImageContent, type SessionEntry, type StoredMessage, type TextContent, type ToolResultMessage, type UserMessage } from '../session';
import { mentionBlocks } from './mentionBlocks';
import { asObject, finiteNumber, stringList } from '../session/jsonFields';
import type { AssistantBlock, AssistantItem, ChatImage, ChatItem, SummaryFiles, ToolCallBlock, ToolResultView, UserItem } from './items';
import { summaryView, type SummaryView } from './summaryView';
import { foreignToolLabel } from '../agent/tools/foreignTools';
import { formatArgs, summarizeArgs } from './toolSummary';
import { MAX_IMAGE_BASE64_CHARS } from '../util/imageType';
import type { FilesEntryData } from '../checkpoints';
import { turnFilesView, turnRecordsOf } from './turnFiles';

/** Past this, a tool's output is cut for display (the session keeps all of it). */
export const MAX_RESULT_CHARS = 20_000;
/** Past this, a message's text is cut for display: a file may hold a 100 MB line (the session keeps all of it). */
export const MAX_TEXT_CHARS = 200_000;
/** Images shown per message; a file may hold thousands. */
export const MAX_SHOWN_IMAGES = 20;
/** Files a summary card lists of each kind (read, modified); the rest are counted. */
export const MAX_SHOWN_FILES = 100;

/** `text`, or its start and a line saying how much is not shown. */
export function shownText(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  // Never leave half of a surrogate pair at the cut.
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}\n\n[… ${text.length - end} more characters not shown here: export the session to read all of it]`;
}

/** The user's own text, with the mention blocks sent before it as chips. */
function userItem(id: string, message: UserMessage): UserItem {
  const { chips, text } = mentionBlocks(messageText(message, '\n'));
  return { kind: 'user', id, text: shownText(text), images: imagesOf(message.content), ...(chips.length > 0 ? { mentions: chips } : {}) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

const SHOWN_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** What one appended entry changes in the chat. */
export type ItemUpdate =
  | { kind: 'item'; item: ChatItem }
  | { kind: 'toolResult'; entryId: string; toolCallId: string; result: ToolResultView }
  | { kind: 'none' };

/**
 * Every item of a branch, tool results attached to their calls, each user message with the files
 * its turn changed. `turns`: the turns' records when `branch` is a window of a longer branch (a
 * window's last turn may go on after it).
 */
export function buildItems(branch: readonly SessionEntry[], turns = turnRecordsOf(branch)): ChatItem[] {
  const items: ChatItem[] = [];
  const calls = new Map<string, { item: AssistantItem; block: ToolCallBlock }>();
  for (const entry of branch) {
    const update = itemUpdate(entry);
    if (update.kind === 'item') {
      items.push(update.item);
      if (update.item.kind === 'user') withTurnFiles(update.item, turns.get(update.item.id));
      if (update.item.kind === 'assistant') indexCalls(update.item, calls);
    } else if (update.kind === 'toolResult') {
      const call = calls.get(update.toolCallId);
      if (call) attachResult(call.item, call.block, update.entryId, update.result);
      else items.push(orphanResult(entry, update));
    }
  }
  return items;
}

function withTurnFiles(item: UserItem, records: readonly FilesEntryData[] | undefined): void {
  const files = records && turnFilesView(records);
  if (files) item.files = files;
}

/** What appending `entry` changes; a tool result names the call it belongs to. */
export function itemUpdate(entry: SessionEntry): ItemUpdate {
  if (!isKnownEntry(entry)) return { kind: 'none' };
  switch (entry.type) {
    case 'message':
      return messageUpdate(entry.id, entry.message);
    case 'compaction': {
      const arbor = asObject(entry['arbor']);
      const tokensAfter = finiteNumber(arbor?.['tokensAfter']);
      const summarizedEntries = finiteNumber(arbor?.['summarizedEntries']);
      const instructions = typeof arbor?.['instructions'] === 'string' ? arbor['instructions'] : undefined;
      const byExtension = typeof arbor?.['byExtension'] === 'string' ? arbor['byExtension'] : undefined;
      const pinnedIds = asObject(arbor?.['pins'])?.['ids'];
      const pinnedCount = Array.isArray(pinnedIds) ? pinnedIds.length : 0;
      const summaryEdited = arbor?.['summaryEdited'] === true;
      const view = summaryView(entry.summary);
      return {
        kind: 'item',
        item: {
          kind: 'compaction',
          id: entry.id,
          summary: shownText(view.text),
          ...(view.turnContext !== undefined ? { turnContext: shownText(view.turnContext) } : {}),
          tokensBefore: entry.tokensBefore,
          ...(tokensAfter !== undefined ? { tokensAfter } : {}),
          ...(summarizedEntries !== undefined ? { summarizedEntries } : {}),
          ...(instructions ? { instructions: shownText(instructions) } : {}),
          ...(byExtension ? { byExtension: shownText(byExtension) } : {}),
          ...(pinnedCount > 0 ? { pinnedCount } : {}),
          ...(summaryEdited ? { summaryEdited: true as const } : {}),
          ...summaryFiles(entry.details, view),
        },
      };
    }
    case 'branch_summary': {
      const view = summaryView(entry.summary);
      return { kind: 'item', item: { kind: 'branchSummary', id: entry.id, summary: shownText(view.text), ...summaryFiles(entry.details, view) } };
    }
    case 'custom_message':
      return entry.display ? { kind: 'item', item: { kind: 'custom', id: entry.id, customType: entry.customType, text: shownText(messageText({ content: entry.content }, '\n')) } } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/**
 * The files a summary card lists: the entry's `details` (what its writer recorded), else the blocks
 * at the end of its text (a summary written without details), at most MAX_SHOWN_FILES of each.
 */
function summaryFiles(details: unknown, view: SummaryView): SummaryFiles {
  const recorded = asObject(details);
  const hasLists = Array.isArray(recorded?.['readFiles']) || Array.isArray(recorded?.['modifiedFiles']);
  const read = hasLists ? stringList(recorded?.['readFiles']) : view.readFiles;
  const modified = hasLists ? stringList(recorded?.['modifiedFiles']) : view.modifiedFiles;
  const notShown = Math.max(0, read.length - MAX_SHOWN_FILES) + Math.max(0, modified.length - MAX_SHOWN_FILES);
  return { readFiles: read.slice(0, MAX_SHOWN_FILES), modifiedFiles: modified.slice(0, MAX_SHOWN_FILES), ...(notShown > 0 ? { filesNotShown: notShown } : {}) };
}

function messageUpdate(id: string, message: StoredMessage): ItemUpdate {
  switch (message.role) {
    case 'user':
      return { kind: 'item', item: userItem(id, message) };
    case 'assistant':
      return { kind: 'item', item: assistantItem(id, message) };
    case 'toolResult':
      return { kind: 'toolResult', entryId: id, toolCallId: message.toolCallId, result: resultView(message) };
    case 'bashExecution':
      return {
        kind: 'item',
        item: {
          kind: 'bash',
          id,
          command: shownText(message.command, MAX_RESULT_CHARS),
          output: shownText(message.output, MAX_RESULT_CHARS),
          ...(typeof message.exitCode === 'number' ? { exitCode: message.exitCode } : {}),
          cancelled: message.cancelled === true,
          truncated: message.truncated === true,
        },
      };
    case 'custom':
      return message.display ? { kind: 'item', item: { kind: 'custom', id, customType: message.customType, text: shownText(messageText(message, '\n')) } } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

function assistantItem(id: string, message: Extract<StoredMessage, { role: 'assistant' }>): AssistantItem {
  const blocks: AssistantBlock[] = [];
  for (const block of Array.isArray(message.content) ? message.content : []) {
    if (block.type === 'text') blocks.push({ type: 'text', text: shownText(block.text) });
    else if (block.type === 'thinking') blocks.push({ type: 'thinking', text: shownText(block.thinking), redacted: block.redacted === true });
    else if (block.type === 'toolCall') {
      const args = asObject(block.arguments) ?? {};
      const foreign = foreignToolLabel(block.name);
      blocks.push({ type: 'toolCall', toolCallId: block.id, name: block.name, ...(foreign ? { foreign } : {}), summary: summarizeArgs(block.name, args), args: formatArgs(args), status: 'pending' });
    }
  }
  const ending = endingOf(message);
  return { kind: 'assistant', id, blocks, model: message.model, ...(ending ? { ending } : {}), branchPointId: id, streaming: false };
}

/** Why a reply ended early, in words for the chat; undefined for a normal end. */
export function endingOf(message: { stopReason: string; errorMessage?: string }): AssistantItem['ending'] {
  switch (message.stopReason) {
    case 'aborted':
      return { reason: 'aborted', message: 'Stopped before the reply was complete.' };
    case 'error':
      return { reason: 'error', message: message.errorMessage ? `The reply failed: ${message.errorMessage}` : 'The reply failed.' };
    case 'length':
      return { reason: 'length', message: 'The reply hit the output token limit (arbor.maxOutputTokens) and was cut off.' };
    default:
      return undefined;
  }
}

export function resultView(message: Pick<ToolResultMessage, 'content' | 'details' | 'isError'>): ToolResultView {
  const full = messageText(message, '\n');
  const cut = full.length > MAX_RESULT_CHARS;
  const toolCut = asObject(asObject(message.details)?.['truncation'])?.['truncated'] === true;
  // Only a successful result's diff: a denied or failed call wrote nothing.
  const recorded = asObject(message.details)?.['diff'];
  const recordedDiff = message.isError !== true && typeof recorded === 'string' && recorded !== '';
  return {
    text: cut ? full.slice(0, MAX_RESULT_CHARS) : full,
    isError: message.isError === true,
    truncated: cut || toolCut,
    images: imagesOf(message.content),
    ...(recordedDiff ? { writtenDiff: { autoApproved: false }, diff: shownText(recorded, MAX_RESULT_CHARS) } : {}),
  };
}

/** Attaches a result to its call (in place: the item is being built or was just copied). */
export function attachResult(item: AssistantItem, block: ToolCallBlock, entryId: string, result: ToolResultView): void {
  block.result = result;
  block.status = result.isError ? 'error' : 'done';
  block.resultId = entryId;
  item.branchPointId = entryId;
}

function indexCalls(item: AssistantItem, calls: Map<string, { item: AssistantItem; block: ToolCallBlock }>): void {
  for (const block of item.blocks) if (block.type === 'toolCall') calls.set(block.toolCallId, { item, block });
}

function orphanResult(entry: SessionEntry, update: Extract<ItemUpdate, { kind: 'toolResult' }>): ChatItem {
  const message = (entry as { message?: { toolName?: unknown } }).message;
  const toolName = typeof message?.toolName === 'string' ? message.toolName : 'tool';
  return { kind: 'toolResult', id: update.entryId, toolCallId: update.toolCallId, toolName, result: update.result };
}

function imagesOf(content: string | readonly (TextContent | ImageContent)[] | undefined): ChatImage[] {
  if (!Array.isArray(content)) return [];
  const images: ChatImage[] = [];
  for (const block of content) {
    if (images.length === MAX_SHOWN_IMAGES) break;
    // Larger than any image Arbor or pi sends: a file's 100 MB "image" would stall the chat, and is not drawn.
    if (block?.type === 'image' && typeof block.data === 'string' && block.data.length <= MAX_IMAGE_BASE64_CHARS && SHOWN_IMAGE_TYPES.has(block.mimeType)) images.push({ mimeType: block.mimeType, data: block.data });
  }
  return images;
}
