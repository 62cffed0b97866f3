/**
 * The meter while a reply streams: the agent's last reading (its incremental tracker already
 * knows the context) plus an estimate of the text streamed since, redrawn at most a few times a
 * second. Nothing here recounts the branch: a delta only adds its length.
 */
import type { ContextStatus } from './contextTokens';
import { meterReading, type MeterReading, type MeterSettings } from './meter';

/** Streamed text is estimated at 4 characters per token until the reply is counted for real. */
const CHARS_PER_TOKEN = 4;
/** At most four redraws a second while streaming. */
export const METER_REDRAW_MS = 250;

/** The clock and timers the meter redraws by (the glue passes the real ones; tests a manual clock). */
export interface MeterTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export class LiveMeter {
  private status: ContextStatus | undefined;
  private streamedChars = 0;
  private lastDraw = -Infinity;
  private pending: unknown;

  constructor(
    private settings: MeterSettings,
    private readonly draw: (reading: MeterReading | undefined) => void,
    private readonly timers: MeterTimers,
    private readonly intervalMs = METER_REDRAW_MS,
  ) {}

  /** The current reading (undefined: no session). */
  reading(): MeterReading | undefined {
    return this.status && meterReading(this.status, this.settings, Math.ceil(this.streamedChars / CHARS_PER_TOKEN));
  }

  /** A new reading from the agent (after a reply, a compaction, a move, a session switch): drawn at once. */
  setStatus(status: ContextStatus | undefined): void {
    this.status = status;
    this.streamedChars = 0;
    this.drawNow();
  }

  setSettings(settings: MeterSettings): void {
    this.settings = settings;
    this.drawNow();
  }

  /** Text (or tool-call JSON) streamed in: counted on top, drawn at the next redraw slot. */
  streamed(text: string): void {
    this.streamedChars += text.length;
    this.schedule();
  }

  /** The streamed reply was dropped (a retry) or is about to be counted for real. */
  resetStreaming(): void {
    if (this.streamedChars === 0) return;
    this.streamedChars = 0;
    this.schedule();
  }

  dispose(): void {
    this.cancel();
  }

  private schedule(): void {
    if (this.pending !== undefined) return;
    const wait = this.lastDraw + this.intervalMs - this.timers.now();
    if (wait <= 0) this.drawNow();
    else this.pending = this.timers.setTimeout(() => this.drawNow(), wait);
  }

  private drawNow(): void {
    this.cancel();
    this.lastDraw = this.timers.now();
    this.draw(this.reading());
  }

  private cancel(): void {
    if (this.pending === undefined) return;
    this.timers.clearTimeout(this.pending);
    this.pending = undefined;
  }
}
