/**
 * Disk faults for the session file's writes (the sink's DiskFaults seam): a disk that fills up
 * after so many bytes, a write or fsync that fails with a given system error. Counts are from 1.
 */
import type { DiskFaults } from '../../src/core/session';

export interface FaultPlan {
  /** The writes from this one on fail (counted over the sink's life). */
  failWrite?: number;
  /** Room for this many more bytes: a write past it is short, the next one fails. */
  roomBytes?: number;
  /** The fsyncs from this one on fail. */
  failSync?: number;
  /** The error code the failing call reports (default ENOSPC). */
  code?: string;
}

export interface FaultyDisk extends DiskFaults {
  /** Makes room again: nothing fails from now on. */
  heal(): void;
  readonly writes: number;
}

export function faultyDisk(plan: FaultPlan): FaultyDisk {
  let writes = 0;
  let syncs = 0;
  let room = plan.roomBytes;
  let healed = false;
  const failure = (call: string): Error => Object.assign(new Error(`${plan.code ?? 'ENOSPC'}: injected failure, ${call}`), { code: plan.code ?? 'ENOSPC' });
  return {
    write(length) {
      writes++;
      if (healed) return length;
      if (plan.failWrite !== undefined && writes >= plan.failWrite) throw failure('write');
      if (room === undefined) return length;
      if (room === 0) throw failure('write');
      const allowed = Math.min(room, length);
      room -= allowed;
      return allowed;
    },
    sync() {
      syncs++;
      if (!healed && plan.failSync !== undefined && syncs >= plan.failSync) throw failure('fsync');
    },
    heal() {
      healed = true;
    },
    get writes() {
      return writes;
    },
  };
}
