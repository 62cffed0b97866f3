// The API's context edits (`api/arbor.d.ts`): hide, replace and show again an entry of the open
// session, with core's planning (a reply and its tool results edited together), and the event that
// the model's context was edited, whoever edited it (core's `watchContextEdits` on the open session).
// Edits made by an extension are logged with its entry ids, never with the text.
import * as vscode from 'vscode';
import type { ArborApiV1, ContextEditReason, ContextEditResult, DidEditContextEvent } from '../../api/arbor';
import { ContextEditError, hideFromModel, type ContextEditProblem, replaceForModel, showToModelAgain, watchContextEdits, type ContextEditOutcome, type Session } from '../core/session';
import type { Logger } from '../core/util/logger';
import type { CurrentSession } from './currentSession/currentSession';

/** What the edits need of the extension: the open session, and whether its agent is at work. */
export interface ContextEditsDeps {
  current: CurrentSession;
  /** True while a run, a compaction or a move goes on: an edit then would land amid its entries. */
  busy: () => boolean;
  log: Logger;
}

/** The API's error: core's reasons, and two of the API's own (no session open, Arbor busy). */
class ApiContextEditError extends Error {
  override readonly name = 'ContextEditError';
  constructor(
    readonly reason: ContextEditReason,
    message: string,
  ) {
    super(message);
  }
}

export type ContextEditMembers = Pick<ArborApiV1, 'hideFromModel' | 'replaceForModel' | 'showToModelAgain' | 'onDidEditContext'>;

/** The members of the API for context edits; `disposable` ends the event's watch. */
export function contextEditsApi(deps: ContextEditsDeps): { members: ContextEditMembers; disposable: vscode.Disposable } {
  const edited = new vscode.EventEmitter<DidEditContextEvent>();
  const following = deps.current.follow((event) => {
    if (event.kind === 'replaced' && event.session) event.scope.add(watchContextEdits(event.session, (notice) => edited.fire(Object.freeze({ ...notice }))));
  });
  const run = async (action: string, entryId: unknown, apply: (session: Session, id: string) => Promise<ContextEditOutcome>): Promise<ContextEditResult> => {
    if (typeof entryId !== 'string') throw new ApiContextEditError('unknown-entry', `Arbor: ${action} needs an entry id (a string)`);
    const session = deps.current.session;
    if (!session) throw new ApiContextEditError('no-session', 'No session is open in Arbor');
    if (deps.busy()) throw new ApiContextEditError('busy', 'Arbor is working on the session (a reply, a compaction or a move): try again once it is done');
    try {
      const outcome = await apply(session, entryId);
      deps.log.info(`An extension's ${action} of entry ${entryId}: context edits ${outcome.entryIds.join(', ')}`);
      return { entryIds: outcome.entryIds, targetIds: outcome.plan.edits.map((edit) => edit.targetId), description: outcome.plan.description };
    } catch (error) {
      if (error instanceof ContextEditError) throw new ApiContextEditError(apiReason(error.reason), error.message);
      throw error;
    }
  };
  return {
    members: {
      hideFromModel: (entryId) => run('hide', entryId, hideFromModel),
      replaceForModel: (entryId, text) => {
        if (typeof text !== 'string') return Promise.reject(new ApiContextEditError('empty-text', 'Arbor: replaceForModel needs the new text (a string)'));
        return run('replace', entryId, (session, id) => replaceForModel(session, id, text));
      },
      showToModelAgain: (entryId) => run('unhide', entryId, showToModelAgain),
      onDidEditContext: edited.event,
    },
    disposable: vscode.Disposable.from(following, edited),
  };
}

/** Core's reason as the API names it: Shorten's own two cannot come from hide, replace or show again. */
function apiReason(reason: ContextEditProblem): ContextEditReason {
  return reason === 'not-a-tool-result' || reason === 'too-short' ? 'no-model-content' : reason;
}
