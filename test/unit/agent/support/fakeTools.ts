/** Small tools for loop tests: they record their calls; one waits until it is stopped. */
import type { Tool, ToolResult } from '../../../../src/core/agent/tools/tool';
import type { Json } from '../../../../src/core/session';

export function echoTool(log: string[] = [], needsApproval = false): Tool {
  return {
    spec: { name: 'echo', description: 'Echoes its text', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    needsApproval,
    async execute(args) {
      log.push(String(args.text));
      return { content: [{ type: 'text', text: `echo: ${String(args.text)}` }], isError: false };
    },
  };
}

/** A tool that never finishes by itself; it reports when it started and whether it saw the abort. */
export function hangingTool(state: { started?: () => void; sawAbort?: boolean } = {}): Tool {
  return {
    spec: { name: 'wait', description: 'Waits', inputSchema: { type: 'object' } },
    needsApproval: false,
    execute(_args: { [key: string]: Json }, context): Promise<ToolResult> {
      state.started?.();
      return new Promise((resolve) => {
        context.signal.addEventListener('abort', () => {
          state.sawAbort = true;
          resolve({ content: [{ type: 'text', text: 'wait: aborted' }], isError: true });
        });
      });
    },
  };
}
