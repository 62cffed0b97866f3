/**
 * A test seam: faults a test injects into the writes of a session file (a full disk after so many
 * bytes, a failing fsync), so that what a failed write leaves behind can be checked on real files.
 * Production code passes none, and then nothing here runs.
 */
export interface DiskFaults {
  /** Before each write to the session file: how many of `length` bytes it may put down (fewer: a short write); throws the error the write fails with. */
  write(length: number): number;
  /** Before each fsync of the session file: throws the error it fails with. */
  sync(): void;
}
