// Arbor's settings (`arbor.*`), read into one typed value. Read fresh for each request, so a
// change applies to the next one without a reload; `onDidChange` tells the views. What a workspace
// may not set (core/util/settingSources.ts) is read from the user's settings only, whatever the
// manifest declares: the endpoint, the sessions folder, the approvals and the folders context files
// may lead into always, the settings that spend money while the workspace is untrusted.
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { settingRules } from '../core/agent/tools/approvalPatterns';
import { rulesForFolder, withFolderRule } from '../core/agent/tools/folderRules';
import type { CompactionSettings } from '../core/compaction';
import type { ArborCompactionValues } from '../core/context';
import { THINKING_LEVELS, type ModelOverrides, type ThinkingLevel } from '../core/llm';
import { DEFAULT_PIN_BUDGET } from '../core/pins';
import { CHECKPOINT_RESTORE_SETTINGS, type CheckpointRestoreSetting } from '../core/navigation';
import { expandHome } from '../core/session';
import { explicitValue, userValue, workspaceMaySet } from '../core/util/settingSources';

export const DEFAULT_MODEL = 'claude-sonnet-4-6';
export type TokenEstimatorChoice = 'tokenizer' | 'chars4';
export type BranchSummaryChoice = 'ask' | 'always' | 'never';
const BRANCH_SUMMARY_CHOICES: readonly BranchSummaryChoice[] = ['ask', 'always', 'never'];

export interface ArborConfig {
  model: string;
  /** `arbor.baseUrl`, else ANTHROPIC_BASE_URL, else undefined (the SDK's default). */
  baseUrl: string | undefined;
  /** Undefined: the model's own output limit. */
  maxOutputTokens: number | undefined;
  thinking: ThinkingLevel;
  /** The settings' values, defaults filled in. */
  compaction: CompactionSettings;
  /** Only the compaction and branch-summary settings the user set (they win over pi's settings files). */
  compactionExplicit: ArborCompactionValues;
  /** `arbor.compaction.model`: the model for summaries ('' : the chat's model). */
  compactionModel: string;
  /** `arbor.compaction.instructions`: standing instructions for every compaction (the user's settings only). */
  compactionInstructions: string;
  /** `arbor.compaction.preview`: whether a manual compaction's summary is shown to the user before it is written. */
  compactionPreview: CompactionPreviewSetting;
  /** `arbor.compaction.pinBudget` (tokens): over it, pinning and compacting warn. */
  pinBudget: number;
  /** `arbor.contextFiles`: load AGENTS.md / CLAUDE.md into the system prompt. */
  contextFiles: boolean;
  /** `arbor.context.allowedFolders` (the user's settings only): context files may lead into these; absolute, `~` expanded. */
  contextAllowedFolders: string[];
  /** Absolute (with `~` expanded), or undefined when not set. */
  sessionsDirectory: string | undefined;
  /**
   * The rules of calls that run without asking (tool names, `bash(npm test)`, `edit(src/**)`:
   * approvalPatterns.ts): `arbor.tools.autoApprove`'s, then the ones kept for the tools' folder in
   * `arbor.tools.autoApproveByFolder` (answered from cards there).
   */
  autoApprove: string[];
  tokenEstimator: TokenEstimatorChoice;
  /** `arbor.branchSummary` with its default; what applies is resolved against pi's `branchSummary.skipPrompt` (`EffectiveCompactionSettings.branchSummary`). */
  branchSummary: BranchSummaryChoice;
  /** `arbor.checkpoints.restore`: whether a move restores the workspace's files. */
  checkpointRestore: CheckpointRestoreSetting;
  modelOverrides: ModelOverrides;
  /** `arbor.chat.includeActiveEditor`: the active editor's chip above the input, mentioned with each message. */
  includeActiveEditor: boolean;
}

/** `manual`: every manual compaction is previewed before it is written; `never`: written at once. Automatic ones never wait. */
export const COMPACTION_PREVIEW_SETTINGS = ['manual', 'never'] as const;
export type CompactionPreviewSetting = (typeof COMPACTION_PREVIEW_SETTINGS)[number];

/** Reads the settings; a value of the wrong type or range falls back to its default. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ArborConfig {
  const config = vscode.workspace.getConfiguration('arbor');
  const trusted = vscode.workspace.isTrusted;
  const get = settingReader(config, trusted);
  const baseUrl = text(get('baseUrl')) || env.ANTHROPIC_BASE_URL?.trim() || undefined;
  const dir = text(get('sessionsDirectory'));
  return {
    model: text(get('model')) || DEFAULT_MODEL,
    baseUrl,
    maxOutputTokens: positiveInt(get('maxOutputTokens')),
    thinking: oneOf(get('thinking'), THINKING_LEVELS, 'off'),
    compaction: {
      enabled: get('compaction.enabled') !== false,
      reserveTokens: positiveInt(get('compaction.reserveTokens')) ?? 16384,
      keepRecentTokens: Math.max(1000, positiveInt(get('compaction.keepRecentTokens')) ?? 20000),
    },
    compactionExplicit: explicitCompaction(config, trusted),
    compactionModel: text(get('compaction.model')),
    compactionInstructions: text(get('compaction.instructions')),
    compactionPreview: oneOf(get('compaction.preview'), COMPACTION_PREVIEW_SETTINGS, 'manual'),
    pinBudget: tokenCount(get('compaction.pinBudget')) ?? DEFAULT_PIN_BUDGET,
    contextFiles: get('contextFiles') !== false,
    contextAllowedFolders: stringList(get('context.allowedFolders')).map((dir) => expandHome(dir.trim(), os.homedir())).filter((dir) => path.isAbsolute(dir)),
    sessionsDirectory: dir === '' ? undefined : expandHome(dir, os.homedir()),
    autoApprove: settingRules([...stringList(get('tools.autoApprove')), ...rulesForFolder(get('tools.autoApproveByFolder'), toolFolder()?.toString())]),
    tokenEstimator: oneOf(get('tokenEstimator'), ['tokenizer', 'chars4'] as const, 'tokenizer'),
    branchSummary: oneOf(get('branchSummary'), BRANCH_SUMMARY_CHOICES, 'ask'),
    checkpointRestore: oneOf(get('checkpoints.restore'), CHECKPOINT_RESTORE_SETTINGS, 'ask'),
    modelOverrides: overrides(get('modelOverrides')),
    includeActiveEditor: get('chat.includeActiveEditor') !== false,
  };
}

/** A setting's value as Arbor may take it: from every layer VS Code merges, or the user's and the default only. */
function settingReader(config: vscode.WorkspaceConfiguration, trusted: boolean): (key: string) => unknown {
  return (key) => (workspaceMaySet(key, trusted) ? config.get<unknown>(key) : userValue(config.inspect<unknown>(key)));
}

/** The folder the tools work in: the workspace's first (none without a folder). */
export function toolFolder(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

/**
 * Keeps a rule answered from a card for one workspace folder: in `arbor.tools.autoApproveByFolder`
 * of the user's settings, under the folder's URI. Only the user's value is read and written, so
 * nothing a workspace says is copied into it.
 */
export async function allowInFolder(rule: string, folder: vscode.Uri): Promise<void> {
  const config = vscode.workspace.getConfiguration('arbor');
  const next = withFolderRule(config.inspect<unknown>('tools.autoApproveByFolder')?.globalValue, folder.toString(), rule);
  if (next !== undefined) await config.update('tools.autoApproveByFolder', next, vscode.ConfigurationTarget.Global);
}

/** Fires when any `arbor.*` setting changed. */
export function onDidChangeConfig(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('arbor')) listener();
  });
}

/** The compaction and branch-summary settings someone set in a layer Arbor may read: they win over pi's settings files. */
function explicitCompaction(config: vscode.WorkspaceConfiguration, trusted: boolean): ArborCompactionValues {
  const set = (key: string): unknown => explicitValue(key, config.inspect<unknown>(key), trusted);
  const enabled = set('compaction.enabled');
  const keepRecent = positiveInt(set('compaction.keepRecentTokens'));
  const branchSummary = set('branchSummary');
  return {
    enabled: typeof enabled === 'boolean' ? enabled : undefined,
    reserveTokens: positiveInt(set('compaction.reserveTokens')),
    keepRecentTokens: keepRecent === undefined ? undefined : Math.max(1000, keepRecent),
    // A value that is not one of the choices counts as not set.
    branchSummary: BRANCH_SUMMARY_CHOICES.find((choice) => choice === branchSummary),
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A whole number of tokens, 0 allowed. */
function tokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function oneOf<T extends string>(value: unknown, choices: readonly T[], fallback: T): T {
  return typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function overrides(value: unknown): ModelOverrides {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const result: Record<string, { contextWindow?: number; maxOutputTokens?: number }> = {};
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { contextWindow, maxOutputTokens } = entry as Record<string, unknown>;
    result[id] = { ...(positiveInt(contextWindow) ? { contextWindow: contextWindow as number } : {}), ...(positiveInt(maxOutputTokens) ? { maxOutputTokens: maxOutputTokens as number } : {}) };
  }
  return result;
}
