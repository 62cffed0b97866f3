/**
 * Arbor's hooks for other extensions: the chains asked before a compaction and before a move in the
 * tree, and the events fired after them. One object per window; every agent is given it. The
 * chains are asked only when some handler is registered, each handler with its own frozen copy of
 * the event.
 */
import type { CompactionPreparation } from '../compaction/prepare';
import type { SessionEntry } from '../session';
import { Emitter, type Disposable, type Event } from '../util/event';
import { checkTreeAnswer, isCancelAnswer, treeAnswerSaysSomething } from './answers';
import { HookChain, hookTimeout, type ChainOutcome, type HookFailureReporter, type HookHandler, type HookOwner } from './chain';
import { frozenCopy } from './copy';
import type {
  CompactionReason,
  DidCompactEvent,
  DidFailCompactionEvent,
  DidNavigateTreeEvent,
  HookCompactionPreparation,
  HookTreePreparation,
  WillCompactEvent,
  WillCompactResult,
  WillNavigateTreeEvent,
  WillNavigateTreeResult,
} from './types';

export interface HandlerOptions {
  owner: HookOwner;
  /** Milliseconds the handler may take (default 30 s, at most 120 s). */
  timeoutMs?: number | undefined;
}

/** What a compaction tells the chain about itself. */
export interface CompactionAsk {
  preparation: CompactionPreparation;
  branch: readonly SessionEntry[];
  customInstructions: string | undefined;
  reason: CompactionReason;
  willRetry: boolean;
  signal?: AbortSignal | undefined;
}

export class ArborHooks implements Disposable {
  private readonly compactChain = new HookChain<WillCompactEvent, WillCompactResult>();
  private readonly treeChain = new HookChain<WillNavigateTreeEvent, WillNavigateTreeResult>();
  private readonly compacted: Emitter<DidCompactEvent>;
  private readonly compactionFailed: Emitter<DidFailCompactionEvent>;
  private readonly navigated: Emitter<DidNavigateTreeEvent>;

  /** `report`: a handler failed or took too long; `listenerFailed`: an event listener threw. */
  constructor(
    private readonly report: HookFailureReporter,
    listenerFailed: (error: unknown) => void = () => undefined,
  ) {
    this.compacted = new Emitter(listenerFailed);
    this.compactionFailed = new Emitter(listenerFailed);
    this.navigated = new Emitter(listenerFailed);
  }

  get onDidCompact(): Event<DidCompactEvent> {
    return this.compacted.event;
  }

  get onDidFailCompaction(): Event<DidFailCompactionEvent> {
    return this.compactionFailed.event;
  }

  get onDidNavigateTree(): Event<DidNavigateTreeEvent> {
    return this.navigated.event;
  }

  onWillCompact(handler: HookHandler<WillCompactEvent, WillCompactResult>, options: HandlerOptions): Disposable {
    return this.compactChain.register({ owner: options.owner, handler, timeoutMs: hookTimeout(options.timeoutMs) });
  }

  onWillNavigateTree(handler: HookHandler<WillNavigateTreeEvent, WillNavigateTreeResult>, options: HandlerOptions): Disposable {
    return this.treeChain.register({ owner: options.owner, handler, timeoutMs: hookTimeout(options.timeoutMs) });
  }

  /** The chain's decision on a compaction (the compaction answer still to be checked: see answers.ts). */
  async beforeCompact(ask: CompactionAsk): Promise<ChainOutcome<WillCompactResult>> {
    if (this.compactChain.isEmpty) return { kind: 'none' };
    const data = frozenCopy({
      preparation: hookPreparation(ask.preparation),
      branchEntries: [...ask.branch],
      customInstructions: ask.customInstructions,
      reason: ask.reason,
      willRetry: ask.willRetry,
    });
    return this.compactChain.run((signal) => ({ ...data, signal }), {
      isCancel: isCancelAnswer,
      isResult: (answer) => typeof answer === 'object' && answer !== null && 'compaction' in answer && answer.compaction !== undefined,
      report: this.report,
      signal: ask.signal,
    });
  }

  /** The chain's decision on a move: a cancel, or the answer's fields of the right type. */
  async beforeNavigate(preparation: HookTreePreparation, signal?: AbortSignal): Promise<ChainOutcome<WillNavigateTreeResult>> {
    if (this.treeChain.isEmpty) return { kind: 'none' };
    const data = frozenCopy(preparation);
    const outcome = await this.treeChain.run((own) => ({ preparation: data, signal: own }), {
      isCancel: isCancelAnswer,
      isResult: (answer) => treeAnswerSaysSomething(checkTreeAnswer(answer)),
      report: this.report,
      signal,
    });
    return outcome.kind === 'result' ? { ...outcome, result: checkTreeAnswer(outcome.result) } : outcome;
  }

  /** A handler's answer that could not be used: reported like a failure, the default runs. */
  refused(owner: HookOwner, detail: string): void {
    this.report({ owner, kind: 'refused', detail });
  }

  didCompact(event: DidCompactEvent): void {
    this.compacted.fire(frozenCopy(event));
  }

  didFailCompaction(event: DidFailCompactionEvent): void {
    this.compactionFailed.fire(frozenCopy(event));
  }

  didNavigateTree(event: DidNavigateTreeEvent): void {
    this.navigated.fire(frozenCopy(event));
  }

  dispose(): void {
    this.compacted.dispose();
    this.compactionFailed.dispose();
    this.navigated.dispose();
  }
}

function hookPreparation(preparation: CompactionPreparation): HookCompactionPreparation {
  const sorted = (set: Set<string>): string[] => [...set].sort();
  return {
    firstKeptEntryId: preparation.firstKeptEntryId,
    messagesToSummarize: preparation.messagesToSummarize,
    turnPrefixMessages: preparation.turnPrefixMessages,
    isSplitTurn: preparation.isSplitTurn,
    tokensBefore: preparation.tokensBefore,
    previousSummary: preparation.previousSummary,
    fileOps: { read: sorted(preparation.fileOps.read), written: sorted(preparation.fileOps.written), edited: sorted(preparation.fileOps.edited) },
    settings: preparation.settings,
  };
}
