// What the model sees, shaped by the user: Hide from the Model, Show to the Model Again, Edit What
// the Model Sees…, Shorten for the Model and Compare, on a Session Tree row (several rows at once
// for a hide) and from the chat's actions (which run these commands). Each is planned in core on
// the current branch (core/session/contextEditPlan), and a plan that touches more than the entry
// chosen — a reply and the results of its tool calls go together — says so in a modal first.
import * as vscode from 'vscode';
import { isAnswering } from '../../core/agent';
import {
  applyContextEditPlan,
  ContextEditError,
  modelTextOf,
  planHideMany,
  planShorten,
  planUnhide,
  type ContextEditPlan,
  type Session,
} from '../../core/session';
import { plainText } from '../../core/util/plainText';
import type { CommandDeps } from '../commands/deps';
import { entryIdOf, entryIdsOf } from '../commands/entryArg';
import { showFailure } from '../commands/notify';
import type { SomeCommands } from '../commands/table';
import { VirtualDocuments } from '../virtualDocuments';
import { ModelTextEditor, safeName } from './modelTextEditor';

/** What a context-edit command came to (commands resolve with it, for automation and tests). */
export type ContextEditOutcome = 'applied' | 'cancelled' | 'failed';

const COMPARE_SCHEME = 'arbor-model-compare';

export function contextEditCommands(deps: CommandDeps) {
  const editor = new ModelTextEditor(deps, (session, plan) => applyPlan(deps, session, plan));
  const compared = new VirtualDocuments();
  const commands = {
    treeHideFromModel: (arg: unknown, selected?: unknown) => run(deps, 'Hiding from the model', (session) => planHideMany(session, entriesOf(arg, selected))),
    treeShowToModelAgain: (arg: unknown) => run(deps, 'Showing to the model again', (session) => planUnhide(session, entryOf(arg))),
    treeShortenForModel: (arg: unknown) => run(deps, 'Shortening for the model', (session) => planShorten(session, entryOf(arg))),
    treeEditForModel: (arg: unknown) => withSession(deps, 'Editing what the model sees', (session) => editor.open(session, entryOf(arg))),
    treeCompareModelText: (arg: unknown) => withSession(deps, 'Comparing with what the model sees', (session) => compare(compared, session, entryOf(arg))),
    applyModelText: (arg: unknown) => editor.applyCommand(arg),
  } satisfies SomeCommands;
  return { commands, disposables: [editor, compared, vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, compared)] };
}

/** The entry id a row command was given (a ContextEditError in words when none: run from the palette). */
function entryOf(arg: unknown): string {
  const id = entryIdOf(arg);
  if (id === undefined) throw new ContextEditError('unknown-entry', 'Choose an entry in the Session Tree or the chat first.');
  return id;
}

/** The rows a hide is for: the tree's selection when the clicked row is in it (a ContextEditError in words when none). */
function entriesOf(arg: unknown, selected: unknown): string[] {
  const ids = entryIdsOf(arg, selected);
  if (ids.length === 0) throw new ContextEditError('unknown-entry', 'Choose an entry in the Session Tree or the chat first.');
  return ids;
}

async function withSession<T>(deps: CommandDeps, what: string, action: (session: Session) => Promise<T>): Promise<T | ContextEditOutcome> {
  const session = deps.current.session;
  if (!session) {
    void vscode.window.showInformationMessage('No session is open.');
    return 'failed';
  }
  if (isAnswering(deps.host.state.agent)) {
    void vscode.window.showInformationMessage('Wait for the reply to finish (or stop it) before changing what the model sees.');
    return 'failed';
  }
  try {
    return await action(session);
  } catch (error) {
    if (error instanceof ContextEditError) {
      // The message names entries by the ids the session file chose.
      void vscode.window.showWarningMessage(plainText(error.message));
      return 'failed';
    }
    showFailure(deps.log, what, error);
    return 'failed';
  }
}

function run(deps: CommandDeps, what: string, plan: (session: Session) => ContextEditPlan): Promise<ContextEditOutcome> {
  return withSession(deps, what, (session) => applyPlan(deps, session, plan(session)));
}

/** Labels of the modal's button, by action. */
const CONFIRM_LABEL: Record<ContextEditPlan['action'], string> = { hide: 'Hide', replace: 'Apply', unhide: 'Show Again' };

/** Applies a plan; one that touches more than the entry chosen asks first, in the plan's own words. */
export async function applyPlan(deps: CommandDeps, session: Session, plan: ContextEditPlan): Promise<ContextEditOutcome> {
  if (plan.edits.length > 1) {
    const label = CONFIRM_LABEL[plan.action];
    const detail = plainText(plan.description);
    const answer = await vscode.window.showWarningMessage(`${plan.edits.length} entries change for the model`, { modal: true, detail }, label);
    if (answer !== label) return 'cancelled';
  }
  const { entryIds } = await applyContextEditPlan(session, plan);
  deps.log.info(`Context edit (${plan.action}) of entry ${plan.targetId}: appended ${entryIds.join(', ')}`);
  return 'applied';
}

/** The entry's text as written beside what the model sees of it, in a diff editor (both read-only). */
async function compare(documents: VirtualDocuments, session: Session, entryId: string): Promise<ContextEditOutcome> {
  const { original, seen } = modelTextOf(session, entryId);
  const side = (name: string, text: string): vscode.Uri => {
    const uri = vscode.Uri.from({ scheme: COMPARE_SCHEME, path: `/${safeName(entryId)}/${name}.md` });
    documents.set(uri, text);
    return uri;
  };
  const title = `Entry ${entryId}: as written ↔ what the model sees`;
  await vscode.commands.executeCommand('vscode.diff', side('as written', original), side('what the model sees', seen ?? ''), title, { preview: true });
  return 'applied';
}
