/**
 * `arbor run <file> <prompt> [--tools LIST] [--yes] [--no-mcp] [--trust-project] [--cwd DIR]`: one non-interactive agent run
 * appended to the session (a missing file becomes a new session). The tools work in the current
 * folder, or DIR: where the user ran the command, never the folder the session's header names (a
 * session file from elsewhere would otherwise point the tools at any folder it likes); a header
 * that names another folder is mentioned on stderr. Only the tools in LIST are offered (default:
 * all); bash, edit and write are refused unless `--yes` approves them, and a write or edit of a
 * protected file (.vscode/, .git/, .pi/, … see protectedPaths.ts) is refused even then: it always
 * asks, and no one is there to answer. The system prompt is the extension's for the same folder:
 * Arbor's prompt with the context files pi would load for the folder the tools work in, within the
 * extension's rules (a file that leads outside its folder is skipped and named on stderr unless
 * `--allow-context PATH` names where it leads; `--no-context-files`: none). `@path`, `@path#L10-20` and `@folder` in the prompt become the
 * file's text (the lines, the listing) before it, as the chat's Send does it (src/core/mentions);
 * a mention outside the folder the tools work in, or of a binary file, refuses the run. Compaction budgets not given as flags come from pi's settings for
 * that folder. Needs `ANTHROPIC_API_KEY`. Exit code 1 when the run ended with an error. A prompt
 * that got no reply at all is undone as the chat does it: it stays in the file on a branch of its
 * own, and the position goes back to where it was sent from, so that running it again does not
 * repeat it. `--at ID` continues from entry ID (the reply hangs below it: a new branch); the files
 * are not changed by that (`arbor restore --to ID` first makes them that entry's). The workspace's
 * files are recorded as the extension records them (`arbor.files` entries, the same store) unless
 * `--no-checkpoints` is given or checkpoints are off for the folder (said once on stderr). MCP
 * servers' tools come through the `CliIo`'s extra tool source (toolFlags.ts, extraToolSource.ts):
 * none with `--no-mcp`; `--tools` entries starting `mcp__` narrow them, and `--yes` allows only
 * those it names (the others are refused: no one is there to answer).
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { AgentSession, UnansweredPromptError, watchFirstReply, type AgentErrorReason, type AgentEvent } from '../../core/agent';
import { compactionSettingsOf, piModelKey } from '../../core/context';
import { missingToolsNote } from '../../core/agent/tools/foreignTools';
import { CheckpointsOff, notRecordedText, SessionFilesRecorder } from '../../core/checkpoints';
import { diskFiles, expandMentions, MentionError } from '../../core/mentions';
import { openSessionFile, textParts, unsavedText, type AssistantMessage, type Session, type SessionEntry } from '../../core/session';
import { anthropicPrices } from '../../core/llm';
import { sessionTotals, type SpendTotals } from '../../core/tokens';
import { integerFlag, stringFlag } from '../args';
import { LEAF_FLAG, type Command } from '../command';
import { EXIT_OK, EXIT_PROBLEM, InputError, type CliIo } from '../io';
import { cliWorkspaceStoreOrOff, interruptedRestoreNotice } from '../workspaceStore';
import { ALLOW_CONTEXT_FLAG, BUDGET_FLAGS, PIN_BUDGET_FLAG, cliCompactionSettings, cliPiEnvironment, cliProjectPrompt, warnSkippedContext } from '../piProject';
import { cliCheckpointFolder } from '../stateFolder';
import { silentLogger } from '../../core/util/logger';
import { cliModel, LLM_FLAGS } from './llmFlags';
import { cliToolChoice, TOOL_FLAGS } from '../toolFlags';
import { openExtraToolSource } from '../extraToolSource';
import { inputErrorFor } from '../load';

export interface RunReport {
  /** The text of the last reply. */
  reply: string;
  /** Every entry the run appended, in order. */
  entryIds: string[];
  /** What the entries the run appended spent: its replies and the compactions it ran. */
  usage: SpendTotals;
  error?: string;
  /** Why the run failed (with `error`). */
  reason?: AgentErrorReason;
  /** The prompt got no reply: the position went back to before it. */
  unanswered?: true;
}

export const runCommand: Command = {
  name: 'run',
  usage: '<prompt> [--at ID] [--no-checkpoints] [--tools LIST] [--yes] [--no-mcp] [--trust-project] [--cwd DIR] [--no-context-files] [--allow-context PATH] [--keep-recent N] [--reserve N] [--pin-budget N] [--compaction-model ID] [--model ID] [--base-url URL]',
  summary: 'send one prompt and let the agent run to the end, appending to the session (calls the model); tools work in the current folder or DIR',
  extraPositionals: ['prompt'],
  flags: [
    ...TOOL_FLAGS,
    { name: 'yes', kind: 'boolean' },
    { name: 'cwd', kind: 'string', value: 'DIR' },
    { name: 'no-context-files', kind: 'boolean' },
    ALLOW_CONTEXT_FLAG,
    LEAF_FLAG,
    { name: 'no-checkpoints', kind: 'boolean' },
    ...BUDGET_FLAGS,
    PIN_BUDGET_FLAG,
    { name: 'compaction-model', kind: 'string', value: 'ID' },
    ...LLM_FLAGS,
  ],
  async run({ file, args, io, positionals }) {
    const [prompt] = positionals as [string];
    const { tools, mcp, approvable } = cliToolChoice(args);
    const { provider, model } = cliModel(args, io);
    const root = await toolRoot(stringFlag(args, 'cwd'));
    const message = await expandPrompt(prompt, root);
    const pi = cliPiEnvironment();
    const effective = await cliCompactionSettings(args, io, pi, piModelKey(provider.provider, model), root);
    const pinBudget = integerFlag(args, 'pin-budget');
    const clock = (): Date => io.now();
    const { session } = await openSessionFile(file, { cwd: root, clock, stopPoints: io.stopPoints }).catch(async (error: unknown) => {
      const input = await inputErrorFor(file, error);
      throw input instanceof InputError ? input : new InputError(`${file}: ${(error as Error).message}`);
    });
    if (!(await sameFolder(session.cwd, root))) {
      await io.err(`arbor run: the tools work in ${root}, not in ${session.cwd} where the session was started (--cwd DIR chooses)\n`);
    }
    const leaf = stringFlag(args, 'at');
    if (leaf !== undefined) {
      if (!session.getEntry(leaf)) throw new InputError(`${file}: --at ${leaf}: no entry with that id`);
      await session.branch(leaf);
    }
    const files = args.flags.has('no-checkpoints') ? undefined : await runRecorder(session, root, io);
    const systemPrompt = cliProjectPrompt(root, pi, args);
    const extra = await openExtraToolSource(io, { mcp, root, io });
    let report: () => RunReport;
    let unanswered: unknown;
    try {
      const agent = await AgentSession.create({
        session,
        provider,
        tools,
        ...(extra ? { toolSource: extra } : {}),
        ...(args.flags.has('yes') ? { allowedTools: approvable } : {}),
        settings: {
          model,
          compaction: compactionSettingsOf(effective),
          branchSummaryReserveTokens: effective.branchSummaryReserveTokens.value,
          compactionModel: stringFlag(args, 'compaction-model') ?? '',
          ...(pinBudget !== undefined ? { pinBudget } : {}),
        },
        clock,
        root,
        systemPrompt,
        checkpointFolder: cliCheckpointFolder(),
        ...(files ? { workspaceRecorder: files } : {}),
        ...(io.stopPoints ? { stopPoints: io.stopPoints } : {}),
      });
      report = collect(agent);
      // A compaction the run needed whose pinned section is over the budget (every pin is still carried);
      // a session that called tools Arbor does not have.
      agent.onEvent((event) => {
        if (event.type === 'compaction_end' && event.pinWarning !== undefined) void io.err(`arbor run: ${event.pinWarning}\n`);
        if (event.type === 'tools_missing') void io.err(`arbor run: ${missingToolsNote(event.names)}\n`);
      });
      // Settles once the reply began, or once the position went back after a prompt that got none.
      const answered = watchFirstReply(agent).then(
        () => undefined,
        (error: unknown) => error,
      );
      await agent.prompt(message);
      unanswered = await answered;
      agent.dispose();
    } finally {
      // The servers it started stop, also when the run failed.
      await extra?.close?.();
    }
    await warnSkippedContext(io, systemPrompt.context.current);
    systemPrompt.dispose();
    const saved = session.saveState;
    if (saved.saved) await session.sync();
    const result: RunReport = { ...report(), ...(unanswered instanceof UnansweredPromptError ? { unanswered: true as const } : {}) };
    // What could not be written is said in words (the run's reply is still printed below).
    if (!saved.saved) Object.assign(result, { error: unsavedText(saved, 'command-line'), reason: 'write-failed' });
    return {
      exitCode: result.error === undefined ? EXIT_OK : EXIT_PROBLEM,
      json: () => result,
      text: () => `${result.reply}\n${failureText(result)}`,
    };
  },
};

/** The recorder of the folder's files, or none (checkpoints off for it: said on stderr). */
async function runRecorder(session: Session, root: string, io: CliIo): Promise<SessionFilesRecorder | undefined> {
  const store = await cliWorkspaceStoreOrOff(root, io);
  if (store instanceof CheckpointsOff) {
    await io.err(`arbor run: ${store.message}\n`);
    return undefined;
  }
  const interrupted = await interruptedRestoreNotice(store);
  if (interrupted !== undefined) await io.err(`arbor run: ${interrupted}\n`);
  return new SessionFilesRecorder(session, store, {
    onOff: (message) => void (io.err(`arbor run: ${message}\n`)),
    log: { ...silentLogger, warn: (message) => void io.err(`arbor run: ${message}\n`) },
    onSkipped: (skipped) => void (io.err(`arbor run: ${notRecordedText(skipped)}\n`)),
  });
}

/** The error line (with its reason), and what became of a prompt that got no reply. */
function failureText(result: RunReport): string {
  if (result.error === undefined) return '';
  const line = `error (${result.reason ?? 'unknown'}): ${result.error}\n`;
  return result.unanswered ? `${line}The prompt got no reply: it stays in the session on a branch of its own, and the position is back where it was sent from.\n` : line;
}

/** The folder the tools work in: `--cwd DIR` (which must be a folder), else the current one. */
async function toolRoot(given: string | undefined): Promise<string> {
  if (given === undefined) return process.cwd();
  const folder = path.resolve(given);
  const stat = await fs.stat(folder).catch(() => undefined);
  if (!stat?.isDirectory()) throw new InputError(`--cwd ${given}: ${stat ? 'not a folder' : 'no such folder'}`);
  return folder;
}

/** The prompt with its mentions expanded from the files of `root` (the CLI has no editor, problems or terminal). */
async function expandPrompt(prompt: string, root: string): Promise<string> {
  try {
    return (await expandMentions(prompt, { files: diskFiles(root) })).text;
  } catch (error) {
    if (error instanceof MentionError) throw new InputError(error.message);
    throw error;
  }
}

/** The same folder, also when one of the two names reaches it through a link. */
async function sameFolder(a: string, b: string): Promise<boolean> {
  if (path.resolve(a) === b) return true;
  const real = (folder: string): Promise<string> => fs.realpath(folder).catch(() => path.resolve(folder));
  return (await real(a)) === (await real(b));
}

/** Follows the run's events; returns the report when called. */
function collect(agent: AgentSession): () => RunReport {
  const appended: SessionEntry[] = [];
  let last: AssistantMessage | undefined;
  let error: { message: string; reason: AgentErrorReason } | undefined;
  agent.onEvent((event: AgentEvent) => {
    if (event.type === 'entry_appended') appended.push(event.entry);
    else if (event.type === 'error') error = { message: event.message, reason: event.reason };
    else if (event.type === 'reply_end') last = event.message;
  });
  return () => ({
    reply: last ? textParts(last.content).join('\n') : '',
    entryIds: appended.map((entry) => entry.id),
    usage: sessionTotals(appended, [], anthropicPrices).session,
    ...(error ? { error: error.message, reason: error.reason } : {}),
  });
}
