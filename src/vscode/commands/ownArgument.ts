// Arguments that skip a question Arbor would ask the user (a key to store; a file to write, open,
// rename or delete; a session name, a label, focus instructions, a model) are taken only from
// Arbor's own callers, sealed (core/util/sealedArgument.ts). A `command:` link can pass only JSON:
// its argument is ignored (logged, never its content: it may be a key) and the command asks as if
// it had been given none. Entry ids are not sealed: they pick what a command acts on and skip no
// question; a Sessions view row is checked against the rows the view handed out.
import { isSealed, unseal } from '../../core/util/sealedArgument';
import type { Logger } from '../../core/util/logger';

/** The sealed value of `arg`, or undefined (logged) when it came from anywhere else. */
export function ownArgument(log: Logger, command: string, arg: unknown): unknown {
  if (arg === undefined) return undefined;
  if (isSealed(arg)) return unseal(arg);
  log.warn(`${command}: ignored an argument that did not come from Arbor (a command link passes only JSON); asking instead`);
  return undefined;
}

/** `ownArgument` when it is a string; undefined otherwise. */
export function ownString(log: Logger, command: string, arg: unknown): string | undefined {
  const value = ownArgument(log, command, arg);
  return typeof value === 'string' ? value : undefined;
}
