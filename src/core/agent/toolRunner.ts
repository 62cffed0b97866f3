/**
 * Runs the tool calls of one reply, in order, asking for approval where a tool needs it. Every
 * call gets exactly one result, also when the run is stopped: the running tool is abandoned (its
 * own abort handling cleans up) and the calls after it are answered as not run, so the next
 * request is valid.
 */
import type { Json, ToolCall } from '../session';
import { errorMessage } from '../util/errors';
import type { AgentEvent } from './events';
import type { ApprovalCallback, Tool, ToolResult } from './tools/tool';

export const STOPPED_TOOL_TEXT = 'Stopped by the user before the tool finished.';
export const SKIPPED_TOOL_TEXT = 'Not run: the user stopped the agent.';

export interface ToolRunnerOptions {
  tools: readonly Tool[];
  approve: ApprovalCallback | undefined;
  root: string;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** Tools the user allowed for the rest of the session ("allow always"). */
  allowed: Set<string>;
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
  const tool = options.tools.find((candidate) => candidate.spec.name === call.name);
  if (!tool) return errorResult(`Tool ${call.name} not found`);
  const args: { [key: string]: Json } = isObject(call.arguments) ? call.arguments : {};
  const denied = await approval(tool, call, args, options);
  if (denied) return denied;
  const stopped = whenAborted(options.signal);
  try {
    const run = tool.execute(args, {
      root: options.root,
      signal: options.signal,
      onUpdate: (partial) => options.emit({ type: 'tool_update', toolCallId: call.id, partial }),
    });
    return await Promise.race([run, stopped.promise]);
  } catch (error) {
    return errorResult(errorMessage(error));
  } finally {
    stopped.dispose();
  }
}

async function approval(tool: Tool, call: ToolCall, args: { [key: string]: Json }, options: ToolRunnerOptions): Promise<ToolResult | undefined> {
  if (!tool.needsApproval || options.allowed.has(tool.spec.name)) return undefined;
  if (!options.approve) return errorResult(`The user has not allowed ${tool.spec.name} to run.`);
  let decision;
  try {
    decision = await options.approve({ toolName: tool.spec.name, args, toolCallId: call.id });
  } catch (error) {
    return errorResult(`Could not ask for approval: ${errorMessage(error)}`);
  }
  if (options.signal.aborted) return errorResult(STOPPED_TOOL_TEXT);
  if (decision === 'deny') return errorResult(`The user denied running ${tool.spec.name}.`);
  if (decision === 'allow-always') options.allowed.add(tool.spec.name);
  return undefined;
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
