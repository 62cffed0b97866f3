/**
 * Runs one tool call of a reply (the agent runs them in order). Every call gets exactly one
 * result, also when the run is stopped: the running tool is abandoned (its own abort handling
 * cleans up) and the calls after it are answered as not run, so the next request is valid.
 * Approval is the tools' gate (`tools/approval.ts`), wrapped around them by the agent.
 */
import type { Json, SessionEntry, ToolCall } from '../session';
import { errorMessage } from '../util/errors';
import type { AgentEvent } from './events';
import type { Tool, ToolResult } from './tools/tool';

export const STOPPED_TOOL_TEXT = 'Stopped by the user before the tool finished.';
export const SKIPPED_TOOL_TEXT = 'Not run: the user stopped the agent.';

export interface ToolRunnerOptions {
  /** The tool a call names (the built-ins, then the tool source's), or undefined. */
  toolNamed: (name: string) => Tool | undefined;
  root: string;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** The session's current branch, for tools that read the conversation (recall). */
  branch?: () => readonly SessionEntry[];
}

export interface ToolOutcome {
  call: ToolCall;
  result: ToolResult;
}

/** Runs one call; never throws. */
export async function runToolCall(call: ToolCall, options: ToolRunnerOptions): Promise<ToolResult> {
  const { signal, emit } = options;
  if (signal.aborted) return errorResult(SKIPPED_TOOL_TEXT);
  emit({ type: 'tool_start', toolCallId: call.id, toolName: call.name, args: call.arguments });
  const result = await execute(call, options);
  emit({ type: 'tool_end', toolCallId: call.id, toolName: call.name, result });
  return result;
}

async function execute(call: ToolCall, options: ToolRunnerOptions): Promise<ToolResult> {
  const tool = options.toolNamed(call.name);
  if (!tool) return errorResult(`Tool ${call.name} not found`);
  const args: { [key: string]: Json } = isObject(call.arguments) ? call.arguments : {};
  const stopped = whenAborted(options.signal);
  try {
    const run = tool.execute(args, {
      root: options.root,
      signal: options.signal,
      toolCallId: call.id,
      ...(options.branch ? { branch: options.branch } : {}),
      onUpdate: (partial) => options.emit({ type: 'tool_update', toolCallId: call.id, partial }),
    });
    return await Promise.race([run, stopped.promise]);
  } catch (error) {
    return errorResult(errorMessage(error));
  } finally {
    stopped.dispose();
  }
}

export function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/** A promise that resolves to the stopped result when the signal fires. */
function whenAborted(signal: AbortSignal): { promise: Promise<ToolResult>; dispose(): void } {
  let listener: (() => void) | undefined;
  const promise = new Promise<ToolResult>((resolve) => {
    listener = () => resolve(errorResult(STOPPED_TOOL_TEXT));
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
  });
  return { promise, dispose: () => listener && signal.removeEventListener('abort', listener) };
}

function isObject(value: unknown): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
