/**
 * The approval gate: tools that change things (bash, write, edit) ask the user before they run,
 * through an injected callback (the chat shows allow once / always / deny). 'allow-always' is
 * remembered by the gate, which lives as long as the session, and so is a rule the user allowed
 * from the card (ruleProposals.ts; the host also keeps it in the user's settings, for the
 * workspace folder); calls the rules allowed beforehand (settings, `--yes`; see
 * approvalPatterns.ts) never ask. A write or edit of a protected file (protectedPaths.ts) asks
 * every time, whatever was allowed, and its answer never widens what is allowed. A denial is a
 * result the model reads, not an exception.
 */
import type { Json } from '../../session';
import { errorMessage } from '../../util/errors';
import { type ApprovalRule, parseRule, parseRules, ruleNames, rulesAllow } from './approvalPatterns';
import { suggestRule } from './ruleProposals';
import { throwIfAborted } from '../../workspace/abort';
import { errorResult, failureResult } from './define';
import { applyPlan, type EditPlan } from './editPlan';
import { protectedTarget } from '../../workspace/protectedPaths';
import { answerOf, isPlanningTool, type ApprovalAnswer, type ApprovalCallback, type ApprovalDecision, type ApprovalRequest, type PlanningTool, type Tool, type ToolContext, type ToolOrigin, type ToolResult } from './tool';
import { writePlanned } from './write';

export const DENIED_TEXT = 'The user denied this tool call.';

/** The argument naming the one file a tool changes (bash changes what it likes: it always asks unless allowed). */
const TARGET_ARGUMENT: Readonly<Record<string, string>> = { write: 'path', edit: 'path' };

/** What a write or edit wrote, told through `onWritten` (the agent's port: the glue keeps them for the diffs). */
export interface WrittenFile {
  /** The call that wrote it (as the model named it: a key, never a location). */
  toolCallId: string;
  toolName: 'write' | 'edit';
  /** The path as the model gave it (for the diff's title). */
  path: string;
  /** The file written: absolute, inside the workspace. */
  real: string;
  /** The file before the call ('' for a new file). */
  before: string;
  /** What was written. */
  after: string;
  /** Written without asking (allowed by a setting or an earlier answer): the user never saw a diff. */
  autoApproved: boolean;
}

export interface ApprovalGateOptions {
  ask: ApprovalCallback;
  /** Rules (tool names, `bash(npm test)`, `edit(src/**)`) allowing calls without asking from the start. */
  allowed?: Iterable<string>;
  /** Told what every write or edit wrote, reviewed or not (the chat's "Show diff" / "Open diff"). */
  onWritten?: (file: WrittenFile) => void;
}

export class ApprovalGate {
  private beforehand: ApprovalRule[];
  /** Rules the user answered 'allow-always' or "Always allow …" with: kept when the ones allowed beforehand change. */
  private readonly always: ApprovalRule[] = [];

  constructor(private readonly options: ApprovalGateOptions) {
    this.beforehand = parseRules(options.allowed ?? []);
  }

  /** Whether the call runs without asking: a rule allowed beforehand or answered since allows it. */
  allows(toolName: string, args: { [key: string]: Json }, root: string, origin?: ToolOrigin): Promise<boolean> {
    return rulesAllow([...this.beforehand, ...this.always], { toolName, args, root, ...(origin ? { origin } : {}) });
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
    const origin = tool.origin ? { origin: tool.origin } : {};
    return {
      spec: tool.spec,
      needsApproval: tool.needsApproval,
      ...origin,
      execute: async (args, context) => {
        const protectedPath = await protectedFileOf(name, args, context);
        if (protectedPath === undefined && (await this.allows(name, args, context.root, tool.origin))) return isPlanningTool(tool) ? this.atOnce(tool, args, context) : tool.execute(args, context);
        const request: ApprovalRequest = { toolName: name, args, toolCallId: context.toolCallId ?? '', ...origin, ...(await this.offer(name, args, context.root, protectedPath)) };
        if (isPlanningTool(tool)) return this.reviewed(tool, request, context);
        const answer = await this.answer(request, context);
        return 'result' in answer ? answer.result : tool.execute(args, context);
      },
    };
  }

  /**
   * A write or edit the user reviews: planned without writing, asked with its plan, then what
   * was accepted written. When the file changed on disk while the user looked, the plan is made
   * again from the file as it is now and the user asked again: never written over blind.
   */
  private async reviewed(tool: PlanningTool, request: ApprovalRequest, context: ToolContext): Promise<ToolResult> {
    for (let changedOnDisk = false; ; changedOnDisk = true) {
      let plan: EditPlan;
      try {
        plan = await tool.plan(request.args, context);
      } catch (error) {
        return failureResult(request.toolName, error, context.signal);
      }
      const answer = await this.answer({ ...request, plan, ...(changedOnDisk ? { changedOnDisk } : {}) }, context);
      if ('result' in answer) return answer.result;
      try {
        const accepted = answer.content ?? plan.proposed;
        const outcome = await applyPlan(plan, context, accepted);
        if (outcome.kind === 'written') {
          this.written(plan, accepted, context, false);
          return outcome.result;
        }
      } catch (error) {
        return failureResult(request.toolName, error, context.signal);
      }
    }
  }

  /** A write or edit allowed beforehand: planned and written at once, and what it wrote told. */
  private async atOnce(tool: PlanningTool, args: { [key: string]: Json }, context: ToolContext): Promise<ToolResult> {
    if (!this.options.onWritten) return tool.execute(args, context);
    try {
      throwIfAborted(context.signal);
      const plan = await tool.plan(args, context);
      const result = await writePlanned(plan, context);
      this.written(plan, plan.proposed, context, true);
      return result;
    } catch (error) {
      return failureResult(tool.spec.name, error, context.signal);
    }
  }

  private written(plan: EditPlan, after: string, context: ToolContext, autoApproved: boolean): void {
    const { toolName, path, real, current } = plan;
    this.options.onWritten?.({ toolCallId: context.toolCallId ?? '', toolName, path, real, before: current ?? '', after, autoApproved });
  }

  /** The user's answer, or the result that ends the call (denied, aborted, the question failed). */
  private async answer(request: ApprovalRequest, context: ToolContext): Promise<ApprovalAnswer | { result: ToolResult }> {
    let answer: ApprovalAnswer;
    try {
      answer = answerOf(await this.options.ask(request));
    } catch (error) {
      return { result: errorResult(`The tool call was not run: asking for approval failed (${errorMessage(error)}).`) };
    }
    if (context.signal.aborted) return { result: errorResult('The tool call was aborted before it ran.') };
    if (answer.decision === 'deny') return { result: deniedResult(answer.reason) };
    if (request.protectedPath === undefined) this.remember(request, answer.decision);
    return answer;
  }

  /** A protected file's note, or the rule the card may propose (a protected file is asked every time: none). */
  private async offer(toolName: string, args: { [key: string]: Json }, root: string, protectedPath: string | undefined): Promise<Partial<ApprovalRequest>> {
    if (protectedPath !== undefined) return { protectedPath };
    const suggestedRule = await suggestRule({ toolName, args, root });
    return suggestedRule === undefined ? {} : { suggestedRule };
  }

  /**
   * What an answer allows from now on: the tool ('allow-always') or the rule the card proposed,
   * kept only when it is about the tool asked for (an MCP server's rule: the server it comes from).
   */
  private remember(request: ApprovalRequest, decision: ApprovalDecision): void {
    const rule = decision === 'allow-always' ? parseRule(request.toolName) : typeof decision === 'object' ? parseRule(decision.allowRule) : undefined;
    if (rule !== undefined && ruleNames(rule, request)) this.always.push(rule);
  }
}

/** What the model reads when the user said no, with their reason when they gave one. */
export function deniedResult(reason?: string): ToolResult {
  const given = reason?.trim();
  const text = given ? `${DENIED_TEXT} Their reason: ${given}` : DENIED_TEXT;
  return errorResult(text, { denied: true } satisfies Json);
}

/** The protected file the call would change, if any. */
async function protectedFileOf(toolName: string, args: { [key: string]: Json }, context: ToolContext): Promise<string | undefined> {
  const key = TARGET_ARGUMENT[toolName];
  const given = key === undefined ? undefined : args[key];
  return typeof given === 'string' ? protectedTarget(context.root, given) : undefined;
}
