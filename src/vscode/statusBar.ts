// The token meter in the status bar: the current session's context against the model's window,
// read from the agent (the numbers its auto-compaction trigger uses). One render draws it from
// one reading; while a reply streams, core's LiveMeter adds the streamed text and throttles redraws.
import * as vscode from 'vscode';
import type { AgentEvent } from '../core/agent';
import { messageRole } from '../core/session';
import { LiveMeter, meterDetails, meterText, type MeterLevel, type MeterReading, type MeterSettings, type MeterTimers } from '../core/tokens';
import { errorMessage } from '../core/util/errors';
import type { AgentHost } from './agentHost';
import { onDidChangeConfig, readConfig } from './config';
import type { CurrentSession } from './currentSession';

const COMPACT_COMMAND = 'arbor.compactSession';

const REAL_TIMERS: MeterTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Warning colours as the context nears, then passes, the point where compaction fires. */
const LEVEL_COLORS: Record<MeterLevel, vscode.ThemeColor | undefined> = {
  normal: undefined,
  warning: new vscode.ThemeColor('statusBarItem.warningBackground'),
  error: new vscode.ThemeColor('statusBarItem.errorBackground'),
};

export class TokenStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('arbor.tokens', vscode.StatusBarAlignment.Right, 100);
  private readonly meter = new LiveMeter(meterSettings(), (reading) => this.render(reading), REAL_TIMERS);
  private readonly subscriptions: vscode.Disposable[];
  /** Answers to `host.status()` can arrive out of order; only the latest request's is drawn. */
  private request = 0;

  constructor(
    private readonly host: AgentHost,
    current: CurrentSession,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.item.name = 'Arbor Context Tokens';
    this.item.command = { command: COMPACT_COMMAND, title: 'Compact Session' };
    this.subscriptions = [
      host.onEvent((event) => this.agentEvent(event)),
      // Another session, or a move (the tree, Undo Compaction, following another writer): the
      // context changed without an agent event, so the meter reads it again.
      current.follow((event) => {
        if (event.kind === 'replaced' || event.change.kind === 'move') this.refresh();
      }),
      // Model, window overrides, estimator, compaction settings: a new agent, a new reading.
      onDidChangeConfig(() => {
        this.meter.setSettings(meterSettings());
        this.refresh();
      }),
    ];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.meter.dispose();
    this.item.dispose();
  }

  private agentEvent(event: AgentEvent): void {
    switch (event.type) {
      case 'tokens':
        this.request++; // a reading in flight is older than this one
        this.meter.setStatus(event.status);
        return;
      case 'text_delta':
      case 'thinking_delta':
      case 'tool_call_delta':
        this.meter.streamed(event.delta);
        return;
      case 'reply_reset':
        this.meter.resetStreaming();
        return;
      case 'entry_appended':
        // The agent reports a reading after each reply; a prompt or a tool result has none of its own.
        if (messageRole(event.entry) !== 'assistant') this.refresh();
        return;
      default:
        return;
    }
  }

  /** Asks the agent for the current reading (cheap: its tracker keeps the context up to date). */
  private refresh(): void {
    const request = ++this.request;
    this.host.status().then(
      (status) => {
        if (request === this.request) this.meter.setStatus(status);
      },
      (error: unknown) => {
        this.log.warn(`Could not count the context tokens: ${errorMessage(error)}`);
        if (request === this.request) this.meter.setStatus(undefined);
      },
    );
  }

  private render(reading: MeterReading | undefined): void {
    if (!reading) {
      this.item.hide();
      return;
    }
    this.item.text = `$(pulse) ${meterText(reading)}`;
    this.item.backgroundColor = LEVEL_COLORS[reading.level];
    this.item.tooltip = tooltip(reading);
    this.item.accessibilityInformation = { label: `Arbor context: ${meterDetails(reading)[0]}` };
    this.item.show();
  }
}

function tooltip(reading: MeterReading): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString('**Arbor context**\n\n');
  for (const line of meterDetails(reading)) markdown.appendText(line).appendMarkdown('\n\n');
  markdown.appendMarkdown(`[Compact Session](command:${COMPACT_COMMAND})`);
  // Trusted for this one command only: nothing else in the tooltip can run anything.
  markdown.isTrusted = { enabledCommands: [COMPACT_COMMAND] };
  return markdown;
}

function meterSettings(): MeterSettings {
  const { enabled, keepRecentTokens } = readConfig().compaction;
  return { enabled, keepRecentTokens };
}
