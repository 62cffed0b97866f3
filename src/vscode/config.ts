// Arbor's settings (`arbor.*`), read into one typed value. Read fresh for each request, so a
// change applies to the next one without a reload; `onDidChange` tells the views.
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { CompactionSettings } from '../core/compaction';
import type { ArborCompactionValues } from '../core/context';
import type { ModelOverrides, ThinkingLevel } from '../core/llm';
import { expandHome } from '../core/session';

export const DEFAULT_MODEL = 'claude-sonnet-4-6';
export const THINKING_LEVELS: readonly ThinkingLevel[] = ['off', 'minimal', 'low', 'medium', 'high', 'xhigh'];
/** The tools that ask before they run; `arbor.tools.autoApprove` may list them. */
export const APPROVABLE_TOOLS = ['bash', 'write', 'edit'] as const;
export type TokenEstimatorChoice = 'tokenizer' | 'chars4';
export type BranchSummaryChoice = 'ask' | 'always' | 'never';

export interface ArborConfig {
  model: string;
  /** `arbor.baseUrl`, else ANTHROPIC_BASE_URL, else undefined (the SDK's default). */
  baseUrl: string | undefined;
  /** Undefined: the model's own output limit. */
  maxOutputTokens: number | undefined;
  thinking: ThinkingLevel;
  /** The settings' values, defaults filled in. */
  compaction: CompactionSettings;
  /** Only the compaction settings the user set (they win over pi's settings files). */
  compactionExplicit: ArborCompactionValues;
  /** `arbor.compaction.model`: the model for summaries ('' : the chat's model). */
  compactionModel: string;
  /** `arbor.contextFiles`: load AGENTS.md / CLAUDE.md into the system prompt. */
  contextFiles: boolean;
  /** Absolute (with `~` expanded), or undefined when not set. */
  sessionsDirectory: string | undefined;
  /** bash / write / edit that run without asking. */
  autoApprove: string[];
  tokenEstimator: TokenEstimatorChoice;
  branchSummary: BranchSummaryChoice;
  modelOverrides: ModelOverrides;
}

/** Reads the settings; a value of the wrong type or range falls back to its default. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ArborConfig {
  const c = vscode.workspace.getConfiguration('arbor');
  const baseUrl = c.get<string>('baseUrl', '').trim() || env.ANTHROPIC_BASE_URL?.trim() || undefined;
  const dir = c.get<string>('sessionsDirectory', '').trim();
  return {
    model: c.get<string>('model', DEFAULT_MODEL).trim() || DEFAULT_MODEL,
    baseUrl,
    maxOutputTokens: positiveInt(c.get<number>('maxOutputTokens', 0)),
    thinking: oneOf(c.get<string>('thinking', 'off'), THINKING_LEVELS, 'off'),
    compaction: {
      enabled: c.get<boolean>('compaction.enabled', true) !== false,
      reserveTokens: positiveInt(c.get<number>('compaction.reserveTokens', 16384)) ?? 16384,
      keepRecentTokens: Math.max(1000, positiveInt(c.get<number>('compaction.keepRecentTokens', 20000)) ?? 20000),
    },
    compactionExplicit: explicitCompaction(c),
    compactionModel: c.get<string>('compaction.model', '').trim(),
    contextFiles: c.get<boolean>('contextFiles', true) !== false,
    sessionsDirectory: dir === '' ? undefined : expandHome(dir, os.homedir()),
    autoApprove: stringList(c.get<unknown>('tools.autoApprove', [])).filter((name) => (APPROVABLE_TOOLS as readonly string[]).includes(name)),
    tokenEstimator: oneOf(c.get<string>('tokenEstimator', 'tokenizer'), ['tokenizer', 'chars4'] as const, 'tokenizer'),
    branchSummary: oneOf(c.get<string>('branchSummary', 'ask'), ['ask', 'always', 'never'] as const, 'ask'),
    modelOverrides: overrides(c.get<unknown>('modelOverrides', {})),
  };
}

/** Fires when any `arbor.*` setting changed. */
export function onDidChangeConfig(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('arbor')) listener();
  });
}

/** A value set in user, workspace or folder settings; a default does not count. */
function explicitValue(c: vscode.WorkspaceConfiguration, key: string): unknown {
  const inspected = c.inspect(key);
  return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
}

function explicitCompaction(c: vscode.WorkspaceConfiguration): ArborCompactionValues {
  const enabled = explicitValue(c, 'compaction.enabled');
  const keepRecent = positiveInt(explicitValue(c, 'compaction.keepRecentTokens'));
  return {
    enabled: typeof enabled === 'boolean' ? enabled : undefined,
    reserveTokens: positiveInt(explicitValue(c, 'compaction.reserveTokens')),
    keepRecentTokens: keepRecent === undefined ? undefined : Math.max(1000, keepRecent),
  };
}

function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
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
