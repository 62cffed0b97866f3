/**
 * The text side of the user's context edits: what an entry says as written and what the model
 * sees of it at the position (for the editor, Compare and the chat's marks), Shorten for the model
 * (a long tool output cut to its first and last lines, with a note of what was left out), and
 * several rows hidden at once as one plan with one question.
 *
 * The text of an entry is its text blocks joined by a blank line: images, thinking and tool calls
 * are not text the user can edit (a reply's tool calls stay when its text is replaced).
 */
import { entryToContextMessage } from './context';
import { ContextEditError, editableContextEntry, planHide, planReplace, type ContextEditPlan, type ContextEditSource } from './contextEditPlan';
import { messageRole } from './kind';
import { messageText } from './text';
import type { AgentMessage } from './types';

/** Between an entry's text blocks when they are shown as one text. */
const BLOCK_SEPARATOR = '\n\n';

export interface ModelText {
  /** What the entry says as written. */
  original: string;
  /** What the model sees of it at the position; undefined when it is hidden from the model. */
  seen: string | undefined;
}

/** The entry's text as written and as the model sees it at the position; throws `ContextEditError` as the plans do. */
export function modelTextOf(session: ContextEditSource, entryId: string): ModelText {
  const projected = editableContextEntry(session, entryId);
  const original = entryToContextMessage(projected.entry);
  const seen = projected.messages[0];
  return { original: original ? textOf(original) : '', seen: seen ? textOf(seen) : undefined };
}

function textOf(message: AgentMessage): string {
  return messageText(message as { content?: string }, BLOCK_SEPARATOR);
}

/** How much of a long output Shorten for the model keeps. */
export interface ShortenOptions {
  headLines: number;
  tailLines: number;
}

export const SHORTEN_DEFAULTS: ShortenOptions = { headLines: 20, tailLines: 20 };

/**
 * `text` cut to its first and last lines with a note, in its place, of how much was left out and
 * how the model can fetch it (`recall` with the entry's id); undefined when there is nothing worth
 * leaving out (no more lines than it keeps, plus the one the note takes).
 */
export function shortenedText(text: string, entryId: string, options: ShortenOptions = SHORTEN_DEFAULTS): string | undefined {
  const lines = text.split('\n');
  const { headLines, tailLines } = options;
  if (lines.length <= headLines + tailLines + 1) return undefined;
  const left = lines.slice(headLines, lines.length - tailLines);
  const chars = left.reduce((sum, line) => sum + line.length + 1, 0);
  const note = `[… ${left.length} lines (${chars} characters) left out here by the user; the session keeps the full output: recall "${entryId}" returns it …]`;
  return [...lines.slice(0, headLines), note, ...lines.slice(lines.length - tailLines)].join('\n');
}

/** Gives the model a tool result cut to its first and last lines (what it says as written, however it was edited); throws `ContextEditError`. */
export function planShorten(session: ContextEditSource, entryId: string, options: ShortenOptions = SHORTEN_DEFAULTS): ContextEditPlan {
  const projected = editableContextEntry(session, entryId);
  if (messageRole(projected.entry) !== 'toolResult') throw new ContextEditError('not-a-tool-result', `Entry ${entryId} is not a tool result: only a tool's output is shortened`);
  const shortened = shortenedText(modelTextOf(session, entryId).original, entryId, options);
  if (shortened === undefined) {
    throw new ContextEditError('too-short', `The output of entry ${entryId} has no more than ${options.headLines + options.tailLines + 1} lines: there is nothing to leave out`);
  }
  const plan = planReplace(session, entryId, shortened);
  return { ...plan, description: plan.description.replace(/^Gives the model other text for/, 'Gives the model a shortened version of') };
}

/**
 * Hides several entries with one plan (one question before it): each entry's plan, its tool-call
 * partners too, written in branch order, each target once. Entries already hidden are left out;
 * throws the first entry's `ContextEditError` when none is left to hide, any other error at once.
 */
export function planHideMany(session: ContextEditSource, entryIds: readonly string[]): ContextEditPlan {
  const plans: ContextEditPlan[] = [];
  let alreadyHidden: ContextEditError | undefined;
  const planned = new Set<string>();
  for (const entryId of entryIds) {
    if (planned.has(entryId)) continue;
    try {
      const plan = planHide(session, entryId);
      plans.push(plan);
      for (const edit of plan.edits) planned.add(edit.targetId);
    } catch (error) {
      if (!(error instanceof ContextEditError) || error.reason !== 'already-hidden') throw error;
      alreadyHidden ??= error;
    }
  }
  if (plans.length === 0) throw alreadyHidden ?? new ContextEditError('unknown-entry', 'No entry to hide was given');
  if (plans.length === 1) return plans[0]!;
  const order = new Map(session.getBranch().map((entry, index) => [entry.id, index]));
  const edits = [...new Map(plans.flatMap((plan) => plan.edits).map((edit) => [edit.targetId, edit])).values()];
  edits.sort((a, b) => order.get(a.targetId)! - order.get(b.targetId)!);
  return { action: 'hide', targetId: plans[0]!.targetId, edits, description: plans.map((plan) => plan.description).join(' ') };
}
