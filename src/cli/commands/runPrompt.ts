/**
 * `arbor run <file> <prompt> [--tools LIST] [--yes]`: one non-interactive agent run appended to
 * the session (a missing file becomes a new session in the current folder). Only the tools in
 * LIST are offered (default: all); bash, edit and write are refused unless `--yes` approves them.
 * The system prompt is the extension's for the same folder: Arbor's prompt with the context files
 * pi would load for the folder the tools work in (`--no-context-files`: none). Compaction budgets
 * not given as flags come from pi's settings for the current folder. Needs `ANTHROPIC_API_KEY`.
 * Exit code 1 when the run ended with an error.
 */
import { AgentSession, type AgentEvent } from '../../core/agent';
import { createTools, UnknownToolError } from '../../core/agent/tools/registry';
import { compactionSettingsOf } from '../../core/context';
import { openSessionFile, textParts, type AssistantMessage, type SessionEntry } from '../../core/session';
import { sessionTotals, type SpendTotals } from '../../core/tokens';
import { stringFlag } from '../args';
import type { Command } from '../command';
import { EXIT_OK, EXIT_PROBLEM, InputError, UsageError } from '../io';
import { BUDGET_FLAGS, cliCompactionSettings, cliPiEnvironment, cliProjectPrompt, warn } from '../piProject';
import { cliModel, LLM_FLAGS } from './llmFlags';

export interface RunReport {
  /** The text of the last reply. */
  reply: string;
  /** Every entry the run appended, in order. */
  entryIds: string[];
  /** What the entries the run appended spent: its replies and the compactions it ran. */
  usage: SpendTotals;
  error?: string;
}

export const runCommand: Command = {
  name: 'run',
  usage: '<prompt> [--tools LIST] [--yes] [--no-context-files] [--keep-recent N] [--reserve N] [--compaction-model ID] [--model ID] [--base-url URL]',
  summary: 'send one prompt and let the agent run to the end, appending to the session (calls the model)',
  extraPositionals: ['prompt'],
  flags: [
    { name: 'tools', kind: 'string', value: 'LIST' },
    { name: 'yes', kind: 'boolean' },
    { name: 'no-context-files', kind: 'boolean' },
    ...BUDGET_FLAGS,
    { name: 'compaction-model', kind: 'string', value: 'ID' },
    ...LLM_FLAGS,
  ],
  async run({ file, args, io, positionals }) {
    const [prompt] = positionals as [string];
    const tools = chooseTools(stringFlag(args, 'tools'));
    const { provider, model } = cliModel(args, io);
    const pi = cliPiEnvironment();
    const effective = await cliCompactionSettings(args, io, pi);
    const clock = (): Date => io.now();
    const { session } = await openSessionFile(file, { cwd: process.cwd(), clock }).catch((error: unknown) => {
      throw new InputError(`${file}: ${(error as Error).message}`);
    });
    const systemPrompt = cliProjectPrompt(session.cwd, pi, !args.flags.has('no-context-files'));
    const agent = await AgentSession.create({
      session,
      provider,
      tools,
      ...(args.flags.has('yes') ? { allowedTools: tools.map((tool) => tool.spec.name) } : {}),
      settings: {
        model,
        compaction: compactionSettingsOf(effective),
        branchSummaryReserveTokens: effective.branchSummaryReserveTokens.value,
        compactionModel: stringFlag(args, 'compaction-model') ?? '',
      },
      clock,
      root: session.cwd,
      systemPrompt,
    });
    const report = collect(agent);
    await agent.prompt(prompt);
    agent.dispose();
    await warn(io, systemPrompt.context.current?.warnings ?? []);
    systemPrompt.dispose();
    const result = report();
    return {
      exitCode: result.error === undefined ? EXIT_OK : EXIT_PROBLEM,
      json: () => result,
      text: () => `${result.reply}\n${result.error !== undefined ? `error: ${result.error}\n` : ''}`,
    };
  },
};

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
  const appended: SessionEntry[] = [];
  let last: AssistantMessage | undefined;
  let error: string | undefined;
  agent.onEvent((event: AgentEvent) => {
    if (event.type === 'entry_appended') appended.push(event.entry);
    else if (event.type === 'error') error = event.message;
    else if (event.type === 'reply_end') last = event.message;
  });
  return () => ({
    reply: last ? textParts(last.content).join('\n') : '',
    entryIds: appended.map((entry) => entry.id),
    usage: sessionTotals(appended, []).session,
    ...(error !== undefined ? { error } : {}),
  });
}
