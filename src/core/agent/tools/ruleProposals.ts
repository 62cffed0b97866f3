/**
 * The rule an approval card's "Always allow …" button proposes, never one that allows more than
 * the user can tell from its label: for a bash command, its program and subcommand when those fix
 * what runs (commandPrefix.ts), else the command exactly as written; for a write or edit, the
 * file's top folder. The host keeps the rule for the workspace folder it was made in, so every
 * label says "in this workspace".
 */
import type { Json } from '../../session';
import { commandWords, MAX_RULE_LENGTH, parseRule, rulesAllow, type RuleCall, withoutEdgeBlanks, workspacePaths } from './approvalPatterns';
import { proposedPrefix } from './commandPrefix';

/** What a card offers to allow from now on, as the setting writes it and as its button says it. */
export interface SuggestedRule {
  rule: string;
  label: string;
}

/** Where a rule from a card holds, as every label says it. */
const SCOPE = 'in this workspace';

/**
 * The rule a card's "Always allow …" button proposes for a call, or undefined when none fits (a
 * command that chains or starts with an assignment, a file at the top of the workspace or outside
 * it, a rule over the length limit). The proposal always allows the call it was made for.
 */
export async function suggestRule(call: RuleCall): Promise<SuggestedRule | undefined> {
  const suggestion = call.toolName === 'bash' ? commandSuggestion(call.args['command']) : await folderSuggestion(call);
  if (suggestion === undefined || suggestion.rule.length > MAX_RULE_LENGTH) return undefined;
  const rule = parseRule(suggestion.rule);
  return rule !== undefined && (await rulesAllow([rule], call)) ? suggestion : undefined;
}

function commandSuggestion(command: Json | undefined): SuggestedRule | undefined {
  if (typeof command !== 'string') return undefined;
  const words = commandWords(command);
  if (words === undefined || words.length === 0) return undefined;
  const prefix = proposedPrefix(words);
  if (prefix !== undefined) {
    const text = prefix.join(' ');
    return { rule: `bash(${text})`, label: `Always allow \`${shortened(text)}\` with any arguments ${SCOPE}` };
  }
  const exact = withoutEdgeBlanks(command);
  return { rule: `bash(= ${exact})`, label: `Always allow exactly \`${shortened(exact)}\` ${SCOPE}` };
}

async function folderSuggestion(call: RuleCall): Promise<SuggestedRule | undefined> {
  const given = call.args['path'];
  if ((call.toolName !== 'write' && call.toolName !== 'edit') || typeof given !== 'string') return undefined;
  const paths = await workspacePaths(call.root, given);
  const top = paths?.[0]?.split('/')[0];
  // A file at the top of the workspace has no folder to allow: "always" for the tool says that.
  if (paths === undefined || top === undefined || top === paths[0] || /[*?[\]{}!()+@]/.test(top)) return undefined;
  const noun = call.toolName === 'edit' ? 'edits' : 'writes';
  return { rule: `${call.toolName}(${top}/**)`, label: `Always allow ${noun} under \`${shortened(top)}/\` ${SCOPE}` };
}

/** The most of a command's words or a folder's name a button's label shows (the rule keeps them whole). */
const MAX_LABEL_TEXT = 60;

function shortened(text: string): string {
  const characters = [...text];
  return characters.length <= MAX_LABEL_TEXT ? text : `${characters.slice(0, MAX_LABEL_TEXT - 1).join('')}…`;
}
