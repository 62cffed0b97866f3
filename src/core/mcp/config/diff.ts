/**
 * What a change of the configuration files changed, server by server, so only the servers whose
 * entries changed are stopped and started again.
 */
import { isDeepStrictEqual } from 'node:util';
import type { McpServerSpec } from '../types';

export interface McpServersDiff {
  /** Names in the new configuration only. */
  added: string[];
  /** Names in the old configuration only. */
  removed: string[];
  /** Names in both whose entries differ in anything (the order of `env` or `headers` keys aside). */
  changed: string[];
  /**
   * The changed ones whose running connection no longer matches: their command line, URL, `env`,
   * `headers` or `timeout` differ. A change of only `enabled`, `exposure`, `toolExposure`,
   * `description` or the file does not need one.
   */
  restart: string[];
}

export function diffServers(before: readonly McpServerSpec[], after: readonly McpServerSpec[]): McpServersDiff {
  const old = new Map(before.map((spec) => [spec.name, spec]));
  const now = new Map(after.map((spec) => [spec.name, spec]));
  const changed = after.filter((spec) => old.has(spec.name) && !isDeepStrictEqual(old.get(spec.name), spec));
  return {
    added: after.filter((spec) => !old.has(spec.name)).map((spec) => spec.name),
    removed: before.filter((spec) => !now.has(spec.name)).map((spec) => spec.name),
    changed: changed.map((spec) => spec.name),
    restart: changed.filter((spec) => !sameConnection(old.get(spec.name)!, spec)).map((spec) => spec.name),
  };
}

/** Whether two entries start the same connection. */
export function sameConnection(a: McpServerSpec, b: McpServerSpec): boolean {
  return a.timeoutMs === b.timeoutMs && isDeepStrictEqual(a.transport, b.transport);
}
