/**
 * A seam for kill tests: named points inside work of several steps (an append, a compaction, a
 * restore, a checkpoint snapshot) where a test can freeze the process and then kill it, to prove
 * that the next open finds a consistent state whatever the moment of death. Real code passes
 * `noStopPoints`; only the CLI builds live ones, from the `ARBOR_TEST_STOP_AT` environment
 * variable, and only a test sets that.
 *
 * The variable holds `<step>:<n>` or, for an append, `append:<n>:<bytes>`: at the nth time the
 * process reaches that step (counted from 1) it stops itself (SIGSTOP), so the test can SIGKILL it
 * exactly there. For an append, `bytes` of the line are written first (a torn line), then it stops.
 */
export type StopStep = 'append' | 'compaction' | 'branch-summary' | 'restore' | 'snapshot';

export interface StopPoints {
  /** The process reached `step`: freezes it when this is the chosen occurrence. */
  reached(step: StopStep): void;
  /** For the append about to be written: how many bytes of its line to write before `halt`, or undefined to write it whole. */
  tornAppend(): number | undefined;
  /** Freezes the process now (after a torn append's bytes are written). */
  halt(): void;
}

export const noStopPoints: StopPoints = {
  reached: () => undefined,
  tornAppend: () => undefined,
  halt: () => undefined,
};

const STEPS: readonly StopStep[] = ['append', 'compaction', 'branch-summary', 'restore', 'snapshot'];

/** The stop points `spec` names (see above); `noStopPoints` for an absent or unreadable spec. */
export function stopPointsFrom(spec: string | undefined, freeze: () => void): StopPoints {
  const match = /^([a-z-]+):(\d+)(?::(\d+))?$/.exec(spec ?? '');
  const step = STEPS.find((candidate) => candidate === match?.[1]);
  if (!match || !step) return noStopPoints;
  const wanted = Number(match[2]);
  const bytes = match[3] === undefined ? undefined : Number(match[3]);
  const seen = new Map<StopStep, number>();
  const count = (at: StopStep): number => {
    const n = (seen.get(at) ?? 0) + 1;
    seen.set(at, n);
    return n;
  };
  return {
    reached(at) {
      if (at === step && at !== 'append' && count(at) === wanted) freeze();
    },
    tornAppend() {
      if (step !== 'append' || count('append') !== wanted) return undefined;
      return bytes ?? 0;
    },
    halt: freeze,
  };
}
