/**
 * The user's edits of what the model sees — hide an entry, give it other text, show it again —
 * planned on the current branch before anything is written, as pi 1.6 honours them: each is a
 * `context_edit` appended at the position, the latest edit of a target on the branch wins, and a
 * position before the edit sees the original. "Show again" is what pi writes for it: an edit whose
 * replacement is the entry's own content.
 *
 * Every request must stay valid. pi's context building leaves a result whose call is hidden in the
 * request (the API then refuses it) and gives a call whose result is hidden a made-up "No result
 * provided"; so a reply with tool calls and the results of those calls are edited together: hiding
 * either hides the reply and all of its results, showing either shows them all again, and giving a
 * reply other text keeps its tool calls. A plan says so in plain words before it is applied.
 */
import { isDeepStrictEqual } from 'node:util';
import { projectPath, type ProjectedEntry } from './context';
import { messageRole } from './kind';
import type { Session } from './session';
import type { AssistantMessage, ContextReplacement, ImageContent, SessionEntry, ToolCall, ToolResultMessage } from './types';

/** What a plan reads of the session: the current branch, and the tree to tell an unknown id from one on another branch. */
export type ContextEditSource = Pick<Session, 'getBranch' | 'getEntry'>;

export type ContextEditAction = 'hide' | 'replace' | 'unhide';

export type ContextEditProblem =
  | 'unknown-entry'
  | 'not-on-branch'
  | 'no-model-content'
  | 'summarized'
  | 'already-hidden'
  | 'not-edited'
  | 'empty-text'
  | 'not-a-tool-result'
  | 'too-short';

export class ContextEditError extends Error {
  constructor(
    readonly reason: ContextEditProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ContextEditError';
  }
}

/** One edit to append: its target and what the model sees of it from then on. */
export interface PlannedContextEdit {
  targetId: string;
  replacement: ContextReplacement;
}

export interface ContextEditPlan {
  action: ContextEditAction;
  /** The entry the user chose. */
  targetId: string;
  /** The edits to append, in branch order (the reply before its results). */
  edits: PlannedContextEdit[];
  /** What applying the plan does, in plain words (for the question before it and for the CLI). */
  description: string;
}

/** What the branch's context holds, as the plans need it. */
interface BranchView {
  session: ContextEditSource;
  path: readonly SessionEntry[];
  /** Context entries by id, with what each contributes at the position. */
  inContext: Map<string, ProjectedEntry>;
}

const EDITABLE_ROLES = new Set(['user', 'assistant', 'toolResult']);

/** Hides `entryId` (and its tool-call partners) from the model. */
export function planHide(session: ContextEditSource, entryId: string): ContextEditPlan {
  const view = viewOf(session);
  checkTarget(view, entryId);
  const group = pairedGroup(view, entryId);
  const edits = group.filter((id) => !isHidden(view, id)).map((targetId) => ({ targetId, replacement: null }));
  if (edits.length === 0) throw new ContextEditError('already-hidden', `Entry ${entryId} is already hidden from the model`);
  return { action: 'hide', targetId: entryId, edits, description: describe('Hides', view, entryId, edits.map((edit) => edit.targetId)) };
}

/**
 * Gives `entryId` the text `text` for the model. A reply keeps its tool calls after the text (its
 * results still answer them); a hidden partner of the entry is shown again, so the pair stays whole.
 */
export function planReplace(session: ContextEditSource, entryId: string, text: string): ContextEditPlan {
  const view = viewOf(session);
  const target = checkTarget(view, entryId);
  if (text.trim() === '') throw new ContextEditError('empty-text', `The new text for entry ${entryId} is empty: hide the entry instead`);
  // Only the text is the user's to change: the entry's images (a pasted screenshot, a tool's image)
  // and a reply's tool calls stay, after the new text, as they were.
  const calls = toolCallsOf(target);
  const images = imagesOf(target);
  const kept = [...images, ...calls];
  const replacement: ContextReplacement = kept.length > 0 ? { content: [{ type: 'text', text }, ...kept] } : { content: text };
  const group = pairedGroup(view, entryId);
  const partners = group.filter((id) => id !== entryId && isHidden(view, id));
  const edits = group
    .filter((id) => id === entryId || partners.includes(id))
    .map((targetId) => (targetId === entryId ? { targetId, replacement } : restoreOf(view, targetId)));
  const also = partners.length > 0 ? `, and shows again ${partnerWords(view, entryId, partners)}` : '';
  const stay = [...(images.length > 0 ? [count(images.length, 'image')] : []), ...(calls.length > 0 ? [count(calls.length, 'tool call')] : [])];
  const staying = stay.length > 0 ? ` (its ${stay.join(' and ')} stay${kept.length === 1 ? 's' : ''})` : '';
  return { action: 'replace', targetId: entryId, edits, description: `Gives the model other text for ${kindWords(target)} ${entryId}${staying}${also}.` };
}

/** Shows `entryId` to the model as the file holds it again (and its hidden tool-call partners). */
export function planUnhide(session: ContextEditSource, entryId: string): ContextEditPlan {
  const view = viewOf(session);
  checkTarget(view, entryId);
  if (!isChanged(view, entryId)) throw new ContextEditError('not-edited', `Entry ${entryId} is not hidden or edited: the model already sees it as written`);
  const group = isHidden(view, entryId) ? pairedGroup(view, entryId).filter((id) => isHidden(view, id)) : [entryId];
  const edits = group.map((targetId) => restoreOf(view, targetId));
  return { action: 'unhide', targetId: entryId, edits, description: describe('Shows again', view, entryId, group) };
}

/** The entry as the context holds it at the position (what it contributes, its edit), or the reason it cannot be edited. */
export function editableContextEntry(session: ContextEditSource, entryId: string): ProjectedEntry {
  const view = viewOf(session);
  checkTarget(view, entryId);
  return view.inContext.get(entryId)!;
}

function viewOf(session: ContextEditSource): BranchView {
  const path = session.getBranch();
  const inContext = new Map<string, ProjectedEntry>();
  for (const projected of projectPath(path).entries) inContext.set(projected.entry.id, projected);
  return { session, path, inContext };
}

/** The target, or the reason it cannot be edited, in words. */
function checkTarget(view: BranchView, entryId: string): SessionEntry {
  const onPath = view.path.find((entry) => entry.id === entryId);
  if (!onPath) {
    if (!view.session.getEntry(entryId)) throw new ContextEditError('unknown-entry', `No entry with id ${entryId}`);
    throw new ContextEditError('not-on-branch', `Entry ${entryId} is not on the current branch: move to it first`);
  }
  const editable = onPath.type === 'custom_message' || EDITABLE_ROLES.has(messageRole(onPath) ?? '');
  if (!editable) throw new ContextEditError('no-model-content', `Entry ${entryId} (${onPath.type}) gives the model no message of its own to hide or edit`);
  if (!view.inContext.has(entryId)) throw new ContextEditError('summarized', `Entry ${entryId} is summarized by a compaction: the model sees the summary instead`);
  return onPath;
}

/** The entry with its tool-call partners in the context: a reply and the results of its calls (branch order). */
function pairedGroup(view: BranchView, entryId: string): string[] {
  const entry = view.inContext.get(entryId)!.entry;
  const reply = messageRole(entry) === 'toolResult' ? replyOf(view, entry) : entry;
  if (!reply || messageRole(reply) !== 'assistant') return [entryId];
  const callIds = new Set(toolCallsOf(reply).map((call) => call.id));
  if (callIds.size === 0) return [entryId];
  const group = [reply.id];
  const start = view.path.indexOf(reply);
  // Results answer the calls of the reply before them, up to the next reply (as the request pairs them).
  for (const later of view.path.slice(start + 1)) {
    const role = messageRole(later);
    if (role === 'assistant') break;
    if (role === 'toolResult' && callIds.has((later as { message: ToolResultMessage }).message.toolCallId) && view.inContext.has(later.id)) group.push(later.id);
  }
  return group;
}

/** The reply whose call a result answers: the last reply before it, when it holds that call. */
function replyOf(view: BranchView, result: SessionEntry): SessionEntry | undefined {
  const callId = (result as { message: ToolResultMessage }).message.toolCallId;
  for (let i = view.path.indexOf(result) - 1; i >= 0; i--) {
    const entry = view.path[i]!;
    if (messageRole(entry) !== 'assistant') continue;
    return view.inContext.has(entry.id) && toolCallsOf(entry).some((call) => call.id === callId) ? entry : undefined;
  }
  return undefined;
}

function toolCallsOf(entry: SessionEntry): ToolCall[] {
  if (messageRole(entry) !== 'assistant') return [];
  const content = (entry as { message: AssistantMessage }).message.content as unknown;
  return Array.isArray(content) ? (content as { type?: unknown }[]).filter((block): block is ToolCall => block?.type === 'toolCall') : [];
}

/** The image blocks of a message entry's content (a user message, a tool result, a reply). */
function imagesOf(entry: SessionEntry): ImageContent[] {
  const content = (entry as { message?: { content?: unknown } }).message?.content;
  return Array.isArray(content) ? (content as { type?: unknown }[]).filter((block): block is ImageContent => block?.type === 'image') : [];
}

function isHidden(view: BranchView, id: string): boolean {
  return view.inContext.get(id)?.edit?.replacement === null;
}

/** Whether the model sees the entry other than as written (an edit in force that changes it). */
function isChanged(view: BranchView, id: string): boolean {
  const projected = view.inContext.get(id);
  if (!projected?.edit) return false;
  if (projected.edit.replacement === null) return true;
  return !isDeepStrictEqual(projected.edit.replacement.content, originalContent(projected.entry));
}

/** pi's "show again": an edit whose replacement is the entry's own content (none stored: no blocks). */
function restoreOf(view: BranchView, targetId: string): PlannedContextEdit {
  return { targetId, replacement: { content: originalContent(view.inContext.get(targetId)!.entry) } };
}

function originalContent(entry: SessionEntry): NonNullable<ContextReplacement>['content'] {
  const content = entry.type === 'message' ? (entry.message as { content?: unknown }).content : entry.content;
  return (content ?? []) as NonNullable<ContextReplacement>['content'];
}

function describe(verb: string, view: BranchView, entryId: string, targets: readonly string[]): string {
  const target = view.inContext.get(entryId)!.entry;
  const partners = targets.filter((id) => id !== entryId);
  const head = `${verb} ${kindWords(target)} ${entryId} ${verb === 'Hides' ? 'from' : 'to'} the model`;
  if (partners.length === 0) return `${head}.`;
  return `${head}, and also ${partnerWords(view, entryId, partners)}, so no tool call is left without its result.`;
}

/** "the reply that holds its tool call", "2 tool results of its tool calls", or both. */
function partnerWords(view: BranchView, entryId: string, partners: readonly string[]): string {
  const results = partners.filter((id) => messageRole(view.inContext.get(id)!.entry) === 'toolResult').length;
  const reply = partners.length > results;
  const own = messageRole(view.inContext.get(entryId)!.entry) === 'assistant';
  const resultWords = own ? `the ${count(results, 'tool result')} of its tool calls` : `${count(results, 'other tool result')} of that reply`;
  const parts = [reply ? 'the reply that holds its tool call' : undefined, results > 0 ? resultWords : undefined];
  return parts.filter((part) => part !== undefined).join(' and ');
}

function kindWords(entry: SessionEntry): string {
  if (entry.type === 'custom_message') return 'the custom message';
  const role = messageRole(entry);
  return role === 'assistant' ? 'the reply' : role === 'toolResult' ? 'the tool result' : 'the user message';
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** What an applied plan wrote: the new `context_edit` entries' ids, in the plan's order. */
export interface ContextEditOutcome {
  plan: ContextEditPlan;
  entryIds: string[];
}

/**
 * Appends the plan's edits at the session's position (each becomes the position, as any append).
 * All of them join the tree at once, before any is written: a reply and its results are never
 * seen apart, and the edits are told as one (`watchContextEdits`); the file takes them in order.
 */
export async function applyContextEditPlan(session: Pick<Session, 'appendContextEdit'>, plan: ContextEditPlan): Promise<ContextEditOutcome> {
  const entryIds = await Promise.all(plan.edits.map((edit) => session.appendContextEdit(edit.targetId, edit.replacement)));
  return { plan, entryIds };
}

/** Hides `entryId` from the model (with its tool-call partners); throws `ContextEditError`. */
export async function hideFromModel(session: Session, entryId: string): Promise<ContextEditOutcome> {
  return applyContextEditPlan(session, planHide(session, entryId));
}

/** Gives `entryId` other text for the model; throws `ContextEditError`. */
export async function replaceForModel(session: Session, entryId: string, text: string): Promise<ContextEditOutcome> {
  return applyContextEditPlan(session, planReplace(session, entryId, text));
}

/** Shows `entryId` to the model as written again (with its hidden tool-call partners); throws `ContextEditError`. */
export async function showToModelAgain(session: Session, entryId: string): Promise<ContextEditOutcome> {
  return applyContextEditPlan(session, planUnhide(session, entryId));
}
