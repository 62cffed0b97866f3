/**
 * What the agent is doing, as one value that only the agent changes and announces with one event,
 * and the inputs waiting for it. One piece of work at a time: a run (a prompt and its turns), a
 * manual compaction or a navigation. Input sent while the agent is busy waits in the queue (pi's
 * follow-up) and starts the next run when the work settles; stopping a run hands it back unsent.
 *
 *   idle ──prompt──▶ running ──a turn ends over the threshold, or overflows──▶ compacting ──▶ running
 *   idle, running ──Compact──▶ compacting (manual; a run is stopped first)
 *   idle, running ──a move in the tree──▶ navigating (a run is stopped first)
 *   any ──the work settles──▶ running (the next input waiting) or idle
 */
import type { ImageContent } from '../session';
import type { CompactionRunReason } from './compactionControl';

/** What the user sends: the text, and the images attached to it (pi's user message holds both). */
export interface PromptInput {
  readonly text: string;
  readonly images?: readonly ImageContent[];
}

export type AgentPhase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  /** `reason` 'manual' is the Compact command's; the others happen inside a run. */
  | { readonly kind: 'compacting'; readonly reason: CompactionRunReason }
  | { readonly kind: 'navigating' };

export interface AgentState {
  readonly phase: AgentPhase;
  /** Inputs waiting for the current work to end, oldest first. */
  readonly queued: readonly string[];
}

const IDLE: AgentPhase = { kind: 'idle' };

/** The state of an agent that does nothing (also: no agent yet). */
export const IDLE_STATE: AgentState = { phase: IDLE, queued: [] };

/** A prompt is being answered: a run, or a compaction the run started (the Compact command's is not one). */
export function isAnswering(state: AgentState): boolean {
  const { phase } = state;
  return phase.kind === 'running' || (phase.kind === 'compacting' && phase.reason !== 'manual');
}

export class RunState {
  private phase: AgentPhase = IDLE;
  private queue: PromptInput[] = [];
  private busy: Promise<unknown> | undefined;
  private announced: AgentState = IDLE_STATE;

  constructor(
    /** Starts a run for `input` (through `hold`, in the 'running' phase). */
    private readonly startRun: (input: PromptInput) => Promise<void>,
    private readonly changed: (state: AgentState) => void,
  ) {}

  get state(): AgentState {
    return this.announced;
  }

  get isBusy(): boolean {
    return this.busy !== undefined;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  /** Starts a run now, or queues the input and resolves when everything queued has been done. */
  submit(input: PromptInput): Promise<void> {
    if (!this.busy) return this.startRun(input);
    this.queue.push(input);
    this.announce();
    return this.whenIdle();
  }

  /**
   * Enters `phase` and does `work`; busy until it settles. Work held while other work goes on takes
   * over (a Compact during a run): the older work's end then changes nothing.
   */
  hold<T>(phase: AgentPhase, work: () => Promise<T>): Promise<T> {
    this.phase = phase;
    this.announce();
    const tracked: Promise<T> = work().finally(() => {
      if (this.busy !== tracked) return;
      this.busy = undefined;
      const next = this.queue.shift();
      if (next !== undefined) void this.startRun(next);
      else this.enter(IDLE);
    });
    this.busy = tracked;
    return tracked;
  }

  /** A run compacting by itself: the phase until the returned function puts back the one before (unless other work took over). */
  during(phase: AgentPhase): () => void {
    const before = this.phase;
    this.enter(phase);
    return () => {
      if (this.phase === phase) this.enter(before);
    };
  }

  /** The next input waiting, for the run to send now. */
  shift(): PromptInput | undefined {
    const next = this.queue.shift();
    if (next !== undefined) this.announce();
    return next;
  }

  /**
   * Takes one input out of the queue: the one at `index`, if its text is still `text` (the chat's
   * list may be a moment old: the input it showed may have been sent meanwhile). Returns its text.
   */
  remove(index: number, text: string): string | undefined {
    if (this.queue[index]?.text !== text) return undefined;
    const [removed] = this.queue.splice(index, 1);
    this.announce();
    return removed!.text;
  }

  /**
   * Empties the queue and returns the texts it held (a stopped run gives them back to the input;
   * their images are not: the input takes text).
   */
  drain(): string[] {
    const items = this.queue;
    this.queue = [];
    if (items.length > 0) this.announce();
    return items.map((input) => input.text);
  }

  async whenIdle(): Promise<void> {
    while (this.busy) await this.busy.catch(() => undefined);
  }

  private enter(phase: AgentPhase): void {
    this.phase = phase;
    this.announce();
  }

  private announce(): void {
    const state: AgentState = { phase: this.phase, queued: this.queue.map((input) => input.text) };
    const last = this.announced;
    if (samePhase(last.phase, state.phase) && sameTexts(last.queued, state.queued)) return;
    this.announced = state;
    this.changed(state);
  }
}

function samePhase(a: AgentPhase, b: AgentPhase): boolean {
  return a.kind === b.kind && (a.kind !== 'compacting' || (b.kind === 'compacting' && a.reason === b.reason));
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, index) => text === b[index]);
}
