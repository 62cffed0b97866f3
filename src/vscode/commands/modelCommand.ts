// Select Model: a quick pick of the models Arbor knows, plus "Other…" for any id. Writes
// `arbor.model` and records the change on the open session's branch.
import * as vscode from 'vscode';
import { MODEL_FAMILIES, type ModelFamily } from '../../core/llm/anthropic/models';
import { plainText } from '../../core/util/plainText';
import { readConfig } from '../config';
import { showFailure } from './notify';
import { ownString } from './ownArgument';
import type { CommandDeps } from './deps';
import { COMMAND } from '../../shared/commands';
import type { SomeCommands } from './table';

const OTHER = 'Other…';

export function modelCommand(deps: CommandDeps) {
  // A model id given by Arbor's own callers (sealed: automation, tests) skips the quick pick.
  return { selectModel: (arg?: unknown) => selectModel(deps, ownString(deps.log, COMMAND.selectModel, arg)) } satisfies SomeCommands;
}

async function selectModel(deps: CommandDeps, given: string | undefined): Promise<string | undefined> {
  const model = given !== undefined && given.trim() !== '' ? given.trim() : await pickModel(readConfig().model);
  if (!model) return undefined;
  await vscode.workspace.getConfiguration('arbor').update('model', model, configTarget());
  try {
    await deps.host.setModel(model);
  } catch (error) {
    showFailure(deps.log, 'Recording the model change', error);
  }
  deps.log.info(`Model set to ${model}`);
  return model;
}

async function pickModel(current: string): Promise<string | undefined> {
  const items: vscode.QuickPickItem[] = MODEL_FAMILIES.map((family) => ({
    label: family.prefix,
    description: family.prefix === current ? 'current' : undefined,
    detail: `${thousands(family.contextWindow)} context · ${thousands(family.maxOutputTokens)} output · $${family.prices[0]} / $${family.prices[1]} per million tokens in / out${tierWords(family)}`,
  }));
  items.push({ label: OTHER, detail: 'Type any model id (a dated id, or a model served by your arbor.baseUrl)' });
  // The current model may come from a workspace's settings: shown as text.
  const picked = await vscode.window.showQuickPick(items, { title: 'Select Model', placeHolder: `Current: ${plainText(current)}`, matchOnDetail: true });
  if (!picked) return undefined;
  if (picked.label !== OTHER) return picked.label;
  const typed = await vscode.window.showInputBox({ title: 'Model id', value: current, validateInput: (value) => (value.trim() === '' ? 'Type a model id.' : undefined) });
  return typed?.trim() || undefined;
}

/**
 * Where the setting is written: the workspace when it already sets a model there (and is trusted:
 * an untrusted one's model is not read), else the user settings.
 */
function configTarget(): vscode.ConfigurationTarget {
  if (!vscode.workspace.isTrusted) return vscode.ConfigurationTarget.Global;
  const inspected = vscode.workspace.getConfiguration('arbor').inspect<string>('model');
  if (inspected?.workspaceFolderValue !== undefined) return vscode.ConfigurationTarget.WorkspaceFolder;
  if (inspected?.workspaceValue !== undefined) return vscode.ConfigurationTarget.Workspace;
  return vscode.ConfigurationTarget.Global;
}

/** " ($0.5 / $2.5 above 100k input)" for a model priced higher above an input size. */
function tierWords(family: ModelFamily): string {
  return (family.tiers ?? []).map((tier) => ` ($${tier.input} / $${tier.output} above ${thousands(tier.inputTokensAbove)} input)`).join('');
}

function thousands(tokens: number): string {
  return tokens >= 1_000_000 ? `${tokens / 1_000_000}M` : `${Math.round(tokens / 1000)}k`;
}
