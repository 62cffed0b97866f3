/**
 * `arbor compact <file> [--at ID] [--instructions TEXT] [--keep-recent N] [--reserve N]
 * [--pin-budget N] [--model ID]`: one manual compaction of the path to the leaf (default: the position a reopen
 * gives), appended to the file, as `/compact` does. The budgets not given as flags come from pi's
 * settings for the current folder (with pi's overrides for the model the session runs on), else
 * pi's defaults. `--model` writes the summary (its window
 * bounds each summary request). Needs `ANTHROPIC_API_KEY`.
 */
import { CompactionError, compactSession, NOTHING_TO_COMPACT_TEXT, providerSummarizer, type CompactSessionOutcome } from '../../core/compaction';
import { compactionSettingsOf, piModelKey } from '../../core/context';
import type { LlmProvider } from '../../core/llm';
import { openSessionFile, positionOnOpen, type Session, type Usage } from '../../core/session';
import { LEAF_FLAG, type Command } from '../command';
import { InputError } from '../io';
import { loadForCli } from '../load';
import { integerFlag, stringFlag } from '../args';
import { BUDGET_FLAGS, cliCompactionSettings, cliPiEnvironment, PIN_BUDGET_FLAG } from '../piProject';
import { cliModel, LLM_FLAGS } from './llmFlags';

export interface CompactReport {
  compactionId: string;
  tokensBefore: number;
  /** Estimated context right after the compaction (summary + kept tail). */
  tokensAfter: number;
  firstKeptEntryId: string;
  /** What the summary requests cost (the entry's `usage`). */
  usage: Usage;
}

export const compactCommand: Command = {
  name: 'compact',
  usage: '[--at ID] [--instructions TEXT] [--keep-recent N] [--reserve N] [--pin-budget N] [--model ID] [--base-url URL]',
  summary: 'summarize the older part of the path into a compaction entry (calls the model)',
  flags: [LEAF_FLAG, { name: 'instructions', kind: 'string', value: 'TEXT' }, ...BUDGET_FLAGS, PIN_BUDGET_FLAG, ...LLM_FLAGS],
  async run({ file, args, io }) {
    const { provider, model } = cliModel(args, io);
    await loadForCli(file); // one-line errors for missing or foreign files
    const { session } = await openSessionFile(file, { createIfMissing: false, clock: () => io.now(), stopPoints: io.stopPoints });
    const leaf = stringFlag(args, 'at');
    if (leaf !== undefined) {
      if (!session.tree.has(leaf)) throw new InputError(`${file}: --at ${leaf}: no entry with that id`);
      if (leaf !== positionOnOpen(session.tree)) await session.branch(leaf);
    }
    // pi's overrides for the model the session runs on there (pi compacts with the session's model), else for --model.
    const current = session.buildContext().model;
    const effective = await cliCompactionSettings(args, io, cliPiEnvironment(), current ? piModelKey(current.provider, current.modelId) : piModelKey(provider.provider, model));
    // Manual compaction runs whether or not automatic compaction is on.
    const settings = { ...compactionSettingsOf(effective), enabled: true };
    const info = provider.modelInfo(model);
    let outcome: CompactSessionOutcome;
    try {
      outcome = await compactSession(session, {
        settings,
        summarizer: providerSummarizer(provider, { model }),
        customInstructions: stringFlag(args, 'instructions'),
        pinBudget: integerFlag(args, 'pin-budget'),
        contextWindow: chatWindow(session, provider) ?? info.contextWindow,
        summarizerContextWindow: info.contextWindow,
        maxOutputTokens: info.maxOutputTokens,
        now: () => io.now().getTime(),
        stopPoints: io.stopPoints,
      });
    } catch (error) {
      // The model failed (auth, overload after retries…): one line, nothing written.
      if (error instanceof CompactionError) throw new InputError(`${file}: ${error.message}`);
      throw error;
    }
    await session.sync();
    if (outcome.kind !== 'compacted') throw new InputError(`${file}: ${NOTHING_TO_COMPACT_TEXT[outcome.reason]}`);
    if (outcome.pinWarning !== undefined) await io.err(`arbor compact: ${outcome.pinWarning}\n`);
    const { result } = outcome;
    const report: CompactReport = {
      compactionId: outcome.entryId,
      tokensBefore: result.tokensBefore,
      tokensAfter: result.arbor.tokensAfter,
      firstKeptEntryId: result.firstKeptEntryId,
      usage: result.usage,
    };
    return {
      json: () => report,
      text: () => `compacted: ${report.compactionId}, ${report.tokensBefore} → about ${report.tokensAfter} tokens (estimated), first kept entry ${report.firstKeptEntryId}\n`,
    };
  },
};

/**
 * The window of the session's own model (what the compacted context must fit in), when this
 * provider knows it; `--model` may name another, the one that writes the summary.
 */
function chatWindow(session: Session, provider: LlmProvider): number | undefined {
  const current = session.buildContext().model;
  if (!current || current.provider !== provider.provider) return undefined;
  const info = provider.modelInfo(current.modelId);
  return info.known === false ? undefined : info.contextWindow;
}
