/**
 * `tool_search`, with pi's name, arguments (`query`, `limit`) and result (`details.loaded`: the
 * names it loaded): it ranks the deferred tools not yet loaded on the branch by the query and loads
 * the best, which the next request then declares (`loadedToolNames` reads them back). The ranking
 * is Arbor's own: words of the query found in a tool's name count most, then in its description
 * and parameters, then in its server's description; a tool matching more of the words ranks first.
 */
import { errorResult, textResult } from '../../agent/tools/define';
import type { Tool } from '../../agent/tools/tool';
import type { SessionEntry } from '../../session';
import { TOOL_SEARCH_TOOL } from './loaded';

export const DEFAULT_SEARCH_LIMIT = 8;

/** A tool `tool_search` can load. */
export interface SearchCandidate {
  name: string;
  description: string;
  /** Words of its parameters: names and descriptions. */
  parameterText: string;
  server: string;
  serverDescription: string;
}

export interface ToolSearchOptions {
  /** The tools it can load on this branch (deferred, not loaded yet), once the servers had their chance to connect. */
  candidates(branch: readonly SessionEntry[]): Promise<readonly SearchCandidate[]>;
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'on', 'for', 'with', 'by', 'from', 'is', 'or', 'at', 'as', 'it', 'be', 'that', 'this']);

/** Lower-case words, identifiers split at `_` and case changes, a plural `s` dropped. */
export function searchWords(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

interface Scored {
  candidate: SearchCandidate;
  exact: boolean;
  covered: number;
  score: number;
  index: number;
}

export function rankTools(query: string, candidates: readonly SearchCandidate[], limit: number): SearchCandidate[] {
  const words = [...new Set(searchWords(query))];
  const wanted = query.trim().toLowerCase();
  const scored: Scored[] = candidates.map((candidate, index) => {
    const local = candidate.name.split('__').pop() ?? candidate.name;
    const nameWords = new Set(searchWords(`${local} ${candidate.server}`));
    const textWords = searchWords(`${candidate.description} ${candidate.parameterText}`);
    const serverWords = new Set(searchWords(candidate.serverDescription));
    let covered = 0;
    let score = 0;
    for (const word of words) {
      const inText = Math.min(3, textWords.filter((each) => each === word).length);
      const weight = (nameWords.has(word) ? 3 : 0) + inText + (serverWords.has(word) ? 0.5 : 0);
      if (weight > 0) covered++;
      score += weight;
    }
    const exact = wanted === candidate.name.toLowerCase() || wanted === local.toLowerCase();
    return { candidate, exact, covered, score, index };
  });
  return scored
    .filter((each) => each.exact || each.score > 0)
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.covered - a.covered || b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((each) => each.candidate);
}

export function createToolSearchTool(options: ToolSearchOptions): Tool {
  return {
    spec: {
      name: TOOL_SEARCH_TOOL,
      description:
        'Find tools that are not declared yet, such as the tools of MCP servers, and load the best matches: they can be called from your next reply. ' +
        'When a task needs a tool you do not have, search for it here first.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words describing the tool you need (what it does, its name or its server).' },
          limit: { type: 'number', description: `How many tools to load at most (default ${DEFAULT_SEARCH_LIMIT}).` },
        },
        required: ['query'],
      },
    },
    needsApproval: false,
    async execute(args, context) {
      const query = typeof args['query'] === 'string' ? args['query'] : '';
      if (query.trim() === '') return errorResult('query must not be empty');
      const limit = args['limit'] ?? DEFAULT_SEARCH_LIMIT;
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit <= 0) return errorResult('limit must be a positive integer');
      const found = rankTools(query, await options.candidates(context.branch?.() ?? []), limit);
      const loaded = found.map((tool) => tool.name);
      if (found.length === 0) return textResult(`No tool matched "${query}".`, { loaded });
      const lines = found.map((tool) => `- ${tool.name}: ${tool.description.trim().split(/\r?\n/)[0]}`);
      return textResult(`Loaded ${found.length} tool${found.length === 1 ? '' : 's'}; call ${found.length === 1 ? 'it' : 'them'} from your next reply:\n${lines.join('\n')}`, { loaded });
    },
  };
}
