// The token meter in the status bar: the current session's context against the model's window, as
// the agent reports it (the numbers its auto-compaction trigger uses) whenever it may have changed.
// One render draws it from one reading; while a reply streams, core's LiveMeter adds the streamed
// text and throttles redraws.
import * as vscode from 'vscode';
import type { AgentEvent } from '../core/agent';
import { LiveMeter, meterDetails, meterText, type MeterLevel, type MeterReading, type MeterSettings, type MeterTimers } from '../core/tokens';
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

  constructor(host: AgentHost, current: CurrentSession) {
    this.item.name = 'Arbor Context Tokens';
    this.item.command = { command: COMPACT_COMMAND, title: 'Compact Session' };
    this.subscriptions = [
      host.onEvent((event) => this.agentEvent(event)),
      // No session, no meter; another session's agent reports its reading once it is built.
      current.follow((event) => {
        if (event.kind === 'replaced' && !event.session) this.meter.setStatus(undefined);
      }),
      // What the tooltip says of compaction; the agent reports the new reading once it has the settings.
      onDidChangeConfig(() => this.meter.setSettings(meterSettings())),
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
      default:
        return;
    }
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
