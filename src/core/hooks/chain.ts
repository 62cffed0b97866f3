/**
 * The hook chain, with pi's rule for extension handlers: they run one after the other in the order
 * they were registered; the last handler that returns something wins; a cancel stops the chain at
 * once; a handler that throws is reported and passed over. Beyond pi: a handler that does not answer
 * within its time limit is reported and passed over too (its late answer is ignored), so a hung
 * extension cannot hold a compaction or a move forever.
 */
import { errorMessage } from '../util/errors';
import type { Disposable } from '../util/event';

/** Who registered a handler: shown to the user when it cancels, named in the log when it fails. */
export interface HookOwner {
  /** The extension's identifier (`publisher.name`). */
  id: string;
  /** Its display name, for people. */
  name: string;
}

/** A handler answers with a result, or with nothing (undefined / null) to leave the decision to the others. */
export type HookHandler<E, R> = (event: E) => R | undefined | null | void | Promise<R | undefined | null | void>;

export interface HookRegistration<E, R> {
  owner: HookOwner;
  handler: HookHandler<E, R>;
  /** How long the handler may take, in milliseconds. */
  timeoutMs: number;
}

/** What a chain decided. */
export type ChainOutcome<R> =
  | { kind: 'none' }
  | { kind: 'cancel'; by: HookOwner }
  | { kind: 'result'; result: R; by: HookOwner };

/** Reports a handler that failed, took too long or answered what cannot be used (the glue logs it). */
export type HookFailureReporter = (failure: { owner: HookOwner; kind: 'threw' | 'timed-out' | 'refused'; detail: string }) => void;

/** Time limits a handler may ask for: long enough for a model's reply, never unbounded. */
export const DEFAULT_HOOK_TIMEOUT_MS = 30_000;
export const MAX_HOOK_TIMEOUT_MS = 120_000;

/** A requested time limit as the chain applies it: a positive whole number of ms, at most MAX_HOOK_TIMEOUT_MS. */
export function hookTimeout(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested) || requested <= 0) return DEFAULT_HOOK_TIMEOUT_MS;
  return Math.min(Math.ceil(requested), MAX_HOOK_TIMEOUT_MS);
}

export class HookChain<E, R> {
  private readonly registrations: HookRegistration<E, R>[] = [];

  /** Adds a handler at the end of the chain; disposing removes it. */
  register(registration: HookRegistration<E, R>): Disposable {
    this.registrations.push(registration);
    return {
      dispose: () => {
        const index = this.registrations.indexOf(registration);
        if (index >= 0) this.registrations.splice(index, 1);
      },
    };
  }

  get isEmpty(): boolean {
    return this.registrations.length === 0;
  }

  /**
   * Runs the handlers registered now, each with its own event from `eventFor` (a fresh copy, so one
   * handler cannot change what the next sees). `isResult` tells a non-empty answer from an empty one;
   * `isCancel` a cancel.
   */
  async run(eventFor: (signal: AbortSignal) => E, rules: ChainRules<R>): Promise<ChainOutcome<R>> {
    let outcome: ChainOutcome<R> = { kind: 'none' };
    for (const registration of [...this.registrations]) {
      if (rules.signal?.aborted) break;
      const answer = await ask(registration, eventFor, rules);
      if (answer === undefined || answer === null) continue;
      if (rules.isCancel(answer)) return { kind: 'cancel', by: registration.owner };
      if (rules.isResult(answer)) outcome = { kind: 'result', result: answer, by: registration.owner };
    }
    return outcome;
  }

}

export interface ChainRules<R> {
  isCancel: (answer: R) => boolean;
  isResult: (answer: R) => boolean;
  report: HookFailureReporter;
  /** The run's signal: when it fires, the handler being asked is told (its event's signal) and no more are asked. */
  signal?: AbortSignal | undefined;
}

const TIMED_OUT = Symbol('timed out');
const STOPPED = Symbol('stopped');

/**
 * One handler's answer. Its event's signal fires when the run is stopped or the handler's time is up,
 * so a handler that asks a model can stop asking.
 */
async function ask<E, R>(registration: HookRegistration<E, R>, eventFor: (signal: AbortSignal) => E, rules: ChainRules<R>): Promise<R | undefined | null | void> {
  const own = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unlink = (): void => undefined;
  const gaveUp = new Promise<typeof TIMED_OUT | typeof STOPPED>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), registration.timeoutMs);
    const stop = (): void => resolve(STOPPED);
    rules.signal?.addEventListener('abort', stop, { once: true });
    unlink = () => rules.signal?.removeEventListener('abort', stop);
  });
  try {
    const answer = await Promise.race([Promise.resolve().then(() => registration.handler(eventFor(own.signal))), gaveUp]);
    if (answer === STOPPED || answer === TIMED_OUT) own.abort();
    if (answer === STOPPED) return undefined;
    if (answer === TIMED_OUT) {
      rules.report({ owner: registration.owner, kind: 'timed-out', detail: `no answer within ${registration.timeoutMs} ms` });
      return undefined;
    }
    return answer;
  } catch (error) {
    rules.report({ owner: registration.owner, kind: 'threw', detail: errorMessage(error) });
    return undefined;
  } finally {
    clearTimeout(timer);
    unlink();
  }
}
