/**
 * How a tool reaches the model once its exposure is known (the configuration's `toolExposureOf`).
 * Arbor has no codemode, so a `codemode` tool is reached as a `deferred` one is: through `tool_search`.
 */
import type { McpExposure } from '../types';

/** What Arbor does with a tool: declares it, lets `tool_search` load it, or never offers it. */
export type McpReach = 'direct' | 'deferred' | 'hidden';

export function reachOf(exposure: McpExposure): McpReach {
  return exposure === 'codemode' ? 'deferred' : exposure;
}
