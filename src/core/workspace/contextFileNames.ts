/**
 * The names of the files pi reads a folder's instructions from, in its order: the first one found
 * in a folder is the folder's file. Context reads them; the tools ask before writing them.
 */
export const CONTEXT_FILE_NAMES = ['AGENTS.override.md', 'AGENTS.md', 'AGENTS.MD', 'CLAUDE.md', 'CLAUDE.MD'] as const;
