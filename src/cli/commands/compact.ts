/**
 * `arbor compact <file> [--leaf ID] [--instructions TEXT] [--keep-recent N] [--reserve N]`: one
 * manual compaction of the path to the leaf (default: the position a reopen gives), appended to
 * the file, as `/compact` does. Needs `ANTHROPIC_API_KEY`.
 */
import { CompactionError, compactSession, DEFAULT_COMPACTION_SETTINGS, NOTHING_TO_COMPACT_TEXT, type CompactSessionOutcome } from '../../core/compaction';
import { providerSummarizer } from '../../core/llm';
import { openSessionFile, positionOnOpen } from '../../core/session';
import { integerFlag, stringFlag } from '../args';
import { LEAF_FLAG, type Command } from '../command';
import { InputError } from '../io';
import { loadForCli } from '../load';
import { cliModel, LLM_FLAGS } from './llmFlags';

export interface CompactReport {
  compactionId: string;
  tokensBefore: number;
  /** Estimated context right after the compaction (summary + kept tail). */
  tokensAfter: number;
  firstKeptEntryId: string;
}

export const compactCommand: Command = {
  name: 'compact',
  usage: '[--leaf ID] [--instructions TEXT] [--keep-recent N] [--reserve N] [--model ID] [--base-url URL]',
  summary: 'summarize the older part of the path into a compaction entry (calls the model)',
  flags: [LEAF_FLAG, { name: 'instructions', kind: 'string', value: 'TEXT' }, { name: 'keep-recent', kind: 'string', value: 'N' }, { name: 'reserve', kind: 'string', value: 'N' }, ...LLM_FLAGS],
  async run({ file, args, io }) {
    const settings = {
      enabled: true,
      keepRecentTokens: integerFlag(args, 'keep-recent') ?? DEFAULT_COMPACTION_SETTINGS.keepRecentTokens,
      reserveTokens: integerFlag(args, 'reserve') ?? DEFAULT_COMPACTION_SETTINGS.reserveTokens,
    };
    const { provider, model } = cliModel(args, io);
    await loadForCli(file); // one-line errors for missing or foreign files
    const { session } = await openSessionFile(file, { createIfMissing: false, clock: () => io.now() });
    const leaf = stringFlag(args, 'leaf');
    if (leaf !== undefined) {
      if (!session.tree.has(leaf)) throw new InputError(`${file}: --leaf ${leaf}: no entry with that id`);
      if (leaf !== positionOnOpen(session.tree)) await session.branch(leaf);
    }
    const info = provider.modelInfo(model);
    let outcome: CompactSessionOutcome;
    try {
      outcome = await compactSession(session, {
        settings,
        summarizer: providerSummarizer(provider, { model }),
        customInstructions: stringFlag(args, 'instructions'),
        contextWindow: info.contextWindow,
        summarizerContextWindow: info.contextWindow,
        maxOutputTokens: info.maxOutputTokens,
        now: () => io.now().getTime(),
      });
    } catch (error) {
      // The model failed (auth, overload after retries…): one line, nothing written.
      if (error instanceof CompactionError) throw new InputError(`${file}: ${error.message}`);
      throw error;
    }
    await session.sync();
    if (outcome.kind !== 'compacted') throw new InputError(`${file}: ${NOTHING_TO_COMPACT_TEXT[outcome.reason]}`);
    const { result } = outcome;
    const report: CompactReport = { compactionId: outcome.entryId, tokensBefore: result.tokensBefore, tokensAfter: result.arbor.tokensAfter, firstKeptEntryId: result.firstKeptEntryId };
    return {
      json: () => report,
      text: () => `compacted: ${report.compactionId}, ${report.tokensBefore} → ${report.tokensAfter} tokens, first kept entry ${report.firstKeptEntryId}\n`,
    };
  },
};
