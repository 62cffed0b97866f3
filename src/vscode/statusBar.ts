// The token meter in the status bar: context tokens of the current session against the model's
// window. One render function draws it from one state value.
import * as vscode from 'vscode';
import type { Session } from '../core/session';
import { meterLevel, meterText, percentOf, type MeterLevel, type MeterReading } from '../core/tokens';
import type { CurrentSession } from './currentSession';
import { errorDetail } from '../core/util/errors';

export interface ContextUsage extends MeterReading {
  /** Where the number comes from, for the tooltip (e.g. "last API usage 4,550 + estimate 10"). */
  breakdown: string;
}

/** Measures a session's context; supplied by the engine. */
export type ContextMeter = (session: Session) => ContextUsage;

/** Warning colours as the context nears, then passes, the point where compaction fires. */
const LEVEL_COLORS: Record<MeterLevel, vscode.ThemeColor | undefined> = {
  normal: undefined,
  near: new vscode.ThemeColor('statusBarItem.warningBackground'),
  over: new vscode.ThemeColor('statusBarItem.errorBackground'),
};

export class TokenStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('arbor.tokens', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly current: CurrentSession,
    private readonly measure: ContextMeter,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.item.name = 'Arbor Context Tokens';
    this.subscription = current.onDidChange(() => this.update());
    this.update();
  }

  update(): void {
    const session = this.current.session;
    if (!session) {
      this.item.hide();
      return;
    }
    let usage: ContextUsage;
    try {
      usage = this.measure(session);
    } catch (error) {
      this.log.error(`Could not count the context tokens: ${errorDetail(error)}`);
      this.item.hide();
      return;
    }
    const percent = percentOf(usage);
    this.item.text = `$(pulse) ${meterText(usage)}`;
    this.item.backgroundColor = LEVEL_COLORS[meterLevel(usage)];
    this.item.tooltip = new vscode.MarkdownString()
      .appendMarkdown('**Arbor context**\n\n')
      .appendText(`${usage.tokens.toLocaleString('en-US')} of ${usage.contextWindow.toLocaleString('en-US')} tokens (${percent}%)\n`)
      .appendText(usage.breakdown);
    this.item.accessibilityInformation = { label: `Arbor context: ${usage.tokens} of ${usage.contextWindow} tokens, ${percent} percent` };
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
