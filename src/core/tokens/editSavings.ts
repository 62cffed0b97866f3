/**
 * How many tokens the user's context edits leave out of the next request: for each entry an edit
 * is in force for at the end of the path, its messages as written less its messages as edited
 * (a hidden entry: all of it; a shortened one: what was cut), by the meter's estimator. Computed
 * once per context view and per edit applied to it, never per streamed token.
 */
import { editedContextEntries, type SessionEntry } from '../session';
import { estimateMessages, type TokenEstimator } from './estimator';

export function contextEditSavings(path: readonly SessionEntry[], estimator: TokenEstimator): number {
  let saved = 0;
  for (const { original, edited } of editedContextEntries(path)) saved += estimateMessages(estimator, original) - estimateMessages(estimator, edited);
  // Edits that lengthen what the model sees save nothing to speak of.
  return Math.max(0, saved);
}
