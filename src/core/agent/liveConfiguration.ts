/**
 * What an agent works with that may change while it lives: the provider (and with it the key and
 * the endpoint), the model and thinking level, the output limit, the compaction settings and the
 * model that writes summaries, the system prompt (or its source), the tools and the estimator with
 * its calibration. The turns and the compaction read it live. A new configuration waits
 * (`request`) until the agent applies it between runs (`applyPending`), so a run never changes
 * model or tools halfway. The calibration is not learned but derived from the file: the latest
 * replies on the path to the position (`pathCalibration.ts`), so a reading depends on the file and
 * the settings only.
 */
import { DEFAULT_COMPACTION_SETTINGS, type CompactionModel, type CompactionSettings } from '../compaction';
import type { LlmProvider, ModelInfo, ThinkingLevel } from '../llm/provider';
import { contextStatus, piEstimator, PositionCalibrations, type ContextEstimate, type ContextMeasureOptions, type ContextMessages, type ContextStatus, type EntryLookup, type TokenEstimator, type UsageTrust } from '../tokens';
import type { AgentConfiguration, AgentSessionOptions, AgentSettings } from './options';
import { composeSystemPrompt, NO_PROMPT_PARTS, type ComposedPrompt, type PromptSection, type SystemPromptInput, type SystemPromptSource } from './systemPrompt';
import type { SessionEntry } from '../session';
import { silentLogger } from '../util/logger';
import { ExtraTools } from './extraTools';
import type { ApprovalGate } from './tools/approval';
import type { Tool } from './tools/tool';

export class LiveConfiguration {
  provider: LlmProvider;
  tools: readonly Tool[];
  estimator: TokenEstimator;
  /** The calibration at each position for the estimator (`calibrate`); none: raw estimates. */
  private calibrations: PositionCalibrations | undefined;
  private readonly calibrate: boolean;
  root: string;
  model!: string;
  thinking!: ThinkingLevel;
  maxTokens: number | undefined;
  branchSummaryReserveTokens: number | undefined;
  /** `arbor.compaction.instructions`: added to every compaction's instructions. */
  compactionInstructions: string | undefined;
  /** `arbor.compaction.pinBudget`: over it, a compaction warns (every pin is still carried). */
  pinBudget: number | undefined;
  compaction!: CompactionSettings;
  /** The model that writes summaries; undefined: the chat's model. */
  summaryModelId: string | undefined;
  /** A fixed prompt, or a source asked before every request; undefined: Arbor's prompt without project files. */
  systemPromptSource: string | SystemPromptSource | undefined;
  private pending: AgentConfiguration | undefined;
  /** The tools of the options' `toolSource` beside the built-ins (the source lives as long as the agent). */
  private readonly extra: ExtraTools;

  constructor(
    options: AgentSessionOptions,
    private readonly gate: ApprovalGate,
    /** The session's entries by id, for the calibration's walk from the position up the path. */
    private readonly entryOf: EntryLookup,
    /** The position the context is measured at. */
    private readonly position: () => string | null,
  ) {
    this.provider = options.provider;
    this.tools = gate.wrap(options.tools ?? []);
    this.estimator = options.estimator ?? piEstimator;
    this.calibrate = options.calibrate === true;
    this.calibrations = this.calibrationsFor(this.estimator);
    this.root = options.root;
    this.systemPromptSource = options.systemPrompt;
    this.extra = new ExtraTools(options.toolSource, gate, options.logger ?? silentLogger);
    this.takeSettings(options.settings);
  }

  /** The tools the next request on `branch` declares: the built-ins offered, then the tool source's. */
  declaredTools(branch: readonly SessionEntry[], compacted?: boolean): readonly Tool[] {
    return this.extra.declared(this.tools, branch, compacted);
  }

  /** The tool a call names: a built-in, else the tool source's (gated); undefined: not found. */
  toolNamed(name: string): Tool | undefined {
    return this.extra.named(this.tools, name);
  }

  /** Whether a call to `name` would find a tool now. */
  providesTool(name: string): boolean {
    return this.extra.provides(this.tools, name);
  }

  /** The tool source's sections of the next request's system prompt (the MCP servers `tool_search` loads from). */
  toolPromptSections(): PromptSection[] {
    const section = this.extra.promptSection();
    return section?.text ? [section] : [];
  }

  /** Waits (bounded by the source) until the tool source is ready for a prompt's first request; Stop ends it. */
  toolsReady(signal: AbortSignal): Promise<void> {
    return this.extra.ready(signal);
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
      // A calibration belongs to its estimator: the new one is derived again from the file.
      this.estimator = next.estimator;
      this.calibrations = this.calibrationsFor(next.estimator);
    }
    return true;
  }

  private calibrationsFor(estimator: TokenEstimator): PositionCalibrations | undefined {
    return this.calibrate ? new PositionCalibrations(this.entryOf, estimator) : undefined;
  }

  private takeSettings(settings: AgentSettings): void {
    this.model = settings.model;
    this.thinking = settings.thinkingLevel ?? 'off';
    this.maxTokens = settings.maxTokens;
    this.branchSummaryReserveTokens = settings.branchSummaryReserveTokens;
    this.compactionInstructions = settings.compactionInstructions?.trim() || undefined;
    this.pinBudget = settings.pinBudget;
    this.compaction = { ...DEFAULT_COMPACTION_SETTINGS, ...settings.compaction };
    this.summaryModelId = settings.compactionModel || undefined;
  }

  /** The system prompt for the next request and its parts (a source re-checks the project's files now). */
  async systemPrompt(input: SystemPromptInput): Promise<ComposedPrompt> {
    const given = this.systemPromptSource;
    if (typeof given === 'string') return { text: given, parts: NO_PROMPT_PARTS };
    return given ? given.compose(input) : { text: composeSystemPrompt(input, NO_PROMPT_PARTS), parts: NO_PROMPT_PARTS };
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

  /** How a context is counted now: the estimator, the calibration at the position, the model the next request goes to. */
  measure(): ContextMeasureOptions {
    const calibration = this.calibrations?.at(this.position());
    return { estimator: this.estimator, ...(calibration ? { calibration } : {}), modelKey: `${this.provider.provider}/${this.model}` };
  }

  /** The size of a context as the meter shows it and the trigger reads it; `trust`: which of its usages may be counted (default: any). */
  status(messages: ContextMessages, trust?: UsageTrust, whole?: (estimator: TokenEstimator) => ContextEstimate): ContextStatus {
    return contextStatus(messages, {
      ...this.measure(),
      ...(trust ? { trust } : {}),
      ...(whole ? { whole: whole(this.estimator) } : {}),
      contextWindow: this.modelInfo()?.contextWindow,
      settings: this.compaction,
    });
  }
}
