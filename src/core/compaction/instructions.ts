/**
 * Standing instructions (`arbor.compaction.instructions`) go into every compaction, automatic ones
 * included; a manual focus (`/compact <focus>`) is added after them rather than replacing them. A
 * focus that repeats them (typed again, as one would without knowing they apply) is not sent twice.
 */

/** The instructions a compaction is written with, or undefined when there are none. */
export function compactionInstructions(standing: string | undefined, focus: string | undefined): string | undefined {
  const parts = [standing?.trim(), focus?.trim()].filter((part): part is string => part !== undefined && part !== '');
  return parts.length > 0 ? [...new Set(parts)].join('\n\n') : undefined;
}
