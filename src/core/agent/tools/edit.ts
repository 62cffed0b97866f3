/**
 * `edit`: exact text replacements in one file. Each `oldText` must occur exactly once in the file
 * as it was before the call; replacements must not overlap. Arguments follow pi 0.73: an `edits`
 * array of `{ oldText, newText }`, with a single top-level `oldText`/`newText` also accepted.
 *
 * Matching is exact except for line endings: a CRLF file is matched and written back as CRLF, and
 * a byte-order mark is kept (the model never sees either).
 */
import { promises as fs } from 'node:fs';
import type { Json } from '../../session';
import { requiredString } from './args';
import { argumentsSchema, defineTool, param, type ToolArgs, ToolFailure } from './define';
import type { EditPlan } from './editPlan';
import { resolveFile } from '../../workspace/paths';
import type { PlanningTool, ToolContext } from './tool';
import { writePlanned } from './write';

export interface Replacement {
  oldText: string;
  newText: string;
}

export function createEditTool(): PlanningTool {
  const tool = defineTool({
    spec: {
      name: 'edit',
      description:
        'Change a file by exact text replacement. Each edits[].oldText must appear exactly once in the file (whitespace included) ' +
        'and the edits must not overlap; all are matched against the file as it was before this call. ' +
        'Keep oldText short but unique; put nearby changes into one edit.',
      inputSchema: argumentsSchema(
        {
          path: param('string', 'File to edit, relative to the workspace folder'),
          edits: {
            type: 'array',
            description: 'The replacements, one or more',
            items: {
              type: 'object',
              properties: {
                oldText: param('string', 'Text to replace, exactly as it is in the file; must be unique'),
                newText: param('string', 'The text that replaces it'),
              },
              required: ['oldText', 'newText'],
            },
          },
        },
        ['path', 'edits'],
      ),
    },
    needsApproval: true,
    async run(args, context) {
      return writePlanned(await planEdit(args, context), context);
    },
  });
  return { ...tool, plan: planEdit };
}

/** The file as it is and as the replacements would leave it (its BOM and line endings kept); nothing is written. */
export async function planEdit(args: ToolArgs, context: ToolContext): Promise<EditPlan> {
  const given = requiredString(args, 'path');
  const edits = readEdits(args);
  const target = await resolveFile(context.root, given);
  const raw = await fs.readFile(target.real, 'utf8');
  const bom = raw.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = raw.slice(bom.length);
  const crlf = body.includes('\r\n');
  const before = crlf ? body.replace(/\r\n/g, '\n') : body;
  const after = applyReplacements(before, edits, given);
  const proposed = bom + (crlf ? after.replace(/\n/g, '\r\n') : after);
  return { toolName: 'edit', path: given, real: target.real, current: raw, proposed, blocks: edits.length };
}

/** The replacements as the model sent them (an `edits` array, its JSON text, or one top-level pair), CRLF read as LF; throws a `ToolFailure` in plain words when malformed. */
export function readEdits(args: ToolArgs): Replacement[] {
  let list: Json | undefined = args['edits'];
  // Some models send the array as a JSON string.
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list) as Json;
    } catch {
      throw new ToolFailure('Invalid arguments: "edits" must be an array of { oldText, newText }.');
    }
  }
  const edits: Json[] = Array.isArray(list) ? [...list] : [];
  if (list !== undefined && list !== null && !Array.isArray(list)) throw new ToolFailure('Invalid arguments: "edits" must be an array of { oldText, newText }.');
  if (args['oldText'] !== undefined || args['newText'] !== undefined) edits.push({ oldText: args['oldText'] ?? null, newText: args['newText'] ?? null });
  if (edits.length === 0) throw new ToolFailure('Invalid arguments: "edits" must hold at least one { oldText, newText }.');
  return edits.map((edit, index) => {
    const item = edit !== null && typeof edit === 'object' && !Array.isArray(edit) ? edit : {};
    if (typeof item['oldText'] !== 'string' || typeof item['newText'] !== 'string') {
      throw new ToolFailure(`Invalid arguments: edits[${index}] must have a string oldText and a string newText.`);
    }
    return { oldText: item['oldText'].replace(/\r\n/g, '\n'), newText: item['newText'].replace(/\r\n/g, '\n') };
  });
}

/** The content with every replacement made; throws a `ToolFailure` saying which edit is wrong. */
export function applyReplacements(content: string, edits: readonly Replacement[], given: string): string {
  const name = (index: number) => (edits.length === 1 ? 'The text' : `edits[${index}].oldText`);
  const matches = edits.map((edit, index) => {
    if (edit.oldText === '') throw new ToolFailure(`${edits.length === 1 ? 'oldText' : `edits[${index}].oldText`} is empty; give the text to replace.`);
    const at = content.indexOf(edit.oldText);
    if (at === -1) {
      throw new ToolFailure(`Could not find ${edits.length === 1 ? 'the exact text' : `edits[${index}].oldText`} in ${given}. It must match the file exactly, whitespace and line breaks included.`);
    }
    const count = occurrences(content, edit.oldText);
    if (count > 1) throw new ToolFailure(`${name(index)} appears ${count} times in ${given}; give more context so it is unique.`);
    return { index, at, end: at + edit.oldText.length, newText: edit.newText };
  });
  matches.sort((a, b) => a.at - b.at);
  for (let i = 1; i < matches.length; i++) {
    if (matches[i]!.at < matches[i - 1]!.end) {
      throw new ToolFailure(`edits[${matches[i - 1]!.index}] and edits[${matches[i]!.index}] overlap in ${given}; merge them into one edit.`);
    }
  }
  let result = '';
  let position = 0;
  for (const match of matches) {
    result += content.slice(position, match.at) + match.newText;
    position = match.end;
  }
  result += content.slice(position);
  if (result === content) throw new ToolFailure(`The edit leaves ${given} unchanged: newText is the same as oldText.`);
  return result;
}

/** Occurrences, overlapping ones included ('aa' is twice in 'aaa': either could be meant). */
function occurrences(content: string, text: string): number {
  let count = 0;
  for (let at = content.indexOf(text); at !== -1; at = content.indexOf(text, at + 1)) count++;
  return count;
}
