/**
 * `recall`: read-only, never asks. Searches the original messages that the compactions on the
 * current branch summarized, and those the model sees edited there (never one hidden from it) — by words or by entry id — and returns them exactly, budgeted, with
 * their ids. The branch comes from the tool context (the agent's session at the time of the call).
 */
import { recall, recallText } from '../../recall';
import { SearchQueryError } from '../../search';
import { requiredString } from './args';
import { argumentsSchema, defineTool, param, textResult, ToolFailure } from './define';
import type { Tool } from './tool';

export const RECALL_TOOL_NAME = 'recall';

export function createRecallTool(): Tool {
  return defineTool({
    spec: {
      name: RECALL_TOOL_NAME,
      description:
        'Get back the exact original messages that a compaction summarized on this branch of the conversation. ' +
        'Give words that must all occur (any order, case-insensitive), or the id of one entry. ' +
        'Only summarized messages and those you see in an edited or shortened form are searched: not the recent ones you still see as written, not other branches.',
      inputSchema: argumentsSchema({ query: param('string', 'Words to look for, or an entry id') }, ['query']),
    },
    needsApproval: false,
    run(args, context) {
      const query = requiredString(args, 'query');
      if (!context.branch) throw new ToolFailure('recall is not available here: there is no session to search.');
      try {
        const result = recall(context.branch(), query);
        return Promise.resolve(textResult(recallText(query, result), { found: result.entries.map((entry) => entry.id), omitted: result.omitted }));
      } catch (error) {
        if (error instanceof SearchQueryError) throw new ToolFailure(`recall: ${error.message}`);
        throw error;
      }
    },
  });
}
