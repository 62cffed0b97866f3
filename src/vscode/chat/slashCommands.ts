// Runs a `/` command typed in the chat (core/chat/slashCommands.ts) through the palette command
// of the same job, so both behave alike. The argument is sealed: it skips the question the command
// would ask (the focus, the label, the format), as only Arbor's own callers may.
import * as vscode from 'vscode';
import { EXPORT_FORMATS } from '../../core/export';
import { seal } from '../../core/util/sealedArgument';
import { COMMAND } from '../../shared/commands';
import type { Logger } from '../../core/util/logger';

/** The command id and its argument for a `/` command; `argument` is '' when none was typed. */
function paletteCall(name: string, argument: string): { command: string; arg?: unknown } | undefined {
  const given = argument === '' ? {} : { arg: seal(argument) };
  switch (name) {
    // pi's /compact compacts at once: no text is no focus, not a question.
    case 'compact':
      return { command: COMMAND.compactSession, arg: seal(argument) };
    case 'tree':
      return { command: COMMAND.treeRevealCurrent };
    case 'fork':
      return { command: COMMAND.forkSession };
    case 'new':
      return { command: COMMAND.newSession };
    case 'label':
      return { command: COMMAND.setLabel, ...given };
    case 'export':
      return { command: COMMAND.exportSession, ...((EXPORT_FORMATS as readonly string[]).includes(argument) ? { arg: seal({ format: argument }) } : {}) };
    case 'model':
      return { command: COMMAND.selectModel, ...given };
    case 'name':
      return { command: COMMAND.renameSession, ...given };
    case 'undo-compaction':
      return { command: COMMAND.undoCompaction };
    case 'context':
      return { command: COMMAND.showContext };
    default:
      return undefined;
  }
}

export async function runSlashCommand(name: string, argument: string, log: Logger): Promise<void> {
  const call = paletteCall(name, argument);
  if (!call) return;
  log.debug(`Chat: /${name}`);
  await vscode.commands.executeCommand(call.command, ...('arg' in call ? [call.arg] : []));
}
