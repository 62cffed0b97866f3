/**
 * A real process running one agent prompt against the fake Anthropic server, for the crash tests:
 * the parent kills it with SIGKILL mid-stream or mid-tool. It prints one line per milestone
 * (`delta`, `tool_start`) so the parent knows when to kill.
 *
 * argv: <session file> <base url> <prompt> <checkpoint folder>
 */
import { AgentSession } from '../../../../src/core/agent';
import type { Tool } from '../../../../src/core/agent/tools/tool';
import { createAnthropicProvider } from '../../../../src/core/llm';
import { openSessionFile } from '../../../../src/core/session';

/** A tool that never finishes: the process dies while it runs. */
const waitForever: Tool = {
  spec: { name: 'wait', description: 'Waits', inputSchema: { type: 'object', properties: {} } },
  needsApproval: false,
  execute: () => new Promise(() => undefined),
};

async function main(): Promise<void> {
  const [file, baseUrl, prompt, checkpointFolder] = process.argv.slice(2) as [string, string, string, string];
  const clock = (): Date => new Date();
  const { session } = await openSessionFile(file, { clock });
  const provider = createAnthropicProvider({ apiKey: 'sk-ant-crash-test-key', baseUrl, now: () => Date.now(), retry: { maxAttempts: 1 } });
  const agent = await AgentSession.create({ session, provider, tools: [waitForever], settings: { model: 'claude-sonnet-4-6' }, clock, root: process.cwd(), checkpointEveryMs: 20, checkpointFolder });
  agent.onEvent((event) => {
    if (event.type === 'text_delta' || event.type === 'tool_start') process.stdout.write(`${event.type}\n`);
  });
  await agent.prompt(prompt);
  process.stdout.write('done\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
