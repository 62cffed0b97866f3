/**
 * The approval gate: tools that change things (bash, write, edit) ask the user before they run,
 * through an injected callback (the chat shows allow once / always / deny). 'allow-always' is
 * remembered by the gate, which lives as long as the session; tools the user allowed beforehand
 * (settings, `--yes`) never ask. A write or edit of a protected file (protectedPaths.ts) asks
 * every time, whatever was allowed, and its answer never widens what is allowed. A denial is a
 * result the model reads, not an exception.
 */
import type { Json } from '../../session';
import { errorMessage } from '../../util/errors';
import { errorResult } from './define';
import { protectedTarget } from './protectedPaths';
import type { ApprovalCallback, ApprovalDecision, Tool, ToolContext } from './tool';

export const DENIED_TEXT = 'The user denied this tool call.';

/** The argument naming the one file a tool changes (bash changes what it likes: it always asks unless allowed). */
const TARGET_ARGUMENT: Readonly<Record<string, string>> = { write: 'path', edit: 'path' };

export interface ApprovalGateOptions {
  ask: ApprovalCallback;
  /** Tool names allowed without asking from the start. */
  allowed?: Iterable<string>;
}

export class ApprovalGate {
  private beforehand: Set<string>;
  /** Tools the user answered 'allow-always' for: kept when the ones allowed beforehand change. */
  private readonly always = new Set<string>();

  constructor(private readonly options: ApprovalGateOptions) {
    this.beforehand = new Set(options.allowed ?? []);
  }

  /** Whether `toolName` runs without asking: allowed beforehand, or 'allow-always' was answered. */
  allows(toolName: string): boolean {
    return this.beforehand.has(toolName) || this.always.has(toolName);
  }

  /** The tools allowed beforehand changed (the settings): 'allow-always' answers stay. */
  allowBeforehand(toolNames: Iterable<string>): void {
    this.beforehand = new Set(toolNames);
  }

  /** The tools with the ones that need approval wrapped; the others are returned as they are. */
  wrap(tools: readonly Tool[]): Tool[] {
    return tools.map((tool) => (tool.needsApproval ? this.gated(tool) : tool));
  }

  private gated(tool: Tool): Tool {
    const name = tool.spec.name;
    return {
      spec: tool.spec,
      needsApproval: tool.needsApproval,
      execute: async (args, context) => {
        const protectedPath = await protectedFileOf(name, args, context);
        if (protectedPath !== undefined || !this.allows(name)) {
          let decision: ApprovalDecision;
          try {
            decision = await this.options.ask({ toolName: name, args, toolCallId: context.toolCallId ?? '', ...(protectedPath !== undefined ? { protectedPath } : {}) });
          } catch (error) {
            return errorResult(`The tool call was not run: asking for approval failed (${errorMessage(error)}).`);
          }
          if (context.signal.aborted) return errorResult('The tool call was aborted before it ran.');
          if (decision === 'deny') return errorResult(DENIED_TEXT, { denied: true } satisfies Json);
          if (decision === 'allow-always' && protectedPath === undefined) this.always.add(name);
        }
        return tool.execute(args, context);
      },
    };
  }
}

/** The protected file the call would change, if any. */
async function protectedFileOf(toolName: string, args: { [key: string]: Json }, context: ToolContext): Promise<string | undefined> {
  const key = TARGET_ARGUMENT[toolName];
  const given = key === undefined ? undefined : args[key];
  return typeof given === 'string' ? protectedTarget(context.root, given) : undefined;
}
