/**
 * What an agent works with that may change while it lives: the provider (and with it the key and
 * the endpoint), the model and thinking level, the output limit, the compaction settings and the
 * model that writes summaries, the system prompt (or its source), the tools and the estimator with
 * its calibration. The turns and the compaction read it live. A new configuration waits
 * (`request`) until the agent applies it between runs (`applyPending`), so a run never changes
 * model or tools halfway; what the agent learned is kept across it.
 */
import { DEFAULT_COMPACTION_SETTINGS, type CompactionModel, type CompactionSettings } from '../compaction';
import type { LlmProvider, ModelInfo, ThinkingLevel } from '../llm/provider';
import type { AgentMessage } from '../session';
import { contextStatus, learnedCalibration, piEstimator, type ContextStatus, type TokenCalibration, type TokenEstimator } from '../tokens';
import type { AgentConfiguration, AgentSessionOptions, AgentSettings } from './options';
import { composeSystemPrompt, NO_PROMPT_PARTS, type SystemPromptInput, type SystemPromptSource } from './systemPrompt';
import type { ApprovalGate } from './tools/approval';
import type { Tool } from './tools/tool';

export class LiveConfiguration {
  provider: LlmProvider;
  tools: readonly Tool[];
  estimator: TokenEstimator;
  calibration: TokenCalibration | undefined;
  root: string;
  model!: string;
  thinking!: ThinkingLevel;
  maxTokens: number | undefined;
  branchSummaryReserveTokens: number | undefined;
  compaction!: CompactionSettings;
  /** The model that writes summaries; undefined: the chat's model. */
  summaryModelId: string | undefined;
  /** A fixed prompt, or a source asked before every request; undefined: Arbor's prompt without project files. */
  systemPromptSource: string | SystemPromptSource | undefined;
  private pending: AgentConfiguration | undefined;

  constructor(
    options: AgentSessionOptions,
    private readonly gate: ApprovalGate,
    /** The messages of the branch, for a calibration to learn from when the estimator changes. */
    private readonly branch: () => readonly AgentMessage[],
  ) {
    this.provider = options.provider;
    this.tools = gate.wrap(options.tools ?? []);
    this.estimator = options.estimator ?? piEstimator;
    this.calibration = options.calibration;
    this.root = options.root;
    this.systemPromptSource = options.systemPrompt;
    this.takeSettings(options.settings);
  }

  /** Keeps `next` until `applyPending` (the newest wins). */
  request(next: AgentConfiguration): void {
    this.pending = next;
  }

  /** Applies the configuration waiting, if any; says whether there was one. */
  applyPending(): boolean {
    const next = this.pending;
    if (!next) return false;
    this.pending = undefined;
    this.provider = next.provider;
    this.takeSettings(next.settings);
    this.gate.allowBeforehand(next.allowedTools);
    this.tools = this.gate.wrap(next.tools);
    this.root = next.root;
    this.systemPromptSource = next.systemPrompt;
    if (next.estimator !== this.estimator) {
      // A calibration belongs to its estimator: the new one learns from the replies on the branch.
      this.estimator = next.estimator;
      if (this.calibration) this.calibration = learnedCalibration(this.branch(), next.estimator);
    }
    return true;
  }

  private takeSettings(settings: AgentSettings): void {
    this.model = settings.model;
    this.thinking = settings.thinkingLevel ?? 'off';
    this.maxTokens = settings.maxTokens;
    this.branchSummaryReserveTokens = settings.branchSummaryReserveTokens;
    this.compaction = { ...DEFAULT_COMPACTION_SETTINGS, ...settings.compaction };
    this.summaryModelId = settings.compactionModel || undefined;
  }

  /** The system prompt for the next request (a source re-checks the project's files now). */
  async systemPrompt(input: SystemPromptInput): Promise<string> {
    const given = this.systemPromptSource;
    if (typeof given === 'string') return given;
    return given ? given.systemPrompt(input) : composeSystemPrompt(input, NO_PROMPT_PARTS);
  }

  /** What the provider knows of the model (undefined for one it does not know). */
  modelInfo(modelId = this.model): ModelInfo | undefined {
    try {
      return this.provider.modelInfo(modelId);
    } catch {
      return undefined;
    }
  }

  /** The model that writes compactions and branch summaries. */
  summaryModel(): string {
    return this.summaryModelId ?? this.model;
  }

  /** The model the next request goes to, as compaction sees it. */
  compactionModel(): CompactionModel {
    return { provider: this.provider.provider, id: this.model, contextWindow: this.modelInfo()?.contextWindow };
  }

  /** The size of a context as the meter shows it and the trigger reads it. */
  status(messages: readonly AgentMessage[]): ContextStatus {
    const { estimator, calibration } = this;
    return contextStatus(messages, {
      estimator,
      ...(calibration ? { calibration } : {}),
      modelKey: `${this.provider.provider}/${this.model}`,
      contextWindow: this.modelInfo()?.contextWindow,
      settings: this.compaction,
    });
  }
}
