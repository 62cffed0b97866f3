/**
 * `arbor hide <file> <id>`, `arbor replace <file> <id> (--text T | --file F)`, `arbor unhide <file>
 * <id>`: what the model sees of entry ID from here on, as pi 1.6 honours it — `context_edit`
 * entries appended on the file's current branch (after what pi or Arbor last appended). A reply with
 * tool calls and the results of those calls are edited together, so every request stays valid; the
 * words printed say so, and the new entries' ids follow. The target itself is never changed.
 */
import { readFile } from 'node:fs/promises';
import {
  applyContextEditPlan,
  ContextEditError,
  openSessionFile,
  planHide,
  planReplace,
  planUnhide,
  type ContextEditAction,
  type ContextEditPlan,
  type Session,
} from '../../core/session';
import { stringFlag } from '../args';
import type { Command, CommandInput } from '../command';
import { InputError, UsageError } from '../io';
import { loadForCli } from '../load';

export interface ContextEditReport {
  action: ContextEditAction;
  targetId: string;
  description: string;
  /** The entries appended, in order, each with the entry it edits and whether it hides it. */
  edits: { entryId: string; targetId: string; hidden: boolean }[];
}

export const hideCommand: Command = {
  name: 'hide',
  usage: '<id>',
  summary: 'hide an entry from the model (a context edit; a reply and its tool results go together)',
  extraPositionals: ['id'],
  flags: [],
  run: (input) => runContextEdit(input, (session, id) => planHide(session, id)),
};

export const replaceCommand: Command = {
  name: 'replace',
  usage: '<id> (--text TEXT | --file FILE)',
  summary: 'give the model other text for an entry (a context edit; a reply keeps its tool calls)',
  extraPositionals: ['id'],
  flags: [
    { name: 'text', kind: 'string', value: 'TEXT' },
    { name: 'file', kind: 'string', value: 'FILE' },
  ],
  async run(input) {
    const text = await replacementText(input);
    return runContextEdit(input, (session, id) => planReplace(session, id, text));
  },
};

export const unhideCommand: Command = {
  name: 'unhide',
  usage: '<id>',
  summary: 'show a hidden or edited entry to the model as written again (with its tool-call partners)',
  extraPositionals: ['id'],
  flags: [],
  run: (input) => runContextEdit(input, (session, id) => planUnhide(session, id)),
};

async function runContextEdit({ file, io, positionals }: CommandInput, plan: (session: Session, id: string) => ContextEditPlan) {
  const [targetId] = positionals as [string];
  await loadForCli(file); // one-line errors for missing or foreign files
  const { session } = await openSessionFile(file, { createIfMissing: false, clock: () => io.now() });
  let planned: ContextEditPlan;
  try {
    planned = plan(session, targetId);
  } catch (error) {
    if (error instanceof ContextEditError) throw new InputError(`${file}: ${error.message}`);
    throw error;
  }
  const { entryIds } = await applyContextEditPlan(session, planned);
  await session.sync();
  const report: ContextEditReport = {
    action: planned.action,
    targetId,
    description: planned.description,
    edits: planned.edits.map((edit, index) => ({ entryId: entryIds[index]!, targetId: edit.targetId, hidden: edit.replacement === null })),
  };
  return {
    json: () => report,
    text: () => `${report.description}\n${entryIds.join('\n')}\n`,
  };
}

/** The replacement: exactly one of `--text` and `--file` (the file's whole text, as UTF-8). */
async function replacementText({ args }: CommandInput): Promise<string> {
  const text = stringFlag(args, 'text');
  const path = stringFlag(args, 'file');
  if ((text === undefined) === (path === undefined)) throw new UsageError('give exactly one of --text TEXT and --file FILE');
  if (text !== undefined) return text;
  try {
    return await readFile(path!, 'utf8');
  } catch (error) {
    throw new InputError(`--file ${path!}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot be read'}`);
  }
}
