// The commands built on CommandDeps (most of Arbor's): their handlers for the command table
// (./table.ts registers the table once) and what they need registered beside them.
import type * as vscode from 'vscode';
import { agentCommands } from './agentCommands';
import { checkpointCommands } from '../checkpoints/checkpointCommands';
import type { WorkspaceCheckpoints } from '../checkpoints/workspaceCheckpoints';
import { compactionCommands } from './compactionCommands';
import { contextEditCommands } from '../contextEdits/contextEditCommands';
import { CompactionPreviews } from './compactionPreview';
import { trackContextKeys } from './contextKeys';
import type { CommandDeps } from './deps';
import { exportCommand } from './exportCommand';
import { entryCommands } from './entryCommands';
import { keyCommands } from './keyCommands';
import { modelCommand } from './modelCommand';
import { navigationCommands } from './navigationCommands';
import { problemsCommand } from './problemsCommand';
import { sessionCommands } from './sessionCommands';
import { showContextCommand } from './showContextCommand';

export type { CommandDeps } from './deps';

export function editorCommands(given: CommandDeps & { checkpoints: WorkspaceCheckpoints }) {
  const previews = new CompactionPreviews(given.host, given.log);
  const deps = { ...given, previews };
  const parts = [problemsCommand(deps), showContextCommand(deps), entryCommands(deps), checkpointCommands(deps, deps.checkpoints), contextEditCommands(deps)] as const;
  const [problems, context, entries, checkpoints, contextEdits] = parts;
  const commands = {
    ...sessionCommands(deps),
    ...problems.commands,
    ...context.commands,
    ...compactionCommands(deps),
    ...keyCommands(deps),
    ...modelCommand(deps),
    ...agentCommands(deps),
    ...navigationCommands(deps),
    ...entries.commands,
    ...exportCommand(deps),
    ...checkpoints.commands,
    ...contextEdits.commands,
  };
  const disposables: vscode.Disposable[] = [previews, ...parts.flatMap((part) => part.disposables), ...trackContextKeys(deps)];
  return { commands, disposables };
}
