/**
 * What `compact` and `run` take from pi, as the extension does: pi's agent folder from the
 * environment, pi's merged settings for the current folder (when no `--keep-recent` / `--reserve`
 * flag is given), and the project's context files for the system prompt. A file pi's settings or
 * context could not use is reported on stderr as a warning; the command goes on with the rest.
 */
import * as os from 'node:os';
import { ProjectPrompt, piEnvironment, readPiSettings, resolveCompactionSettings, type EffectiveCompactionSettings, type PiEnvironment } from '../core/context';
import { integerFlag, type ParsedArgs } from './args';
import type { FlagSpec } from './args';
import type { CliIo } from './io';

/** Flags that set the compaction budgets explicitly (they win over pi's settings). */
export const BUDGET_FLAGS: readonly FlagSpec[] = [
  { name: 'keep-recent', kind: 'string', value: 'N' },
  { name: 'reserve', kind: 'string', value: 'N' },
];

/** `--pin-budget N`: the CLI's `arbor.compaction.pinBudget` (tokens the pinned section may take before a warning; default 4000). */
export const PIN_BUDGET_FLAG: FlagSpec = { name: 'pin-budget', kind: 'string', value: 'N' };

export function cliPiEnvironment(env: NodeJS.ProcessEnv = process.env): PiEnvironment {
  return piEnvironment(env, os.homedir());
}

/** The budgets in effect: the flags, else pi's settings for the current folder, else the defaults. */
export async function cliCompactionSettings(args: ParsedArgs, io: CliIo, pi: PiEnvironment, cwd = process.cwd()): Promise<EffectiveCompactionSettings> {
  const keepRecentTokens = integerFlag(args, 'keep-recent');
  const reserveTokens = integerFlag(args, 'reserve');
  const settings = await readPiSettings({ cwd, agentDir: pi.agentDir, trusted: true });
  const effective = resolveCompactionSettings(settings, { keepRecentTokens, reserveTokens });
  await warn(io, [...settings.warnings, ...effective.warnings]);
  return effective;
}

/** The prompt `run` sends: Arbor's, with the context files of the folder the tools work in. */
export function cliProjectPrompt(cwd: string, pi: PiEnvironment, contextFiles: boolean): ProjectPrompt {
  return new ProjectPrompt({ cwd, agentDir: pi.agentDir, trusted: true, contextFiles });
}

export async function warn(io: CliIo, warnings: readonly string[]): Promise<void> {
  for (const warning of warnings) await io.err(`warning: ${warning.replace(/\s*\n\s*/g, ' ')}\n`);
}
