/**
 * What `compact` and `run` take from pi, as the extension does: pi's agent folder from the
 * environment, pi's merged settings for the current folder and the session's model (when no
 * `--keep-recent` / `--reserve` flag is given), and the project's context files for the system prompt, under the extension's
 * rules (core/context/contextAccess.ts). A file pi's settings or context could not use, or that
 * was not read, is reported on stderr as a warning; the command goes on with the rest. No one is
 * there to be asked about a context file that leads outside its folder: it is skipped unless
 * `--allow-context PATH` names where it leads (a folder or the file itself).
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { ProjectPrompt, piEnvironment, readPiSettings, resolveCompactionSettings, type EffectiveCompactionSettings, type PiEnvironment, type ProjectContextSnapshot } from '../core/context';
import { expandHome } from '../core/session';
import { integerFlag, stringFlag, type ParsedArgs } from './args';
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

/**
 * The budgets in effect: the flags, else pi's settings for the current folder (with their overrides
 * for `modelKey`, pi's `<provider>/<model id>` of the model the session runs on), else the defaults.
 */
export async function cliCompactionSettings(args: ParsedArgs, io: CliIo, pi: PiEnvironment, modelKey: string, cwd = process.cwd()): Promise<EffectiveCompactionSettings> {
  const keepRecentTokens = integerFlag(args, 'keep-recent');
  const reserveTokens = integerFlag(args, 'reserve');
  const settings = await readPiSettings({ cwd, agentDir: pi.agentDir, trusted: true });
  const effective = resolveCompactionSettings(settings, { keepRecentTokens, reserveTokens }, modelKey);
  await warn(io, [...settings.warnings, ...effective.warnings]);
  return effective;
}

/** `--allow-context PATH`: a folder (or file) the project's context files may lead into, as `arbor.context.allowedFolders` in the extension. */
export const ALLOW_CONTEXT_FLAG: FlagSpec = { name: 'allow-context', kind: 'string', value: 'PATH' };

/** The prompt `run` sends: Arbor's, with the context files of the folder the tools work in. */
export function cliProjectPrompt(cwd: string, pi: PiEnvironment, args: ParsedArgs): ProjectPrompt {
  const home = os.homedir();
  const allowed = stringFlag(args, ALLOW_CONTEXT_FLAG.name);
  return new ProjectPrompt({
    cwd,
    agentDir: pi.agentDir,
    trusted: true,
    contextFiles: !args.flags.has('no-context-files'),
    home,
    owner: process.getuid?.(),
    allowedFolders: allowed === undefined ? [] : [path.resolve(expandHome(allowed, home))],
  });
}

/** The context files that were not read, on stderr; one that leads outside with the flag that would read it. */
export async function warnSkippedContext(io: CliIo, snapshot: ProjectContextSnapshot | undefined): Promise<void> {
  const skipped = snapshot?.skipped ?? [];
  await warn(io, skipped.map((file) => (file.reason === 'outside' && file.target !== undefined ? `${file.warning} --${ALLOW_CONTEXT_FLAG.name} ${file.target} reads it.` : file.warning)));
}

export async function warn(io: CliIo, warnings: readonly string[]): Promise<void> {
  for (const warning of warnings) await io.err(`warning: ${warning.replace(/\s*\n\s*/g, ' ')}\n`);
}
