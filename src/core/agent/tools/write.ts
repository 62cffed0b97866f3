/** `write`: creates or replaces a file in the workspace, creating its folders as needed. */
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { requiredString } from './args';
import { argumentsSchema, defineTool, param, textResult, throwIfAborted, ToolFailure } from './define';
import { resolveWorkspacePath } from './paths';
import type { Tool } from './tool';

export function createWriteTool(): Tool {
  return defineTool({
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
      const given = requiredString(args, 'path');
      const content = requiredString(args, 'content');
      const target = await resolveWorkspacePath(context.root, given);
      const existing = await fs.stat(target.real).catch(() => undefined);
      if (existing?.isDirectory()) throw new ToolFailure(`${given} is a directory; give a file path.`);
      if (existing && !existing.isFile()) throw new ToolFailure(`${given} is not a regular file.`);
      throwIfAborted(context.signal);
      await fs.mkdir(path.dirname(target.real), { recursive: true });
      await fs.writeFile(target.real, content, 'utf8');
      return textResult(`Wrote ${Buffer.byteLength(content, 'utf8')} bytes to ${given}`);
    },
  });
}
