/**
 * `arbor run <file> <prompt> [--tools LIST] [--yes] [--cwd DIR]`: one non-interactive agent run
 * appended to the session (a missing file becomes a new session). The tools work in the current
 * folder, or DIR: where the user ran the command, never the folder the session's header names (a
 * session file from elsewhere would otherwise point the tools at any folder it likes); a header
 * that names another folder is mentioned on stderr. Only the tools in LIST are offered (default:
 * all); bash, edit and write are refused unless `--yes` approves them, and a write or edit of a
 * protected file (.vscode/, .git/, .pi/, … see protectedPaths.ts) is refused even then: it always
 * asks, and no one is there to answer. Needs `ANTHROPIC_API_KEY`. Exit code 1 when the run ended
 * with an error. A prompt that got no reply at all is undone as the chat does it: it stays in the
 * file on a branch of its own, and the position goes back to where it was sent from, so that
 * running it again does not repeat it.
 */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { AgentSession, UnansweredPromptError, watchFirstReply, type AgentErrorReason, type AgentEvent } from '../../core/agent';
import { createTools, UnknownToolError } from '../../core/agent/tools/registry';
import { openSessionFile, textParts, type AssistantMessage, type Usage } from '../../core/session';
import { stringFlag } from '../args';
import type { Command } from '../command';
import { EXIT_OK, EXIT_PROBLEM, InputError, UsageError } from '../io';
import { cliCheckpointFolder } from '../stateFolder';
import { cliModel, LLM_FLAGS } from './llmFlags';
import { inputErrorFor } from '../load';

export interface RunReport {
  /** The text of the last reply. */
  reply: string;
  /** Every entry the run appended, in order. */
  entryIds: string[];
  /** The replies' usage added up. */
  usage: Pick<Usage, 'input' | 'output' | 'cacheRead' | 'cacheWrite' | 'totalTokens'>;
  error?: string;
  /** Why the run failed (with `error`). */
  reason?: AgentErrorReason;
  /** The prompt got no reply: the position went back to before it. */
  unanswered?: true;
}

export const runCommand: Command = {
  name: 'run',
  usage: '<prompt> [--tools LIST] [--yes] [--cwd DIR] [--model ID] [--base-url URL]',
  summary: 'send one prompt and let the agent run to the end, appending to the session (calls the model); tools work in the current folder or DIR',
  extraPositionals: ['prompt'],
  flags: [{ name: 'tools', kind: 'string', value: 'LIST' }, { name: 'yes', kind: 'boolean' }, { name: 'cwd', kind: 'string', value: 'DIR' }, ...LLM_FLAGS],
  async run({ file, args, io, positionals }) {
    const [prompt] = positionals as [string];
    const tools = chooseTools(stringFlag(args, 'tools'));
    const { provider, model } = cliModel(args, io);
    const root = await toolRoot(stringFlag(args, 'cwd'));
    const clock = (): Date => io.now();
    const { session } = await openSessionFile(file, { cwd: root, clock }).catch(async (error: unknown) => {
      const input = await inputErrorFor(file, error);
      throw input instanceof InputError ? input : new InputError(`${file}: ${(error as Error).message}`);
    });
    if (!(await sameFolder(session.cwd, root))) {
      await io.err(`arbor run: the tools work in ${root}, not in ${session.cwd} where the session was started (--cwd DIR chooses)\n`);
    }
    const agent = await AgentSession.create({
      session,
      provider,
      tools,
      ...(args.flags.has('yes') ? { allowedTools: tools.map((tool) => tool.spec.name) } : {}),
      settings: { model },
      clock,
      root,
      checkpointFolder: cliCheckpointFolder(),
    });
    const report = collect(agent);
    // Settles once the reply began, or once the position went back after a prompt that got none.
    const answered = watchFirstReply(agent).then(
      () => undefined,
      (error: unknown) => error,
    );
    await agent.prompt(prompt);
    const unanswered = await answered;
    agent.dispose();
    await session.sync();
    const result = { ...report(), ...(unanswered instanceof UnansweredPromptError ? { unanswered: true as const } : {}) };
    return {
      exitCode: result.error === undefined ? EXIT_OK : EXIT_PROBLEM,
      json: () => result,
      text: () => `${result.reply}\n${failureText(result)}`,
    };
  },
};

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

/** The same folder, also when one of the two names reaches it through a link. */
async function sameFolder(a: string, b: string): Promise<boolean> {
  if (path.resolve(a) === b) return true;
  const real = (folder: string): Promise<string> => fs.realpath(folder).catch(() => path.resolve(folder));
  return (await real(a)) === (await real(b));
}

function chooseTools(list: string | undefined) {
  const names = list === undefined ? undefined : list.split(',').map((name) => name.trim()).filter((name) => name !== '');
  try {
    return createTools(names ? { only: names } : {});
  } catch (error) {
    if (error instanceof UnknownToolError) throw new UsageError(`--tools: ${error.message}`);
    throw error;
  }
}

/** Follows the run's events; returns the report when called. */
function collect(agent: AgentSession): () => RunReport {
  const entryIds: string[] = [];
  const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 };
  let last: AssistantMessage | undefined;
  let error: { message: string; reason: AgentErrorReason } | undefined;
  agent.onEvent((event: AgentEvent) => {
    if (event.type === 'entry_appended') entryIds.push(event.entry.id);
    else if (event.type === 'error') error = { message: event.message, reason: event.reason };
    else if (event.type === 'reply_end') {
      last = event.message;
      usage.input += event.message.usage.input;
      usage.output += event.message.usage.output;
      usage.cacheRead += event.message.usage.cacheRead;
      usage.cacheWrite += event.message.usage.cacheWrite;
      usage.totalTokens += event.message.usage.totalTokens ?? 0;
    }
  });
  return () => ({ reply: last ? textParts(last.content).join('\n') : '', entryIds, usage, ...(error ? { error: error.message, reason: error.reason } : {}) });
}
