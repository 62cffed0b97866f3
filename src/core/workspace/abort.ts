import { WorkspaceFailure } from './failure';

/** Thrown when the signal fires, so the tools and the walks they share word an abort the same way. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new WorkspaceFailure('The tool call was aborted.');
}
