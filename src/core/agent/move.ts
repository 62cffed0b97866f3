/**
 * One move of the position, whatever asked for it (Go to Entry and its kin, Undo Compaction, the
 * move note's Back, Fork): the one question (summary and files together), the move, the files' restore
 * and its record, telling the user, the text for the input. The editor's questions and its ways of
 * telling are ports; the agent holds `navigating` from the move until the note is told, so input
 * sent meanwhile and another writer's continuation wait for the whole of it, and moves made at once
 * run one after the other.
 */
import * as path from 'node:path';
import type { FilesDifference, FilesOutcome, MoveAnswer, MoveQuestion, MoveReport, NavigateResult, SummaryRequest, SummaryStep } from '../navigation';
import { leavesConversation, moveQuestion, navigationTarget, summaryStep, type BranchSummarySetting } from '../navigation';
import type { Session } from '../session';
import type { Logger } from '../util/logger';

/** What a tree move may be told besides its target (the agent adds the summarizer and its limits). */
export interface TreeMoveOptions {
  summarize?: boolean;
  customInstructions?: string;
  label?: string;
  /** Branch from Here: the position goes to the entry itself, even a user message. */
  atTarget?: boolean;
}

/** What a move's steps may do to the position, inside the agent's `navigating` hold. */
export interface PositionMoves {
  /** As the tree goes there (pi's /tree), the summary of the branch left written at the new position. */
  navigate(targetId: string, options?: TreeMoveOptions): Promise<NavigateResult>;
  /** Straight to `entryId` (null: before the first entry). */
  branch(entryId: string | null): Promise<void>;
}

/** The agent a move is made by. */
export interface MoveAgent {
  move<T>(steps: (moves: PositionMoves) => Promise<T>): Promise<T>;
}

export type MoveTarget =
  /** Go to Entry: a row's click, Branch from Here (`atTarget`), Switch Branch…, Edit & branch, a search result. */
  | { kind: 'entry'; entryId: string; atTarget?: boolean }
  /** Undo Compaction: to the compaction's parent. */
  | { kind: 'beforeCompaction'; compactionId: string; parentId: string | null }
  /** The move note's Back: to where the position was before the move. */
  | { kind: 'back'; to: string | null }
  /** Fork into a new session, before or at the entry; the fork becomes the current session. */
  | { kind: 'fork'; entryId: string; position: 'before' | 'at' };

/** A move the user made, as the chat is told of it. */
export interface MoveEvent {
  report: MoveReport;
  /**
   * Made in the Session Tree (a row's click or menu), by a command that began at `since`
   * (milliseconds since the epoch): the tree's focus follows the ● there, unless the user went to the chat's input since.
   */
  fromTree?: { since: number };
  /** The chat's input takes the focus after the move (Edit & branch, Branch from Here). */
  focusesInput?: boolean;
}

/** What a move came to (commands resolve with it, for automation and tests); 'failed' is the caller's word for a throw. */
export type MoveOutcome = 'moved' | 'unchanged' | 'cancelled' | 'failed';

export interface MoveDone {
  outcome: Exclude<MoveOutcome, 'failed'>;
  /** Fork: the new session's file. */
  forkFile?: string;
}

/** The files' side of a move, decided before it: nothing, or a restore once moved. */
export type FilesDecisionOf<P> = { kind: 'none' } | { kind: 'restore'; pending: P };

/**
 * The files' side of a move, planned before it: decided already (nothing to restore, the setting
 * says), or to be asked: what would change, the restore an answer makes, and a preview of it.
 */
export type FilesPlanOf<P> = FilesDecisionOf<P> | { kind: 'ask'; difference: FilesDifference; restore(overwriteOutside: boolean): P; preview(): Promise<void> };

/** The fork's own steps. */
export interface ForkPorts<P> {
  /** Writes the fork beside its source (the files recorded there carried along): its file, and a user message's text for the input. */
  write(source: Session, entryId: string, position: 'before' | 'at', files: FilesDecisionOf<P>): Promise<{ file: string; selectedText?: string }>;
  /**
   * Makes the fork the current session and runs `then` on it before a prompt can reach it (with
   * no session when another one became current instead).
   */
  open<T>(file: string, then: (fork: Session | undefined, agent: MoveAgent) => Promise<T>): Promise<T>;
  /** Tells the user the fork is open (and what its files' restore did). */
  tellForked(file: string, restored: FilesOutcome | undefined): void;
}

/** The editor's side of a move. */
export interface MovePorts<P> {
  /** The current session's agent; a summary needs the key. */
  agent(options: { summarize: boolean }): Promise<MoveAgent>;
  /** `arbor.branchSummary` (or pi's setting) in effect. */
  summarySetting(): Promise<BranchSummarySetting>;
  /**
   * The move's one question (summary, files or both; "Preview changes…" runs `preview` and asks
   * again); undefined: Escape.
   */
  ask(question: MoveQuestion, preview: (() => Promise<void>) | undefined): Promise<MoveAnswer | undefined>;
  /** The summary's work, stoppable by the user. */
  summarizing<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the files go back to `newLeafId`'s state: decided, or to ask (per `arbor.checkpoints.restore`). */
  planFiles(session: Session, newLeafId: string | null): Promise<FilesPlanOf<P>>;
  /** Restores the files decided, and records the restore at the session's position; undefined when it failed (told). */
  restore(pending: P, session: Session): Promise<FilesOutcome | undefined>;
  fork: ForkPorts<P>;
  /** The note above the input, and the tree's focus. */
  tellMove(event: MoveEvent): void;
  /** Text into the chat's input (a user message moved before, a fork's). */
  setInput(text: string): void;
  /** A plain information for the user (a cancelled move). */
  inform(text: string): void;
  log: Logger;
}

export const SUMMARY_CANCELLED = 'Branch summary cancelled: the position did not move.';

/** `since`: when the command began (milliseconds since the epoch), for a move made in the Session Tree. */
export interface MoveOptions {
  fromTree?: { since: number };
}

/**
 * Makes the move to `target` in `session` (the current one). Throws what the move, its summary or
 * the fork threw (the position then stays where it was): the caller words it.
 */
export async function makeMove<P>(session: Session, target: MoveTarget, ports: MovePorts<P>, options: MoveOptions = {}): Promise<MoveDone> {
  switch (target.kind) {
    case 'entry':
      return goTo(session, target, ports, options);
    case 'beforeCompaction':
    case 'back':
      return branchTo(session, target, ports, options);
    case 'fork':
      return fork(session, target, ports);
  }
}

async function goTo<P>(session: Session, target: Extract<MoveTarget, { kind: 'entry' }>, ports: MovePorts<P>, options: MoveOptions): Promise<MoveDone> {
  const { entryId, atTarget } = target;
  if (entryId === session.leafId) return { outcome: 'unchanged' };
  const step = summaryStep(await ports.summarySetting(), leavesConversation(session.tree, session.leafId, entryId));
  const decided = await decide(ports, step, await ports.planFiles(session, atTarget ? entryId : navigationTarget(session, entryId).newLeafId));
  if (!decided) return { outcome: 'cancelled' };
  const { request, files } = decided;
  const from = session.leafId;
  const agent = await ports.agent({ summarize: request.summarize });
  return agent.move(async (moves) => {
    const moveOptions = atTarget ? { atTarget: true } : {};
    const result = request.summarize ? await ports.summarizing(() => moves.navigate(entryId, { ...request, ...moveOptions })) : await moves.navigate(entryId, moveOptions);
    if (result.cancelled && !result.aborted) {
      ports.log.info(`The extension ${result.by.id} cancelled the move: the position did not move`);
      ports.inform(`The extension “${result.by.name}” cancelled the move: the position did not move.`);
      return { outcome: 'cancelled' };
    }
    if (result.cancelled) {
      ports.log.info('Branch summary cancelled: the position did not move');
      ports.inform(SUMMARY_CANCELLED);
      return { outcome: 'cancelled' };
    }
    ports.log.info(`Moved to entry ${entryId}${result.summaryEntryId ? ` with branch summary ${result.summaryEntryId}` : ''}`);
    const restored = files.kind === 'restore' ? await ports.restore(files.pending, session) : undefined;
    const edited = result.editorText !== undefined ? { editedId: entryId } : {};
    const summary = result.summaryEntryId ? { summaryEntryId: result.summaryEntryId } : {};
    const focusesInput = result.editorText !== undefined || atTarget === true;
    ports.tellMove({ report: { kind: 'go', from, to: session.leafId, ...edited, ...summary, ...(restored ? { files: restored } : {}) }, ...tree(options), focusesInput });
    if (result.editorText !== undefined) ports.setInput(result.editorText);
    return { outcome: 'moved' };
  });
}

/** Undo Compaction and Back: straight to an earlier position, with no summary question. */
async function branchTo<P>(session: Session, target: Extract<MoveTarget, { kind: 'beforeCompaction' | 'back' }>, ports: MovePorts<P>, options: MoveOptions): Promise<MoveDone> {
  const to = target.kind === 'back' ? target.to : target.parentId;
  const decided = await decide(ports, NO_SUMMARY, await ports.planFiles(session, to));
  if (!decided) return { outcome: 'cancelled' };
  const { files } = decided;
  const from = session.leafId;
  const agent = await ports.agent({ summarize: false });
  await agent.move(async (moves) => {
    await moves.branch(to);
    const restored = files.kind === 'restore' ? await ports.restore(files.pending, session) : undefined;
    const report: MoveReport = target.kind === 'back' ? { kind: 'back', from, to } : { kind: 'undoCompaction', from, to, compactionId: target.compactionId };
    ports.tellMove({ report: { ...report, ...(restored ? { files: restored } : {}) }, ...tree(options) });
  });
  if (target.kind === 'beforeCompaction') ports.log.info(`Undo compaction: moved to ${to ?? 'the start'}, before compaction ${target.compactionId}`);
  return { outcome: 'moved' };
}

/**
 * A fork at another point than the position is a move for the files: their question comes first
 * (Escape forks nothing), and the restore is recorded in the fork, before a prompt reaches it.
 */
async function fork<P>(source: Session, target: Extract<MoveTarget, { kind: 'fork' }>, ports: MovePorts<P>): Promise<MoveDone> {
  const forkLeaf = target.position === 'at' ? target.entryId : source.tree.parentOf(target.entryId);
  const decided = await decide(ports, NO_SUMMARY, await ports.planFiles(source, forkLeaf));
  if (!decided) return { outcome: 'cancelled' };
  const { files } = decided;
  const { file, selectedText } = await ports.fork.write(source, target.entryId, target.position, files);
  const restored = await ports.fork.open(file, (opened, agent) =>
    agent.move(async () => (files.kind === 'restore' && opened ? ports.restore(files.pending, opened) : undefined)),
  );
  ports.log.info(`Forked ${path.basename(source.file ?? '')} ${target.position} entry ${target.entryId} into ${path.basename(file)}`);
  if (selectedText !== undefined) ports.setInput(selectedText);
  ports.fork.tellForked(file, restored);
  return { outcome: 'moved', forkFile: file };
}

/** Undo Compaction, Back and Fork leave no summary. */
const NO_SUMMARY: SummaryStep = { kind: 'move', summarize: false };

/**
 * The summary and files decisions of a move: what the settings decided, and what they leave to the
 * user asked in one question; undefined when the user pressed Escape (the move is not made).
 */
async function decide<P>(ports: MovePorts<P>, summary: SummaryStep, files: FilesPlanOf<P>): Promise<{ request: SummaryRequest; files: FilesDecisionOf<P> } | undefined> {
  const question = moveQuestion(summary.kind === 'ask', files.kind === 'ask' ? files.difference : undefined);
  const answer: MoveAnswer | undefined = question ? await ports.ask(question, files.kind === 'ask' ? () => files.preview() : undefined) : {};
  if (!answer) return undefined;
  const request = summary.kind === 'ask' ? answer.summary : { summarize: summary.summarize };
  if (!request) return undefined;
  if (files.kind !== 'ask') return { request, files };
  if (!answer.files) return undefined;
  return { request, files: answer.files === 'keep' ? { kind: 'none' } : { kind: 'restore', pending: files.restore(answer.files.overwriteOutside) } };
}

function tree(options: MoveOptions): { fromTree?: { since: number } } {
  return options.fromTree ? { fromTree: options.fromTree } : {};
}
