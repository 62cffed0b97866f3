/**
 * The values a server starts with. `env` and `headers` are kept as written in the configuration
 * (`${VAR}`, `!command`) until a server starts; the configuration reader supplies the function that
 * expands them, and tells which expanded values are secrets, so they are redacted from every text.
 */
import type { McpServerSpec } from '../types';

export interface ExpandedValues {
  env: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string>>;
  /** Expanded values that must never be shown: redacted from logs, errors and stderr lines. */
  secrets: readonly string[];
}

export type McpExpand = (spec: McpServerSpec) => Promise<ExpandedValues>;

/** No expansion: the values as written, nothing secret (tests, and specs already expanded). */
export const identityExpand: McpExpand = async (spec) => ({
  env: spec.transport.kind === 'stdio' ? spec.transport.env : {},
  headers: spec.transport.kind === 'http' ? spec.transport.headers : {},
  secrets: [],
});
