/**
 * A real workspace for the tool tests: `<temp>/ws` is the root the tools are confined to, and
 * `<temp>/outside` holds a secret file next to it, for the escapes that must be refused.
 */
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Json } from '../../../../src/core/session';
import type { Tool, ToolContext, ToolResult } from '../../../../src/core/agent/tools/tool';
import { useTempDir } from '../../../support/tempDir';

export interface Workspace {
  /** The workspace root (real path). */
  root: string;
  /** A folder beside it, outside the workspace, holding `secret.txt`. */
  outside: string;
  /** Writes a file under the root (folders created). */
  file(relative: string, content: string | Buffer): string;
  run(tool: Tool, args: { [key: string]: Json }, options?: Partial<ToolContext>): Promise<ToolResult>;
}

export function useWorkspace(): () => Workspace {
  const temp = useTempDir();
  return () => {
    const base = realpathSync(temp());
    const root = path.join(base, 'ws');
    const outside = path.join(base, 'outside');
    mkdirSync(root, { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
    return {
      root,
      outside,
      file(relative, content) {
        const full = path.join(root, relative);
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, content);
        return full;
      },
      run: (tool, args, options = {}) => tool.execute(args, { root, signal: new AbortController().signal, ...options }),
    };
  };
}

/** The text of a result's text blocks, joined. */
export function textOf(result: ToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : `[image ${block.mimeType}]`)).join('\n');
}
