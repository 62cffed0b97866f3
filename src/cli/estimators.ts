/**
 * `--estimator pi|tokenizer`. pi's chars/4 is the default; the tokenizer's tables are large, so
 * they are loaded only when asked for (the bundle requires `gpt-tokenizer` from node_modules then).
 */
import { loadTokenizerEstimator, piEstimator, type TokenEstimator } from '../core/tokens';
import { choiceFlag, type ParsedArgs } from './args';
import { InputError } from './io';

export const ESTIMATORS = ['pi', 'tokenizer'] as const;
export type EstimatorChoice = (typeof ESTIMATORS)[number];

export async function chooseEstimator(args: ParsedArgs): Promise<{ choice: EstimatorChoice; estimator: TokenEstimator }> {
  const choice = choiceFlag(args, 'estimator', ESTIMATORS) ?? 'pi';
  if (choice === 'pi') return { choice, estimator: piEstimator };
  try {
    return { choice, estimator: await loadTokenizerEstimator() };
  } catch (error) {
    throw new InputError(`--estimator tokenizer: the gpt-tokenizer package could not be loaded (${(error as Error).message.split('\n')[0]})`);
  }
}
