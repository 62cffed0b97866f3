/**
 * `arbor compact <file> [--at ID] [--instructions TEXT] [--keep-recent N] [--reserve N]
 * [--pin-budget N] [--model ID]`: one manual compaction of the path to the leaf (default: the position a reopen
 * gives), appended to the file, as `/compact` does. The budgets not given as flags come from pi's
 * settings for the current folder (with pi's overrides for the model the session runs on), else
 * pi's defaults. `--model` writes the summary (its window
 * bounds each summary request). Needs `ANTHROPIC_API_KEY`.
 *
 * `--preview` asks for the summary and prints it with what it would replace, writing nothing (the
 * file stays byte-identical). `--summary-file FILE` writes a compaction whose summary is exactly
 * FILE's text, the cut and the file lists computed as usual; it asks no model (no key needed).
 */
import { readFile } from 'node:fs/promises';
import {
  CompactionError,
  compactSession,
  NOTHING_TO_COMPACT_TEXT,
  proposeCompaction,
  providerSummarizer,
  type CompactSessionOptions,
  type ProposeCompactionOutcome,
  type Summarizer,
} from '../../core/compaction';
import { compactionSettingsOf, piModelKey } from '../../core/context';
import { ANTHROPIC_PROVIDER, lookupModel, type LlmProvider } from '../../core/llm';
import { openSessionFile, positionOnOpen, Session, type LoadedSessionFile, type Usage } from '../../core/session';
import { LEAF_FLAG, type Command, type CommandResult } from '../command';
import { InputError, UsageError, type CliIo } from '../io';
import { loadForCli, resolveLeaf } from '../load';
import { integerFlag, stringFlag } from '../args';
import { BUDGET_FLAGS, cliCompactionSettings, cliPiEnvironment, PIN_BUDGET_FLAG } from '../piProject';
import { cliModel, DEFAULT_CLI_MODEL, LLM_FLAGS } from './llmFlags';

export interface CompactReport {
  compactionId: string;
  tokensBefore: number;
  /** Estimated context right after the compaction (summary + kept tail). */
  tokensAfter: number;
  firstKeptEntryId: string;
  /** What the summary requests cost (the entry's `usage`). */
  usage: Usage;
}

/** `--preview`: the compaction that would be written, and nothing written. */
export interface CompactPreviewReport {
  preview: true;
  summary: string;
  firstKeptEntryId: string;
  /** Messages the summary replaces. */
  summarizedEntries: number;
  tokensBefore: number;
  /** Estimated context right after the compaction, were it written. */
  tokensAfter: number;
  readFiles: string[];
  modifiedFiles: string[];
  /** Pinned messages the summary carries verbatim, by entry id. */
  pinned: string[];
  /** What the summary requests cost (paid: the preview asked the model). */
  usage: Usage;
}

export const compactCommand: Command = {
  name: 'compact',
  usage: '[--at ID] [--preview | --summary-file FILE] [--instructions TEXT] [--keep-recent N] [--reserve N] [--pin-budget N] [--model ID] [--base-url URL]',
  summary: 'summarize the older part of the path into a compaction entry (calls the model; --preview writes nothing, --summary-file writes that summary)',
  flags: [LEAF_FLAG, { name: 'preview', kind: 'boolean' }, { name: 'summary-file', kind: 'string', value: 'FILE' }, { name: 'instructions', kind: 'string', value: 'TEXT' }, ...BUDGET_FLAGS, PIN_BUDGET_FLAG, ...LLM_FLAGS],
  async run({ file, args, io }) {
    const preview = args.flags.has('preview');
    const summaryFile = stringFlag(args, 'summary-file');
    if (preview && summaryFile !== undefined) throw new UsageError('--preview and --summary-file cannot be given together');
    const summary = summaryFile === undefined ? undefined : await readSummaryFile(summaryFile);
    // A given summary asks no model: no key is needed, the model only names the windows.
    const llm = summary === undefined ? cliModel(args, io) : undefined;
    const model = llm?.model ?? stringFlag(args, 'model') ?? DEFAULT_CLI_MODEL;
    const loaded = await loadForCli(file); // one-line errors for missing or foreign files
    const leaf = stringFlag(args, 'at');
    // A preview writes nothing, not even a position marker: it works on the file's entries in memory.
    const session = preview ? previewSession(loaded, resolveLeaf(loaded, leaf), io) : await openAt(file, leaf, io);
    // pi's overrides for the model the session runs on there (pi compacts with the session's model), else for --model.
    const current = session.buildContext().model;
    const provider = llm?.provider;
    const effective = await cliCompactionSettings(args, io, cliPiEnvironment(), current ? piModelKey(current.provider, current.modelId) : piModelKey(provider?.provider ?? ANTHROPIC_PROVIDER, model));
    // Manual compaction runs whether or not automatic compaction is on.
    const settings = { ...compactionSettingsOf(effective), enabled: true };
    const info = provider ? provider.modelInfo(model) : lookupModel(model);
    const options: CompactSessionOptions = {
      settings,
      summarizer: provider ? providerSummarizer(provider, { model }) : noSummarizer,
      customInstructions: stringFlag(args, 'instructions'),
      pinBudget: integerFlag(args, 'pin-budget'),
      contextWindow: chatWindow(session, provider) ?? info.contextWindow,
      summarizerContextWindow: info.contextWindow,
      maxOutputTokens: info.maxOutputTokens,
      now: () => io.now().getTime(),
      stopPoints: io.stopPoints,
      summary,
    };
    if (preview) return previewResult(file, await failingInWords(file, proposeCompaction(session, options)));
    const outcome = await failingInWords(file, compactSession(session, options));
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

/** The session file opened for appending, at `--at ID` when given (moving there first). */
async function openAt(file: string, leaf: string | undefined, io: CliIo): Promise<Session> {
  const { session } = await openSessionFile(file, { createIfMissing: false, clock: () => io.now(), stopPoints: io.stopPoints });
  if (leaf !== undefined) {
    if (!session.tree.has(leaf)) throw new InputError(`${file}: --at ${leaf}: no entry with that id`);
    if (leaf !== positionOnOpen(session.tree)) await session.branch(leaf);
  }
  return session;
}

function previewSession(loaded: LoadedSessionFile, leafId: string | null, io: CliIo): Session {
  return new Session({ header: loaded.header, tree: loaded.tree, leafId, clock: () => io.now() });
}

/** The model failed (auth, overload after retries…): one line, nothing written. */
async function failingInWords<T>(file: string, run: Promise<T>): Promise<T> {
  try {
    return await run;
  } catch (error) {
    if (error instanceof CompactionError) throw new InputError(`${file}: ${error.message}`);
    throw error;
  }
}

function previewResult(file: string, outcome: ProposeCompactionOutcome): CommandResult {
  if (outcome.kind !== 'proposed') throw new InputError(`${file}: ${NOTHING_TO_COMPACT_TEXT[outcome.reason]}`);
  const { result, pinned } = outcome.proposal;
  const report: CompactPreviewReport = {
    preview: true,
    summary: result.summary,
    firstKeptEntryId: result.firstKeptEntryId,
    summarizedEntries: result.arbor.summarizedEntries,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.arbor.tokensAfter,
    readFiles: result.details.readFiles,
    modifiedFiles: result.details.modifiedFiles,
    pinned: pinned.map((pin) => pin.id),
    usage: result.usage,
  };
  const list = (items: readonly string[]): string => (items.length > 0 ? items.join(', ') : 'none');
  return {
    json: () => report,
    text: () => [
      'Proposed compaction (nothing written):\n',
      `  replaces ${report.summarizedEntries} message${report.summarizedEntries === 1 ? '' : 's'}; keeps from entry ${report.firstKeptEntryId}\n`,
      `  tokens: ${report.tokensBefore} → about ${report.tokensAfter}\n`,
      `  read files: ${list(report.readFiles)}\n`,
      `  modified files: ${list(report.modifiedFiles)}\n`,
      `  pinned messages carried: ${list(report.pinned)}\n`,
      '\n',
      `${report.summary}\n`,
    ],
  };
}

/** `--summary-file`: the whole file, as UTF-8, written exactly (an empty one is refused). */
async function readSummaryFile(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`--summary-file ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot be read'}`);
  }
  if (text.trim() === '') throw new InputError(`--summary-file ${path}: the file is empty`);
  return text;
}

/** A given summary asks no model: a request would be a bug, and says so. */
const noSummarizer: Summarizer = {
  summarize: () => Promise.reject(new Error('no model is asked for a given summary')),
};

/**
 * The window of the session's own model (what the compacted context must fit in), when this
 * provider knows it; `--model` may name another, the one that writes the summary.
 */
function chatWindow(session: Session, provider: LlmProvider | undefined): number | undefined {
  const current = session.buildContext().model;
  if (!current) return undefined;
  if (!provider) return current.provider === ANTHROPIC_PROVIDER ? lookupModel(current.modelId).contextWindow : undefined;
  if (current.provider !== provider.provider) return undefined;
  const info = provider.modelInfo(current.modelId);
  return info.known === false ? undefined : info.contextWindow;
}
