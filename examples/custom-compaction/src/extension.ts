// An example of Arbor's API: this extension writes compaction and branch summaries of its own
// (deterministic ones, made from the messages with Arbor's helpers), or cancels them, or
// misbehaves on purpose (throws, never answers), as the command `customCompaction.setMode` says.
// Arbor's tests drive it; a real extension would ask another model in `summarize`.
import * as vscode from 'vscode';
import type { ArborApiV1, ArborExports, WillCompactAnswer, WillCompactEvent, WillNavigateTreeAnswer, WillNavigateTreeEvent } from '../../../api/arbor';

/** What the handlers do: `off` answers nothing (Arbor's own summaries are written). */
export type Mode = 'off' | 'summarize' | 'cancel' | 'throw' | 'hang' | 'bad-cut';

interface Settings {
  compaction: Mode;
  tree: Mode;
  /** The time limit the handlers are registered with (ms). */
  timeoutMs?: number;
}

/** What the handlers were asked and the events said, for whoever drives the example. */
interface Seen {
  /** `cancelled`: a hanging handler's CancellationToken was cancelled (its time was up, or the user stopped). */
  kind: 'compact' | 'tree' | 'didCompact' | 'didFailCompaction' | 'didNavigateTree' | 'cancelled';
  reason?: string;
  willRetry?: boolean;
  customInstructions?: string;
  messages?: number;
  fromExtension?: boolean;
  errorMessage?: string;
  aborted?: boolean;
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const arbor = await vscode.extensions.getExtension<ArborExports>('arbor-dev.arbor')?.activate();
  const api = arbor?.getApi(1);
  if (!api) {
    void vscode.window.showWarningMessage('Custom Compaction needs Arbor with version 1 of its API.');
    return;
  }
  const seen: Seen[] = [];
  let registrations: vscode.Disposable[] = [];
  const register = (settings: Settings): void => {
    registrations.forEach((registration) => registration.dispose());
    const options = { extensionId: context.extension.id, ...(settings.timeoutMs ? { timeoutMs: settings.timeoutMs } : {}) };
    registrations = [
      api.onWillCompact((event) => {
        seen.push({ kind: 'compact', reason: event.reason, willRetry: event.willRetry, customInstructions: event.customInstructions, messages: event.preparation.messagesToSummarize.length });
        if (settings.compaction === 'hang') return untilCancelled(event.token, () => seen.push({ kind: 'cancelled' }));
        return answerCompaction(api, settings.compaction, event);
      }, options),
      api.onWillNavigateTree((event) => {
        seen.push({ kind: 'tree', messages: event.preparation.entriesToSummarize.length });
        if (settings.tree === 'hang') return untilCancelled(event.token, () => seen.push({ kind: 'cancelled' }));
        return answerTree(api, settings.tree, event);
      }, options),
    ];
  };
  register({ compaction: 'off', tree: 'off' });
  context.subscriptions.push(
    { dispose: () => registrations.forEach((registration) => registration.dispose()) },
    api.onDidCompact((event) => seen.push({ kind: 'didCompact', fromExtension: event.fromExtension, reason: event.reason, willRetry: event.willRetry })),
    // A telemetry extension would pair each onWillCompact with one of these two outcomes.
    api.onDidFailCompaction((event) =>
      seen.push({ kind: 'didFailCompaction', reason: event.reason, aborted: event.aborted, willRetry: event.willRetry, fromExtension: event.fromExtension, ...(event.errorMessage !== undefined ? { errorMessage: event.errorMessage } : {}) }),
    ),
    api.onDidNavigateTree((event) => seen.push({ kind: 'didNavigateTree', fromExtension: event.fromExtension === true })),
    vscode.commands.registerCommand('customCompaction.setMode', (settings: Settings) => {
      register(settings);
      seen.length = 0;
    }),
    vscode.commands.registerCommand('customCompaction.seen', () => [...seen]),
  );
}

function answerCompaction(api: ArborApiV1, mode: Mode, event: WillCompactEvent): WillCompactAnswer | Promise<WillCompactAnswer> {
  const { preparation } = event;
  switch (mode) {
    case 'off':
      return undefined;
    case 'cancel':
      return { cancel: true };
    case 'throw':
      throw new Error('the example was told to throw');
    case 'bad-cut':
      return { compaction: { summary: 'never written', firstKeptEntryId: 'not-an-entry', tokensBefore: preparation.tokensBefore } };
    case 'summarize':
      return { compaction: { summary: summarize(api, preparation.messagesToSummarize), firstKeptEntryId: preparation.firstKeptEntryId, tokensBefore: preparation.tokensBefore, details: { by: 'custom-compaction' } } };
  }
}

function answerTree(api: ArborApiV1, mode: Mode, event: WillNavigateTreeEvent): WillNavigateTreeAnswer | Promise<WillNavigateTreeAnswer> {
  switch (mode) {
    case 'cancel':
      return { cancel: true };
    case 'throw':
      throw new Error('the example was told to throw');
    case 'summarize': {
      const messages = event.preparation.entriesToSummarize.flatMap((entry) => (entry.type === 'message' ? [entry['message'] as { role: string }] : []));
      return { summary: { summary: `CUSTOM BRANCH SUMMARY\n${summarize(api, messages)}` } };
    }
    default:
      return undefined;
  }
}

/** A handler that never answers by itself: it gives up, with no answer, when Arbor cancels its token. */
function untilCancelled(token: vscode.CancellationToken, cancelled: () => void): Promise<undefined> {
  return new Promise((resolve) => {
    const listener = token.onCancellationRequested(() => {
      listener.dispose();
      cancelled();
      resolve(undefined);
    });
  });
}

/** A deterministic summary: the count and the start of the conversation as Arbor would send it. */
function summarize(api: ArborApiV1, messages: readonly { role: string }[]): string {
  const text = api.serializeConversation(api.convertToLlm(messages));
  return `CUSTOM SUMMARY of ${messages.length} messages\n\n${text.slice(0, 400)}`;
}
