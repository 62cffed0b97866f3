/**
 * The one question of a move: the summary of the branch left behind and the files recorded at the
 * target are asked together, in one quick pick, so a move never asks twice. Which parts are asked
 * comes from their own steps (`summaryStep`, `filesStep`): a part its setting decides, or with
 * nothing to summarize or restore, is not asked, and with neither part asked nothing is. The item
 * the user picked last time (remembered by the editor per workspace) is the one preselected. The
 * editor only shows the pick; this module decides its items, its default and what an answer asks.
 */
import { filesChoices, filesRequest, restoreWarning, type FilesChoice, type FilesChoiceId, type FilesDifference } from './filesChoice';
import { SUMMARY_CHOICES, summaryRequest, type SummaryChoice, type SummaryChoiceId, type SummaryRequest } from './summaryChoice';

/** A files answer that moves (preview only shows the changes and asks again). */
export type FilesAnswerId = Exclude<FilesChoiceId, 'preview'>;

/** The answers of the last move, preselected in the next one's question. */
export interface MoveAnswers {
  summary?: SummaryChoiceId;
  files?: FilesAnswerId;
}

/** What a move asks: the summary when its setting asks and conversation is left behind; the files when they differ and their setting asks. */
export interface MoveQuestion {
  summary: boolean;
  files?: FilesDifference;
}

/** One item of the question: a summary answer, a files answer, or both (preview: neither moves). */
export interface MoveChoice {
  label: string;
  detail: string;
  summary?: SummaryChoiceId;
  files?: FilesChoiceId;
}

/** The question as the editor shows it; `active` is the index of the preselected item. */
export interface MovePick {
  title: string;
  placeHolder: string;
  items: MoveChoice[];
  active: number;
}

/** What an answer asks of the move: the summary request (when asked), and the files' (when asked: a restore, or keep). */
export interface MoveAnswer {
  summary?: SummaryRequest;
  files?: { overwriteOutside: boolean } | 'keep';
}

/** The question a move asks, or undefined when neither part is asked. */
export function moveQuestion(summaryAsked: boolean, files: FilesDifference | undefined): MoveQuestion | undefined {
  if (!summaryAsked && !files) return undefined;
  return { summary: summaryAsked, ...(files ? { files } : {}) };
}

/**
 * The items: with one part asked, that part's own answers; with both, each summary answer with
 * each files answer ("No summary · Restore files (2 files)"), then "Preview changes…". The item
 * matching the last answers is preselected (a part that matches alone when the other's last answer
 * is not offered this time), else the first.
 */
export function movePick(question: MoveQuestion, last: MoveAnswers = {}): MovePick {
  const summaries: (SummaryChoice | undefined)[] = question.summary ? [...SUMMARY_CHOICES] : [undefined];
  const filesItems = question.files ? filesChoices(question.files) : undefined;
  const moving: (FilesChoice | undefined)[] = filesItems ? filesItems.filter((choice) => choice.id !== 'preview') : [undefined];
  const items = summaries.flatMap((summary) => moving.map((files) => combined(summary, files)));
  const preview = filesItems?.find((choice) => choice.id === 'preview');
  if (preview) items.push({ label: preview.label, detail: preview.detail, files: 'preview' });
  const warning = question.files ? restoreWarning(question.files) : undefined;
  const title = question.summary ? (question.files ? 'Leave this branch: summary and files' : 'Leave this branch') : 'Files at that point';
  return { title: warning ? `${title} — ${warning}` : title, placeHolder: placeHolder(question), items, active: preselected(items, question, last) };
}

function combined(summary: SummaryChoice | undefined, files: FilesChoice | undefined): MoveChoice {
  if (summary && files) return { label: `${summary.label} · ${files.label}`, detail: `${summary.detail} ${files.detail}`, summary: summary.id, files: files.id };
  const only = (summary ?? files)!;
  return { label: only.label, detail: only.detail, ...(summary ? { summary: summary.id } : {}), ...(files ? { files: files.id } : {}) };
}

function placeHolder(question: MoveQuestion): string {
  if (!question.files) return 'Summarize the branch you are leaving?';
  const files = 'The workspace\'s files differ from those recorded there. Restore them?';
  return question.summary ? `Summarize the branch you are leaving? ${files}` : files;
}

function preselected(items: readonly MoveChoice[], question: MoveQuestion, last: MoveAnswers): number {
  const summaryMatches = (item: MoveChoice): boolean => !question.summary || item.summary === last.summary;
  const filesMatch = (item: MoveChoice): boolean => !question.files || item.files === last.files;
  const both = items.findIndex((item) => summaryMatches(item) && filesMatch(item));
  if (both >= 0) return both;
  const either = items.findIndex((item) => item.files !== 'preview' && ((question.summary && item.summary === last.summary) || (question.files !== undefined && item.files === last.files)));
  return Math.max(either, 0);
}

/** What a picked item asks (`focus`: the text typed for "Summarize with focus…"); undefined for preview, which asks again. */
export function moveAnswer(choice: MoveChoice, focus?: string): MoveAnswer | undefined {
  if (choice.files === 'preview') return undefined;
  const answer: MoveAnswer = {};
  if (choice.summary) answer.summary = summaryRequest(choice.summary, focus);
  if (choice.files) answer.files = filesRequest(choice.files) ?? 'keep';
  return answer;
}

/** The answers to remember after a pick: the parts asked this time replace the last ones, the others stay. */
export function rememberAnswers(last: MoveAnswers, choice: MoveChoice): MoveAnswers {
  const files = choice.files && choice.files !== 'preview' ? { files: choice.files } : {};
  return { ...last, ...(choice.summary ? { summary: choice.summary } : {}), ...files };
}
