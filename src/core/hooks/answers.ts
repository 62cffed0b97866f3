/**
 * Handlers' answers, checked before anything of them is written. An answer comes from another
 * extension's code: fields of the wrong type are refused (a compaction) or left out (an optional
 * field), `details` is copied as plain JSON of bounded depth, and — beyond pi, which writes any
 * `firstKeptEntryId` it is given — a compaction whose first kept entry is not on the current branch
 * after its latest compaction is refused, so the summary cannot cut the context somewhere else.
 */
import type { Json, SessionEntry, Usage } from '../session';
import { limitJsonDepth } from '../util/jsonText';
import type { HookCompaction, WillNavigateTreeResult } from './types';

/** How deep a handler's `details` may nest before the deeper part is replaced by a marker. */
export const MAX_DETAILS_DEPTH = 32;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export function isCancelAnswer(answer: unknown): boolean {
  return isObject(answer) && answer['cancel'] === true;
}

/** A compaction answer ready to write, or why it cannot be. */
export function checkHookCompaction(answer: unknown, branch: readonly SessionEntry[]): Checked<HookCompaction> {
  if (!isObject(answer)) return { ok: false, problem: 'the compaction is not an object' };
  const { summary, firstKeptEntryId, tokensBefore } = answer;
  if (typeof summary !== 'string') return { ok: false, problem: 'its summary is not a string' };
  if (typeof firstKeptEntryId !== 'string') return { ok: false, problem: 'its firstKeptEntryId is not a string' };
  if (typeof tokensBefore !== 'number' || !Number.isFinite(tokensBefore) || tokensBefore < 0) return { ok: false, problem: 'its tokensBefore is not a number of tokens' };
  const kept = branch.findIndex((entry) => entry.id === firstKeptEntryId);
  if (kept < 0) return { ok: false, problem: `its first kept entry ${firstKeptEntryId} is not on the current branch` };
  if (branch.slice(kept + 1).some((entry) => entry.type === 'compaction') || branch[kept]!.type === 'compaction') {
    return { ok: false, problem: `its first kept entry ${firstKeptEntryId} lies before the latest compaction` };
  }
  const usage = usageOf(answer['usage']);
  const details = jsonOf(answer['details']);
  return { ok: true, value: { summary, firstKeptEntryId, tokensBefore, ...(usage ? { usage } : {}), ...(details !== undefined ? { details } : {}) } };
}

/** The fields of a tree answer that have the right type (pi: present ones override the move's options). */
export function checkTreeAnswer(answer: unknown): WillNavigateTreeResult {
  if (!isObject(answer)) return {};
  const result: WillNavigateTreeResult = {};
  if (answer['cancel'] === true) result.cancel = true;
  const summary = answer['summary'];
  if (isObject(summary) && typeof summary['summary'] === 'string') {
    const usage = usageOf(summary['usage']);
    const details = jsonOf(summary['details']);
    result.summary = { summary: summary['summary'], ...(usage ? { usage } : {}), ...(details !== undefined ? { details } : {}) };
  }
  if (typeof answer['customInstructions'] === 'string') result.customInstructions = answer['customInstructions'];
  if (typeof answer['replaceInstructions'] === 'boolean') result.replaceInstructions = answer['replaceInstructions'];
  if (typeof answer['label'] === 'string') result.label = answer['label'];
  return result;
}

/** Whether a tree answer says anything (pi: the last non-empty answer wins). */
export function treeAnswerSaysSomething(answer: WillNavigateTreeResult): boolean {
  return Object.keys(answer).length > 0;
}

function usageOf(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const count = (key: string): number | undefined => {
    const n = value[key];
    return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const [input, output] = [count('input'), count('output')];
  if (input === undefined || output === undefined) return undefined;
  const cacheRead = count('cacheRead') ?? 0;
  const cacheWrite = count('cacheWrite') ?? 0;
  return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite };
}

/** A plain-JSON copy of bounded depth; undefined when there is none or it cannot be one. */
function jsonOf(value: unknown): Json | undefined {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(limitJsonDepth(value, MAX_DETAILS_DEPTH));
    return text === undefined ? undefined : (JSON.parse(text) as Json);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
