/**
 * The meter's number taken apart: how much of the next request is the system prompt, each context
 * file, the tool definitions, the summaries, the pinned text, the messages a compaction kept and
 * the conversation after it. The parts add up to the meter's total exactly. The meter's total is
 * the last reported usage (which covers the system prompt, the tools and every message up to that
 * reply) plus an estimate of the messages after it; so the reported part is shared among what it
 * covers in proportion to the estimator's counts, the estimated part among the messages after it,
 * each by the largest remainder. Before a reply reports usage the meter counts the messages only:
 * the system prompt, context files and tools are then listed apart, as not counted.
 */
import type { AgentMessage } from '../session';
import { plainText } from '../util/plainText';
import { apportion } from './apportion';
import type { ContextStatus } from './contextTokens';
import type { TokenEstimator } from './estimator';

export type BreakdownPartKind = 'system' | 'contextFile' | 'tools' | 'summaries' | 'pinned' | 'kept' | 'messages' | 'streaming';

export interface BreakdownPart {
  kind: BreakdownPartKind;
  /** What the part is ("System prompt", a context file's path from the file system: plain text only). */
  label: string;
  /** Of the meter's reported part. */
  reported: number;
  /** Of the meter's estimated part. */
  estimated: number;
  tokens: number;
}

export interface ContextBreakdown {
  /** The meter's number; the parts' `tokens` add up to it. */
  total: number;
  parts: BreakdownPart[];
  /** What the request sends that the meter does not count yet (no reply reported usage): estimates. */
  uncounted: BreakdownPart[];
  /** threshold − total (negative: over it); undefined when auto-compaction cannot fire. */
  free: number | undefined;
  /**
   * The reported usage was smaller than the estimated system prompt, context files and tools, so
   * they take a share of it like the messages, not their estimated count (the tooltip says so).
   */
  frameShared: boolean;
  threshold: number | undefined;
  /** Tokens the context edits in force leave out of the request (0: none). */
  editSavings: number;
}

/** What the system prompt is made of: its whole text, and the context files it quotes (each as quoted there). */
export interface PromptComposition {
  text: string;
  contextFiles: readonly { path: string; quoted: string }[];
}

export interface BreakdownInput {
  status: Pick<ContextStatus, 'contextTokens' | 'reportedTokens' | 'estimatedTokens' | 'lastUsageIndex' | 'threshold'>;
  /** The context messages the status was measured on. */
  messages: readonly AgentMessage[];
  estimator: TokenEstimator;
  /** The system prompt of the next request; undefined when not known yet. */
  prompt: PromptComposition | undefined;
  /** The tools' definitions as sent (their JSON is what is counted). */
  tools: readonly unknown[];
  /** The MCP server each tool comes from (same order as `tools`; undefined: Arbor's own): each server's definitions are a part of their own. */
  toolServers?: readonly (string | undefined)[];
  /** The pinned section carried in the latest compaction's summary ('' when none). */
  pinnedText: string;
  /** How many messages right after the compaction summary are the ones it kept verbatim. */
  keptCount: number;
  /** Tokens of the reply streaming now (the live meter adds them). */
  streamingTokens?: number;
  /** Tokens the context edits leave out (core/tokens/editSavings). */
  editSavings?: number;
}

interface Unit {
  kind: BreakdownPartKind;
  label: string;
  weight: number;
  /** Covered by the reported usage (else estimated). */
  reported: boolean;
  /** The system prompt, a context file or the tools: not a message, the same in every request. */
  frame?: true;
}

export function contextBreakdown(input: BreakdownInput): ContextBreakdown {
  const { status } = input;
  const counted = status.lastUsageIndex !== null;
  const frame = frameUnits(input, counted);
  const units = [...(counted ? frame : []), ...messageUnits(input)];
  const parts = partsOf(units);
  // The conversation's line is always there, so an empty session still reads "Messages: 0".
  if (!parts.some((part) => part.kind === 'messages')) parts.push({ kind: 'messages', label: 'Messages', reported: 0, estimated: 0, tokens: 0 });
  const { shares: reported, frameShared } = shareReported(status.reportedTokens, parts, units);
  const estimated = apportion(status.estimatedTokens, parts.map((part) => sumWeights(units, part, false)));
  parts.forEach((part, i) => {
    part.reported = reported[i]!;
    part.estimated = estimated[i]!;
    part.tokens = part.reported + part.estimated;
  });
  const streaming = Math.max(0, Math.round(input.streamingTokens ?? 0));
  if (streaming > 0) parts.push({ kind: 'streaming', label: 'Reply streaming now', reported: 0, estimated: streaming, tokens: streaming });
  const total = status.contextTokens + streaming;
  // Priced as the reported usage prices them (`shareReported`): at the estimator's count, so a part
  // reads the same before and after a reply reports usage.
  const uncounted = counted ? [] : partsOf(frame).map((part) => {
    const tokens = sumWeights(frame, part, false);
    return { ...part, estimated: tokens, tokens };
  });
  return {
    total,
    parts: parts.filter((part) => part.tokens > 0 || part.kind === 'messages'),
    uncounted,
    free: status.threshold === undefined ? undefined : status.threshold - total,
    frameShared,
    threshold: status.threshold,
    editSavings: input.editSavings ?? 0,
  };
}

/**
 * The reported usage shared among the parts it covers. The system prompt, the context files and
 * the tools are the same in every request, so each gets its estimator's count, as when no reply
 * has counted them yet (`uncounted`): a part keeps its price when the count turns from estimated
 * to reported or back (a compaction). The messages share the rest, in proportion to their counts.
 * A usage too small to hold the frame's counts (an endpoint that under-reports) is shared among
 * all the parts in proportion instead.
 */
function shareReported(total: number, parts: readonly BreakdownPart[], units: readonly Unit[]): { shares: number[]; frameShared: boolean } {
  const weights = parts.map((part) => sumWeights(units, part, true));
  const isFrame = parts.map((part) => units.some((unit) => unit.frame && unit.kind === part.kind && unit.label === part.label));
  const frame = weights.reduce((sum, weight, i) => (isFrame[i] ? sum + weight : sum), 0);
  const messages = weights.map((weight, i) => (isFrame[i] ? 0 : weight));
  if (frame === 0 || !messages.some((weight) => weight > 0)) return { shares: apportion(total, weights), frameShared: false };
  if (frame > total) return { shares: apportion(total, weights), frameShared: true };
  const rest = apportion(total - frame, messages);
  return { shares: weights.map((weight, i) => (isFrame[i] ? weight : rest[i]!)), frameShared: false };
}

/** The system prompt (without the context files it quotes), each context file, the tools. */
function frameUnits(input: BreakdownInput, reported: boolean): Unit[] {
  const { estimator, prompt } = input;
  const units: Unit[] = [];
  if (prompt) {
    let files = 0;
    for (const file of prompt.contextFiles) {
      const weight = estimator.estimateText(file.quoted);
      files += weight;
      units.push({ kind: 'contextFile', label: file.path, weight, reported, frame: true });
    }
    units.unshift({ kind: 'system', label: 'System prompt', weight: Math.max(0, estimator.estimateText(prompt.text) - files), reported, frame: true });
  }
  for (const [label, tools] of toolGroups(input)) units.push({ kind: 'tools', label, weight: estimator.estimateText(JSON.stringify(tools)), reported, frame: true });
  return units;
}

/** Arbor's own tools as one group, then each MCP server's, labelled with their count. */
function toolGroups(input: BreakdownInput): [label: string, tools: unknown[]][] {
  const groups = new Map<string | undefined, unknown[]>();
  input.tools.forEach((tool, index) => {
    const server = input.toolServers?.[index];
    groups.set(server, [...(groups.get(server) ?? []), tool]);
  });
  return [...groups].map(([server, tools]) => [server === undefined ? `Tool definitions (${tools.length})` : `MCP server ${plainText(server)}: tool definitions (${tools.length})`, tools]);
}

/** Every context message: summaries (their pinned section apart), kept messages, the conversation. */
function messageUnits(input: BreakdownInput): Unit[] {
  const { messages, estimator, status } = input;
  const last = status.lastUsageIndex ?? -1;
  const units: Unit[] = [];
  // The latest compaction's summary opens the context, after its system checkpoint when it has one.
  const summaryAt = summaryIndex(messages);
  const keptFrom = summaryAt + 1;
  const keptTo = summaryAt >= 0 ? keptFrom + Math.max(0, Math.min(input.keptCount, messages.length - keptFrom)) : 0;
  messages.forEach((message, index) => {
    const reported = index <= last;
    const weight = estimator.estimate(message);
    if (message.role === 'system') {
      // pi's system messages and checkpoints: its prompt as the session recorded it (pi's estimate counts it).
      units.push({ kind: 'system', label: 'System messages in the session', weight, reported });
    } else if (message.role === 'compactionSummary' || message.role === 'branchSummary') {
      const pinned = message.role === 'compactionSummary' && index === summaryAt && input.pinnedText !== '' ? Math.min(weight, estimator.estimateText(input.pinnedText)) : 0;
      units.push({ kind: 'summaries', label: 'Summaries', weight: weight - pinned, reported });
      if (pinned > 0) units.push({ kind: 'pinned', label: 'Pinned text', weight: pinned, reported });
    } else if (index >= keptFrom && index < keptTo) {
      units.push({ kind: 'kept', label: 'Messages the compaction kept', weight, reported });
    } else {
      units.push({ kind: 'messages', label: summaryAt >= 0 ? 'Messages since the compaction' : 'Messages', weight, reported });
    }
  });
  return units;
}

/** Where the latest compaction's summary is: first, or right after its checkpoint; -1 without one. */
function summaryIndex(messages: readonly AgentMessage[]): number {
  const at = messages[0]?.role === 'system' ? 1 : 0;
  return messages[at]?.role === 'compactionSummary' ? at : -1;
}

/** One part per kind (per file for context files), in the order they come in the request. */
function partsOf(units: readonly Unit[]): BreakdownPart[] {
  const parts: BreakdownPart[] = [];
  const order: BreakdownPartKind[] = ['system', 'contextFile', 'tools', 'summaries', 'pinned', 'kept', 'messages'];
  for (const kind of order) {
    const seen = new Set<string>();
    for (const unit of units) {
      if (unit.kind !== kind || seen.has(unit.label)) continue;
      seen.add(unit.label);
      parts.push({ kind, label: unit.label, reported: 0, estimated: 0, tokens: 0 });
    }
  }
  return parts;
}

function sumWeights(units: readonly Unit[], part: BreakdownPart, reported: boolean): number {
  let sum = 0;
  for (const unit of units) if (unit.kind === part.kind && unit.label === part.label && unit.reported === reported) sum += unit.weight;
  return sum;
}

/**
 * The breakdown as lines of plain text, one per part: "Messages: 3,456 (2,000 reported, 1,456
 * estimated)"; then what is not counted yet, and the room left before auto-compaction fires.
 */
export function breakdownLines(breakdown: ContextBreakdown): string[] {
  const n = (value: number): string => value.toLocaleString('en-US');
  const lines = breakdown.parts.map((part) => `${plainText(part.label, 200)}: ${n(part.tokens)} (${sourceOf(part, n)})`);
  for (const part of breakdown.uncounted) lines.push(`${plainText(part.label, 200)}: about ${n(part.tokens)}, not in the count until a reply reports usage`);
  if (breakdown.frameShared) lines.push('The API reported less than the system prompt and tools are estimated at: every part above has a share of what it reported');
  if (breakdown.editSavings > 0) lines.push(`Context edits leave out about ${n(breakdown.editSavings)} tokens`);
  if (breakdown.free !== undefined && breakdown.threshold !== undefined) {
    lines.push(breakdown.free >= 0 ? `Free before auto-compaction: ${n(breakdown.free)} of ${n(breakdown.threshold)}` : `Over the auto-compaction threshold by ${n(-breakdown.free)}`);
  }
  return lines;
}

function sourceOf(part: BreakdownPart, n: (value: number) => string): string {
  if (part.tokens === 0) return 'nothing yet';
  if (part.estimated === 0) return 'reported';
  if (part.reported === 0) return 'estimated';
  return `${n(part.reported)} reported, ${n(part.estimated)} estimated`;
}
