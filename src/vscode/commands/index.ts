// Every `arbor.*` command; the manifest's `contributes.commands` lists exactly these.
import type * as vscode from 'vscode';
import { registerAgentCommands } from './agentCommands';
import { registerCheckpointCommands } from '../checkpoints/checkpointCommands';
import { registerCompactionCommands } from './compactionCommands';
import { trackContextKeys } from './contextKeys';
import type { CommandDeps } from './deps';
import { registerExportCommand } from './exportCommand';
import { registerEntryCommands } from './entryCommands';
import { registerKeyCommands } from './keyCommands';
import { registerModelCommand } from './modelCommand';
import { registerNavigationCommands } from './navigationCommands';
import { registerProblemsCommand } from './problemsCommand';
import { registerSessionCommands } from './sessionCommands';
import { registerShowContextCommand } from './showContextCommand';

export type { CommandDeps } from './deps';

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    ...registerSessionCommands(deps),
    ...registerProblemsCommand(deps),
    ...registerShowContextCommand(deps),
    ...registerCompactionCommands(deps),
    ...registerKeyCommands(deps),
    registerModelCommand(deps),
    ...registerAgentCommands(deps),
    ...registerNavigationCommands(deps),
    ...registerEntryCommands(deps),
    registerExportCommand(deps),
    ...trackContextKeys(deps),
    ...(deps.checkpoints ? registerCheckpointCommands(deps, deps.checkpoints) : []),
  ];
}
