// Set Anthropic API Key (a password box → SecretStorage) and Clear API Key. The key is never logged.
import * as vscode from 'vscode';
import type { CommandDeps } from './deps';
import { ownString } from './ownArgument';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';

export function keyCommands(deps: CommandDeps) {
  return {
    // A key passed by Arbor's own callers (automation, tests: sealed) is stored without asking.
    setApiKey: (arg?: unknown) => setApiKey(deps, ownString(deps.log, COMMAND.setApiKey, arg)),
    clearApiKey: () => clearApiKey(deps),
  } satisfies SomeCommands;
}

async function setApiKey(deps: CommandDeps, given?: string): Promise<boolean> {
  const key = given !== undefined && given.trim() !== '' ? given : await vscode.window.showInputBox({
    title: 'Set Anthropic API Key',
    prompt: 'Your Anthropic API key. It is kept in VS Code\'s secret storage (the system keychain), never in settings or session files.',
    placeHolder: 'sk-ant-…',
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Paste a key, or press Escape to cancel.' : /\s/.test(value.trim()) ? 'A key has no spaces in it.' : undefined),
  });
  if (key === undefined) return false;
  await deps.keys.set(key);
  deps.log.info('An Anthropic API key was stored in secret storage');
  if (given === undefined) void vscode.window.showInformationMessage('Arbor: the Anthropic API key is stored.');
  return true;
}

async function clearApiKey(deps: CommandDeps): Promise<void> {
  await deps.keys.clear();
  deps.log.info('The stored Anthropic API key was removed');
  const env = deps.keys.hasKey ? ' ANTHROPIC_API_KEY from the environment is still used.' : '';
  void vscode.window.showInformationMessage(`Arbor: the stored API key was removed.${env}`);
}
