// The one place Arbor's commands are registered. Each feature hands over its handlers by name
// (`xxxCommands(…)`, built with `satisfies SomeCommands`, so a name not in the table is an error),
// the composition merges them, and a command of the table without a handler is a type error here.
import * as vscode from 'vscode';
import { COMMAND, type CommandName } from '../../shared/commands';

/** A command's handler: VS Code hands it whatever the caller passed, so each parameter is checked by the handler. */
export type CommandHandler = (...args: never[]) => unknown;
export type CommandHandlers = Record<CommandName, CommandHandler>;
/** One feature's share of the table. */
export type SomeCommands = Partial<CommandHandlers>;

export function registerCommandTable(handlers: CommandHandlers): vscode.Disposable[] {
  return (Object.keys(COMMAND) as CommandName[]).map((name) => vscode.commands.registerCommand(COMMAND[name], handlers[name] as (...args: unknown[]) => unknown));
}
