/**
 * The approval gate: tools that change things (bash, write, edit) ask the user before they run,
 * through an injected callback (the chat shows allow once / always / deny). 'allow-always' is
 * remembered by the gate, which lives as long as the session, and so is a rule the user allowed
 * from the card (which the host also keeps in the user's settings); calls the rules allowed
 * beforehand (settings, `--yes`; see approvalPatterns.ts) never ask. A write or edit of a protected file (protectedPaths.ts) asks
 * every time, whatever was allowed, and its answer never widens what is allowed. A denial is a
 * result the model reads, not an exception.
 */
import type { Json } from '../../session';
import { errorMessage } from '../../util/errors';
import { type ApprovalRule, parseRule, parseRules, rulesAllow, suggestRule } from './approvalPatterns';
import { errorResult } from './define';
import { protectedTarget } from './protectedPaths';
import type { ApprovalCallback, ApprovalDecision, ApprovalRequest, Tool, ToolContext } from './tool';

export const DENIED_TEXT = 'The user denied this tool call.';

/** The argument naming the one file a tool changes (bash changes what it likes: it always asks unless allowed). */
const TARGET_ARGUMENT: Readonly<Record<string, string>> = { write: 'path', edit: 'path' };

export interface ApprovalGateOptions {
  ask: ApprovalCallback;
  /** Rules (tool names, `bash(npm test)`, `edit(src/**)`) allowing calls without asking from the start. */
  allowed?: Iterable<string>;
}

export class ApprovalGate {
  private beforehand: ApprovalRule[];
  /** Rules the user answered 'allow-always' or "Always allow …" with: kept when the ones allowed beforehand change. */
  private readonly always: ApprovalRule[] = [];

  constructor(private readonly options: ApprovalGateOptions) {
    this.beforehand = parseRules(options.allowed ?? []);
  }

  /** Whether the call runs without asking: a rule allowed beforehand or answered since allows it. */
  allows(toolName: string, args: { [key: string]: Json }, root: string): Promise<boolean> {
    return rulesAllow([...this.beforehand, ...this.always], { toolName, args, root });
  }

  /** The rules allowed beforehand changed (the settings): the answers given since stay. */
  allowBeforehand(rules: Iterable<string>): void {
    this.beforehand = parseRules(rules);
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
        if (protectedPath !== undefined || !(await this.allows(name, args, context.root))) {
          let decision: ApprovalDecision;
          try {
            decision = await this.options.ask({ toolName: name, args, toolCallId: context.toolCallId ?? '', ...(await this.offer(name, args, context.root, protectedPath)) });
          } catch (error) {
            return errorResult(`The tool call was not run: asking for approval failed (${errorMessage(error)}).`);
          }
          if (context.signal.aborted) return errorResult('The tool call was aborted before it ran.');
          if (decision === 'deny') return errorResult(DENIED_TEXT, { denied: true } satisfies Json);
          if (protectedPath === undefined) this.remember(name, decision);
        }
        return tool.execute(args, context);
      },
    };
  }

  /** A protected file's note, or the rule the card may propose (a protected file is asked every time: none). */
  private async offer(toolName: string, args: { [key: string]: Json }, root: string, protectedPath: string | undefined): Promise<Partial<ApprovalRequest>> {
    if (protectedPath !== undefined) return { protectedPath };
    const suggestedRule = await suggestRule({ toolName, args, root });
    return suggestedRule === undefined ? {} : { suggestedRule };
  }

  /** What an answer allows from now on: the tool ('allow-always') or the rule the card proposed. */
  private remember(toolName: string, decision: ApprovalDecision): void {
    const rule = decision === 'allow-always' ? parseRule(toolName) : typeof decision === 'object' ? parseRule(decision.allowRule) : undefined;
    if (rule !== undefined && rule.tool === toolName) this.always.push(rule);
  }
}

/** The protected file the call would change, if any. */
async function protectedFileOf(toolName: string, args: { [key: string]: Json }, context: ToolContext): Promise<string | undefined> {
  const key = TARGET_ARGUMENT[toolName];
  const given = key === undefined ? undefined : args[key];
  return typeof given === 'string' ? protectedTarget(context.root, given) : undefined;
}
