// Labels: Set Label… and Remove Label on a Session Tree row, "Arbor: Set Label" on
// the current entry. Each change is a `label` entry naming its target, appended under the current
// position (it moves the position onto itself, as pi's do; labels carry no context, so the chat
// and the next request stay the same).
import * as vscode from 'vscode';
import { describeEntry, firstLine, labelTargetAt, type Session } from '../../core/session';
import type { CommandDeps } from './deps';
import { entryIdOf } from './entryArg';
import { plainText } from '../../core/util/plainText';
import { showFailure } from './notify';
import { ownString } from './ownArgument';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';

/** What a label command came to (commands resolve with it, for automation and tests). */
export type LabelOutcome = 'set' | 'cleared' | 'unchanged' | 'cancelled' | 'failed';

export function labelCommands(deps: CommandDeps) {
  return {
    // A label given by Arbor's own callers (sealed: automation, tests) skips the input box; '' clears.
    treeSetLabel: (arg: unknown, given?: unknown) => setLabel(deps, entryIdOf(arg), ownString(deps.log, COMMAND.treeSetLabel, given)),
    setLabel: (given?: unknown) => {
      const session = deps.current.session;
      return setLabel(deps, session ? labelTargetAt(session.tree, session.leafId) : undefined, ownString(deps.log, COMMAND.setLabel, given));
    },
    treeRemoveLabel: (arg: unknown) => setLabel(deps, entryIdOf(arg), ''),
  } satisfies SomeCommands;
}

async function setLabel(deps: CommandDeps, entryId: string | undefined, given: string | undefined): Promise<LabelOutcome> {
  const session = deps.current.session;
  const entry = entryId ? session?.getEntry(entryId) : undefined;
  if (!session || !entry) {
    void vscode.window.showInformationMessage(session ? 'There is no entry to label here.' : 'No session is open.');
    return 'unchanged';
  }
  deps.log.debug(`Set Label on entry ${entry.id}`);
  const current = session.getLabel(entry.id)?.label;
  const typed = given ?? (await askLabel(session, entry.id, current));
  if (typed === undefined) return 'cancelled';
  const label = typed.trim();
  if (label === (current ?? '')) return 'unchanged';
  try {
    await session.appendLabel(entry.id, label);
    deps.log.info(label ? `Labeled entry ${entry.id}` : `Removed the label of entry ${entry.id}`);
    return label ? 'set' : 'cleared';
  } catch (error) {
    showFailure(deps.log, 'Setting the label', error);
    return 'failed';
  }
}

function askLabel(session: Session, entryId: string, current: string | undefined): Thenable<string | undefined> {
  const { tag, text } = describeEntry(session.getEntry(entryId)!);
  const shown = firstLine(text, 60);
  return vscode.window.showInputBox({
    title: 'Set Label',
    // The entry's text as plain text (it is session text); an entry without text goes by its kind alone.
    prompt: `Label for ${plainText(tag)}${shown ? `: ${plainText(shown)}` : ''} (empty removes the label)`,
    value: current ?? '',
    placeHolder: 'e.g. before the refactor',
    // Asked from a tree row's menu: selecting the row may move the focus, which must not cancel it.
    ignoreFocusOut: true,
  });
}
