/** `write`: creates or replaces a file in the workspace, creating its folders as needed. */
import { promises as fs } from 'node:fs';
import { requiredString } from './args';
import { argumentsSchema, defineTool, param, type ToolArgs, ToolFailure } from './define';
import { applyPlan, readIfPresent, type EditPlan } from './editPlan';
import { resolveWorkspacePath } from '../../workspace/paths';
import type { PlanningTool, ToolContext } from './tool';

export function createWriteTool(): PlanningTool {
  const tool = defineTool({
    spec: {
      name: 'write',
      description: 'Write a file in the workspace: creates it (and its folders) when missing, replaces its whole content when present.',
      inputSchema: argumentsSchema(
        {
          path: param('string', 'File to write, relative to the workspace folder'),
          content: param('string', 'The complete new content of the file'),
        },
        ['path', 'content'],
      ),
    },
    needsApproval: true,
    async run(args, context) {
      return writePlanned(await planWrite(args, context), context);
    },
  });
  return { ...tool, plan: planWrite };
}

/** The file as it is and the content that would replace it; nothing is written. */
export async function planWrite(args: ToolArgs, context: ToolContext): Promise<EditPlan> {
  const given = requiredString(args, 'path');
  const content = requiredString(args, 'content');
  const target = await resolveWorkspacePath(context.root, given);
  const existing = await fs.stat(target.real).catch(() => undefined);
  if (existing?.isDirectory()) throw new ToolFailure(`${given} is a directory; give a file path.`);
  if (existing && !existing.isFile()) throw new ToolFailure(`${given} is not a regular file.`);
  const current = existing ? await readIfPresent(target.real) : undefined;
  return { toolName: 'write', path: given, real: target.real, current, proposed: content };
}

/** Writes a plan made a moment ago (no one was asked): a change on disk in between is refused, not overwritten. */
export async function writePlanned(plan: EditPlan, context: ToolContext) {
  const outcome = await applyPlan(plan, context, plan.proposed, { recheck: false });
  if (outcome.kind === 'written') return outcome.result;
  throw new ToolFailure(`${plan.path} changed on disk while it was being written; nothing was written. Read it again before changing it.`);
}
