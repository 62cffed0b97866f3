/**
 * pi 1.6's projected estimate (its `estimateProjectedContextTokens`), in two pieces:
 *
 * - which reported usages can be trusted: only one whose reply comes after the latest context edit
 *   and the latest compaction on the path, by position on the path (never by time). An edit or a
 *   compaction changed what the next request sends, so a usage reported before it measured another
 *   context;
 * - the estimate of a whole context when no usage is trusted: the session's system messages count
 *   as the one prompt their replay gives, every other message as itself (`ContextEstimate`, which
 *   counts the replay once however many system messages are added).
 */
import { currentSystemMessage, type AgentMessage, type SessionEntry, type SessionProjection, type SystemMessage } from '../session';
import type { TokenEstimator } from './estimator';

/** The kind of entry after which earlier usages are not trusted. */
export type UsageInvalidation = 'compaction' | 'context_edit';

/** Which of a context's messages may carry a trusted usage. */
export interface UsageTrust {
  /** Index of the first context message whose usage may be trusted; the messages before it come from entries before the invalidating entry. */
  from: number;
  /** What the latest invalidating entry on the path is; absent when there is none (every usage may be trusted). */
  after?: UsageInvalidation;
}

export const TRUST_EVERY_USAGE: UsageTrust = { from: 0 };

/**
 * The trust at a position: `projection` is the context of `path` (root → position). The entries
 * after the latest edit or compaction are the projection's last entries, in path order (a
 * compaction comes first in the projection, its kept entries right after it, both before them).
 * The walk goes back only as far as that entry.
 */
export function usageTrust(projection: Pick<SessionProjection, 'entries' | 'messages'>, path: readonly SessionEntry[]): UsageTrust {
  let latest = path.length - 1;
  while (latest >= 0 && !invalidates(path[latest]!)) latest--;
  if (latest < 0) return TRUST_EVERY_USAGE;
  let from = projection.messages.length;
  for (let i = projection.entries.length - 1, after = path.length - 1 - latest; after > 0 && i >= 0; i--, after--) from -= projection.entries[i]!.messages.length;
  return { from, after: path[latest]!.type as UsageInvalidation };
}

/** A context edit or a compaction: what the next request sends changed, so earlier usages measured another context. */
export function invalidates(entry: SessionEntry): boolean {
  return entry.type === 'context_edit' || entry.type === 'compaction';
}

/**
 * The estimate of a whole context, as pi's projected estimate counts it without a usage: the replay
 * of its system messages once, plus every other message; messages join at the end (`add`).
 */
export class ContextEstimate {
  private others = 0;
  private readonly system: SystemMessage[] = [];
  private replayTokens: number | undefined;

  constructor(
    readonly estimator: TokenEstimator,
    messages: Iterable<AgentMessage> = [],
  ) {
    for (const message of messages) this.add(message);
  }

  /** Uncalibrated tokens of the whole context. */
  get tokens(): number {
    if (this.replayTokens === undefined) {
      const replay = this.system.length > 0 ? currentSystemMessage(this.system) : undefined;
      this.replayTokens = replay ? this.estimator.estimate(replay) : 0;
    }
    return this.others + this.replayTokens;
  }

  add(message: AgentMessage): void {
    if (message.role !== 'system') {
      this.others += this.estimator.estimate(message);
      return;
    }
    this.system.push(message);
    this.replayTokens = undefined;
  }

  /**
   * Takes out a message added before (an edit hid or replaced it): its own estimate, not a recount.
   * False for a system message (its replay would have to be worked out again): count afresh then.
   */
  remove(message: AgentMessage): boolean {
    if (message.role === 'system') return false;
    this.others -= this.estimator.estimate(message);
    return true;
  }

}
