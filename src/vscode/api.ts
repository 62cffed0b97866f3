// Arbor's API for other extensions (`extension.exports.getApi(1)`, typed in api/arbor.d.ts): the
// hooks around compactions and moves, their after-events, two helpers of the core, and the context
// edits of the open session (contextEditsApi.ts). The
// handlers live in one ArborHooks that every agent is given; this file only adapts it to VS Code
// (disposables, a CancellationToken beside pi's AbortSignal, the caller's display name, the log).
import * as vscode from 'vscode';
import type { ArborApiV1, ArborExports, HandlerOptions } from '../../api/arbor';
import { serializeConversation } from '../core/compaction';
import { ArborHooks, type HookOwner } from '../core/hooks';
import { convertToLlm, type AgentMessage, type LlmMessage } from '../core/session';
import { errorMessage } from '../core/util/errors';
import type { Logger } from '../core/util/logger';
import type { ContextEditMembers } from './contextEditsApi';

/** The hooks every agent is given, with failures of other extensions' handlers in Arbor's log. */
export function createHooks(log: Logger): ArborHooks {
  const what = { threw: 'failed', 'timed-out': 'took too long', refused: 'answered what Arbor cannot use' } as const;
  return new ArborHooks(
    ({ owner, kind, detail }) => log.warn(`The handler of the extension ${owner.id} ${what[kind]}: ${detail}`),
    (error) => log.warn(`An extension's listener of an Arbor event failed: ${errorMessage(error)}`),
  );
}

/** Version 1 of the API over `hooks`, with the context edits of the open session. */
export function apiV1(hooks: ArborHooks, edits: ContextEditMembers): ArborApiV1 {
  return {
    apiVersion: 1,
    ...edits,
    onWillCompact: (handler, options) => hooks.onWillCompact(withToken((event) => handler(event as never) as never), handlerOptions(options)),
    onWillNavigateTree: (handler, options) => hooks.onWillNavigateTree(withToken((event) => handler(event as never) as never), handlerOptions(options)),
    onDidCompact: hooks.onDidCompact as ArborApiV1['onDidCompact'],
    onDidFailCompaction: hooks.onDidFailCompaction as ArborApiV1['onDidFailCompaction'],
    onDidNavigateTree: hooks.onDidNavigateTree as ArborApiV1['onDidNavigateTree'],
    convertToLlm: (messages) => convertToLlm(structuredClone(messages) as unknown as AgentMessage[]) as unknown as ReturnType<ArborApiV1['convertToLlm']>,
    serializeConversation: (messages) => serializeConversation(messages as unknown as LlmMessage[]),
  };
}

/** What `activate` returns to every extension: the API by version (as the Git extension's `getAPI(1)`). */
export function arborExports(hooks: ArborHooks, edits: ContextEditMembers): ArborExports {
  const v1 = apiV1(hooks, edits);
  return { getApi: (version) => (version === 1 ? v1 : undefined) };
}

/**
 * A handler given its event with `token`, a CancellationToken cancelled when the event's `signal`
 * fires (the user stopped, or the handler's time is up), as VS Code's own providers are told.
 * The token's source lives as long as the handler runs.
 */
function withToken<E extends { signal: AbortSignal }, R>(handler: (event: E & { token: vscode.CancellationToken }) => R | Promise<R>): (event: E) => Promise<R> {
  return async (event) => {
    const source = new vscode.CancellationTokenSource();
    const cancel = (): void => source.cancel();
    if (event.signal.aborted) cancel();
    else event.signal.addEventListener('abort', cancel, { once: true });
    try {
      return await handler(Object.freeze({ ...event, token: source.token }));
    } finally {
      event.signal.removeEventListener('abort', cancel);
      source.dispose();
    }
  };
}

/** The caller as the user knows it: its display name from its manifest, else the identifier it gave. */
function handlerOptions(options: HandlerOptions): { owner: HookOwner; timeoutMs: number | undefined } {
  const id = options?.extensionId;
  if (typeof id !== 'string' || id.trim() === '') throw new TypeError('Arbor: register a handler with your extension\'s identifier, { extensionId: context.extension.id }');
  const manifest = vscode.extensions.getExtension(id)?.packageJSON as { displayName?: unknown } | undefined;
  const name = typeof manifest?.displayName === 'string' && manifest.displayName.trim() !== '' ? manifest.displayName : id;
  return { owner: { id, name }, timeoutMs: typeof options.timeoutMs === 'number' ? options.timeoutMs : undefined };
}
