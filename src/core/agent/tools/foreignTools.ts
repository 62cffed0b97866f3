/**
 * Tools a session called that Arbor does not have: pi 1.6's MCP tools (`mcp__<server>__<tool>`),
 * its `codemode`, an extension's. Their calls and results stay in the conversation (the model saw
 * them); the chat says what they were, and continuing such a session tells the user which ones the
 * model cannot call here (a new call to one gets an error result: the tool is not found).
 */
import { isToolName } from './registry';

/** Names shown in one note at most; the rest are counted. */
const MAX_NAMED = 5;
/** A name from a file is cut to this many characters in the words the user reads. */
const MAX_NAME_CHARS = 64;

/** pi's name for a server's tool, with `[^A-Za-z0-9_]` made `_`; the server part may hold `__` only rarely. */
const MCP_NAME = /^mcp__(.+?)__(.+)$/;

/** How a tool Arbor does not have is named to the user, or undefined for one of Arbor's own. */
export function foreignToolLabel(name: string): string | undefined {
  if (isToolName(name)) return undefined;
  const mcp = MCP_NAME.exec(name);
  if (mcp) return `${clip(`${mcp[1]}/${mcp[2]}`)} (an MCP tool)`;
  if (name === 'codemode') return "codemode (pi's scripted tool calls)";
  return clip(name);
}

/** The note for continuing a session whose calls name tools Arbor does not have (undefined: none). */
export function missingToolsNote(names: readonly string[]): string | undefined {
  const labels = names.flatMap((name) => foreignToolLabel(name) ?? []);
  if (labels.length === 0) return undefined;
  const shown = labels.slice(0, MAX_NAMED).join(', ');
  const more = labels.length > MAX_NAMED ? ` and ${labels.length - MAX_NAMED} more` : '';
  return `This conversation called tools Arbor does not have: ${shown}${more}. Their earlier calls and results stay in the conversation; a new call to one fails (the tool is not found).`;
}

function clip(text: string): string {
  return text.length > MAX_NAME_CHARS ? `${text.slice(0, MAX_NAME_CHARS - 1)}…` : text;
}
