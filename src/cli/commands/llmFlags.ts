/**
 * What the commands that talk to the model share: `--base-url` (else `ANTHROPIC_BASE_URL`),
 * `--model`, and the key from `ANTHROPIC_API_KEY` only (never a flag: it would land in shell
 * history and process listings).
 */
import { createAnthropicProvider, type LlmProvider } from '../../core/llm';
import { stringFlag, type ParsedArgs } from '../args';
import type { FlagSpec } from '../args';
import { UsageError, type CliIo } from '../io';

export const DEFAULT_CLI_MODEL = 'claude-sonnet-4-6';

export const LLM_FLAGS: readonly FlagSpec[] = [
  { name: 'base-url', kind: 'string', value: 'URL' },
  { name: 'model', kind: 'string', value: 'ID' },
];

export interface CliModel {
  provider: LlmProvider;
  model: string;
}

export function cliModel(args: ParsedArgs, io: CliIo, env: NodeJS.ProcessEnv = process.env): CliModel {
  const apiKey = env.ANTHROPIC_API_KEY;
  if (!apiKey) throw new UsageError('ANTHROPIC_API_KEY is not set');
  const baseUrl = stringFlag(args, 'base-url') ?? env.ANTHROPIC_BASE_URL;
  const provider = createAnthropicProvider({ apiKey, ...(baseUrl ? { baseUrl } : {}), now: () => io.now().getTime() });
  return { provider, model: stringFlag(args, 'model') ?? DEFAULT_CLI_MODEL };
}
