/**
 * The host's check of what the chat webview sends: every field of a message before the host trusts
 * it (a webview is a page that renders a stranger's text; its messages are input, not calls).
 */
import { isSlashCommandName, MAX_SLASH_ARGUMENT } from '../core/chat/slashCommands';
import { CHAT_COMMANDS, CHAT_CONTEXT_EDIT_ACTIONS, EDIT_REVIEW_ACTIONS, type ApprovalDecision, type WebviewToHostMessage } from './protocol';

function isLineRange(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { first, last } = value as Record<string, unknown>;
  return Number.isSafeInteger(first) && Number.isSafeInteger(last) && (first as number) >= 1 && (last as number) >= (first as number);
}

const DECISIONS: readonly string[] = ['allow-once', 'allow-always', 'deny', 'allow-rule', 'allow-server'] satisfies ApprovalDecision[];
const COMMANDS: readonly string[] = CHAT_COMMANDS;

/** Checks every field of a value received from the webview before the host trusts it. */
export function isWebviewToHostMessage(value: unknown): value is WebviewToHostMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  const str = (key: string): boolean => typeof m[key] === 'string';
  const id = (key: string): boolean => typeof m[key] === 'string' && (m[key] as string).length > 0;
  const generation = (): boolean => Number.isSafeInteger(m['generation']) && (m['generation'] as number) >= 0;
  switch (m['type']) {
    case 'ready':
    case 'stop':
    case 'retry':
    case 'moveBack':
    case 'undoRestore':
    case 'inputUsed':
    case 'dismissMoveNote':
      return true;
    case 'prompt':
      return str('text') && optionalImages(m['images']) && (m['activeEditor'] === undefined || str('activeEditor'));
    case 'unqueue':
      return Number.isSafeInteger(m['index']) && (m['index'] as number) >= 0 && str('text');
    case 'editAndBranch':
    case 'branchFrom':
    case 'showSummarized':
      return id('entryId');
    case 'setPin':
      return id('entryId') && typeof m['pinned'] === 'boolean';
    case 'contextEdit':
      return id('entryId') && typeof m['action'] === 'string' && (CHAT_CONTEXT_EDIT_ACTIONS as readonly string[]).includes(m['action']);
    case 'loadEarlier':
      return id('beforeId');
    case 'inputBarrier':
      return Number.isSafeInteger(m['id']);
    case 'approvalResponse':
      return id('requestId') && typeof m['decision'] === 'string' && DECISIONS.includes(m['decision']);
    case 'editReview':
      return id('requestId') && typeof m['action'] === 'string' && (EDIT_REVIEW_ACTIONS as readonly string[]).includes(m['action']);
    case 'openWrittenDiff':
      return id('toolCallId') && (m['toolCallId'] as string).length <= 1000;
    case 'insertCode':
      return str('code');
    case 'openLink':
      return str('href');
    case 'command':
      return typeof m['command'] === 'string' && COMMANDS.includes(m['command']);
    case 'webviewError':
      return str('message');
    case 'draftChanged':
      return str('text') && generation();
    case 'restoreDraft':
    case 'dropStash':
      return generation();
    case 'openContextFile':
      return id('path');
    case 'mentionQuery':
      return Number.isSafeInteger(m['id']) && str('query') && (m['query'] as string).length <= 1000;
    case 'dropUris':
      return Array.isArray(m['uris']) && m['uris'].length <= MAX_DROPPED_URIS && m['uris'].every((uri) => typeof uri === 'string');
    case 'openMention':
      return id('path') && (m['range'] === undefined || isLineRange(m['range']));
    case 'turnFileDiff':
      return id('turnId') && id('path');
    case 'restoreBeforeTurn':
      return id('turnId');
    case 'slashCommand':
      return typeof m['name'] === 'string' && isSlashCommandName(m['name']) && str('argument') && (m['argument'] as string).length <= MAX_SLASH_ARGUMENT;
    default:
      return false;
  }
}

/** Files one drop may mention (a drop of a whole folder's files is not context, it is a slip). */
const MAX_DROPPED_URIS = 50;

function optionalImages(value: unknown): boolean {
  if (value === undefined) return true;
  if (!Array.isArray(value)) return false;
  return value.every((image: unknown) => {
    if (typeof image !== 'object' || image === null) return false;
    const i = image as Record<string, unknown>;
    return typeof i['mimeType'] === 'string' && typeof i['data'] === 'string' && (i['name'] === undefined || typeof i['name'] === 'string');
  });
}
