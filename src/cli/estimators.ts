/**
 * `--estimator pi|tokenizer`. pi's chars/4 is the default; the tokenizer's tables are large, so
 * they are loaded only when asked for (the CLI must start fast).
 */
import { loadTokenizerEstimator, piEstimator, type TokenEstimator } from '../core/tokens';
import { choiceFlag, type ParsedArgs } from './args';

export const ESTIMATORS = ['pi', 'tokenizer'] as const;
export type EstimatorChoice = (typeof ESTIMATORS)[number];

export async function chooseEstimator(args: ParsedArgs): Promise<{ choice: EstimatorChoice; estimator: TokenEstimator }> {
  const choice = choiceFlag(args, 'estimator', ESTIMATORS) ?? 'pi';
  return { choice, estimator: choice === 'pi' ? piEstimator : await loadTokenizerEstimator() };
}
