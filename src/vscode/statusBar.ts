// The token meter in the status bar: the current session's context against the model's window, as
// the agent reports it (the numbers its auto-compaction trigger uses) whenever it may have changed.
// One render draws it from one reading; while a reply streams, core's LiveMeter adds the streamed
// text and throttles redraws.
import * as vscode from 'vscode';
import type { AgentEvent } from '../core/agent';
import { describeCompactionSettings, type EffectiveCompactionSettings } from '../core/context';
import { breakdownLines, LiveMeter, meterDetails, meterText, totalsDetails, type ContextBreakdown, type ContextStatus, type MeterLevel, type MeterReading, type MeterSettings, type MeterTimers, type SessionTotals } from '../core/tokens';
import type { AgentHost } from './agent/host';
import { readConfig } from './config';
import type { CurrentSession } from './currentSession/currentSession';
import type { ProjectInfo } from './projectInfo';
import type { SessionTotalsWatcher } from './currentSession/sessionTotals';
import { COMMAND } from '../shared/commands';

const COMPACT_COMMAND = COMMAND.compactSession;
const SHOW_CONTEXT_COMMAND = COMMAND.showContext;

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
  private readonly meter: LiveMeter;
  private readonly subscriptions: vscode.Disposable[];
  /** The agent's last reading, which the breakdown takes apart (the meter adds the reply streaming). */
  private status: ContextStatus | undefined;

  constructor(
    private readonly host: AgentHost,
    current: CurrentSession,
    private readonly project: ProjectInfo,
    private readonly totals: SessionTotalsWatcher,
  ) {
    this.meter = new LiveMeter(meterSettings(project.state?.compaction), (reading) => this.render(reading), REAL_TIMERS);
    this.item.name = 'Arbor Context Tokens';
    this.item.command = { command: COMPACT_COMMAND, title: 'Compact Session' };
    this.subscriptions = [
      host.onEvent((event) => this.agentEvent(event)),
      // No session, no meter; another session's agent reports its reading once it is built.
      current.follow((event) => {
        if (event.kind === 'replaced' && !event.session) {
          this.status = undefined;
          this.meter.setStatus(undefined);
        }
      }),
      // What the tooltip says of compaction (Arbor's settings over pi's); the agent reports the new
      // reading (its threshold) once it has the settings.
      project.onDidChange((state) => this.meter.setSettings(meterSettings(state.compaction))),
      totals.onDidChange(() => this.render(this.meter.reading())),
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
        this.status = event.status;
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
    const breakdown = this.status && this.host.breakdown(this.status, reading.streamingTokens);
    this.item.tooltip = tooltip(reading, breakdown, this.project.state?.compaction, this.totals.totals);
    this.item.accessibilityInformation = { label: `Arbor context: ${meterDetails(reading)[0]}` };
    this.item.show();
  }
}

function tooltip(reading: MeterReading, breakdown: ContextBreakdown | undefined, compaction: EffectiveCompactionSettings | undefined, totals: SessionTotals | undefined): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString('**Arbor context**\n\n');
  const section = (title: string, lines: readonly string[]): void => {
    if (lines.length === 0) return;
    markdown.appendMarkdown(`**${title}**\n\n`);
    for (const line of lines) markdown.appendText(line).appendMarkdown('\n\n');
  };
  for (const line of meterDetails(reading)) markdown.appendText(line).appendMarkdown('\n\n');
  // Only when it takes this very reading apart (the agent's may be newer or older than the meter's).
  section('The next request', breakdown?.total === reading.tokens ? breakdownLines(breakdown) : []);
  section('Compaction settings', compaction ? describeCompactionSettings(compaction) : []);
  // Told apart from the context in use above: what every request sent and received added up.
  section('Spent (tokens processed, not the context in use)', totals ? totalsDetails(totals) : []);
  markdown.appendMarkdown(`[Show Context](command:${SHOW_CONTEXT_COMMAND}) · [Compact Session](command:${COMPACT_COMMAND})`);
  // Trusted for these two commands only: nothing else in the tooltip can run anything.
  markdown.isTrusted = { enabledCommands: [SHOW_CONTEXT_COMMAND, COMPACT_COMMAND] };
  return markdown;
}

/** The values in effect (Arbor's settings over pi's); Arbor's alone until pi's files were read. */
function meterSettings(compaction: EffectiveCompactionSettings | undefined): MeterSettings {
  if (compaction) return { enabled: compaction.enabled.value, keepRecentTokens: compaction.keepRecentTokens.value };
  const { enabled, keepRecentTokens } = readConfig().compaction;
  return { enabled, keepRecentTokens };
}
