/**
 * What every tool shares: `ToolFailure`, the error a tool throws to report a problem to the model,
 * and `defineTool`, which turns a tool's `run` into an `execute` that never throws (the port's
 * promise): failures become `isError` results in plain words.
 */
import type { ImageContent, Json, TextContent } from '../../session';
import type { ToolSpec } from '../../llm/provider';
import { errorMessage } from '../../util/errors';
import { throwIfAborted } from '../../workspace/abort';
import { WorkspaceFailure } from '../../workspace/failure';
import type { Tool, ToolContext, ToolResult } from './tool';

export type ToolArgs = { [key: string]: Json };

/** A problem the model should read (a bad argument, a failed search...); the workspace's own failures read the same. */
export class ToolFailure extends WorkspaceFailure {
  constructor(message: string, details?: Json) {
    super(message, details);
    this.name = 'ToolFailure';
  }
}

export function textResult(text: string, details?: Json): ToolResult {
  return withDetails({ content: [{ type: 'text', text }], isError: false }, details);
}

export function errorResult(text: string, details?: Json): ToolResult {
  return withDetails({ content: [{ type: 'text', text }], isError: true }, details);
}

export function contentResult(content: (TextContent | ImageContent)[], details?: Json): ToolResult {
  return withDetails({ content, isError: false }, details);
}

export interface ToolDefinition {
  spec: ToolSpec;
  needsApproval: boolean;
  run(args: ToolArgs, context: ToolContext): Promise<ToolResult>;
}

export function defineTool(definition: ToolDefinition): Tool {
  const { spec, needsApproval, run } = definition;
  return {
    spec,
    needsApproval,
    async execute(args, context) {
      try {
        throwIfAborted(context.signal);
        if (args === null || typeof args !== 'object' || Array.isArray(args)) {
          throw new ToolFailure(`Invalid arguments for ${spec.name}: expected an object.`);
        }
        return await run(args, context);
      } catch (error) {
        return failureResult(spec.name, error, context.signal);
      }
    },
  };
}

/** What a tool that threw tells the model, in plain words. */
export function failureResult(toolName: string, error: unknown, signal: AbortSignal): ToolResult {
  if (error instanceof WorkspaceFailure) return errorResult(error.message, error.details);
  // A stream cut by the signal throws its own AbortError: word every abort the same way.
  if (signal.aborted) return errorResult('The tool call was aborted.');
  // Unexpected (an fs error we did not word, a bug): still a result the model can read.
  return errorResult(`${toolName} failed: ${errorMessage(error)}`);
}

function withDetails(result: ToolResult, details: Json | undefined): ToolResult {
  return details === undefined ? result : { ...result, details };
}

/** The JSON schema of a tool's arguments object. */
export function argumentsSchema(properties: { [name: string]: Json }, required: readonly string[] = []): { [key: string]: Json } {
  return { type: 'object', properties, required: [...required] };
}

/** One plain argument of `argumentsSchema`. */
export function param(type: 'string' | 'number' | 'boolean', description: string): Json {
  return { type, description };
}
