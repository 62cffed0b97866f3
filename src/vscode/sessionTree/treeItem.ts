// Core's row presentation mapped onto TreeItems; nothing is decided here.
import * as vscode from 'vscode';
import type { ContextMark, SessionEntry, ToolCall } from '../../core/session';
import { presentRow, type LazyDisplayNode, type StepFiles } from '../../core/sessionTree';
import type { GroupElement } from './provider';
import { COMMAND } from '../../shared/commands';

/** The command a row's click runs, with the entry id (expanding or collapsing runs nothing). */
export const ACTIVATE_COMMAND = COMMAND.treeActivate;
/** The click's second argument: the move came from the tree (its focus follows the ● there). */
export const ROW_CLICK = 'row-click';

/** Rows on the current path get their icon in this colour. */
const ON_PATH_COLOR = new vscode.ThemeColor('charts.green');
/** A row whose entry the model does not see (hidden by an edit) gets its icon dimmed. */
const QUIET_COLOR = new vscode.ThemeColor('disabledForeground');

/** What the row needs beyond its node: the call a tool result answers, when its label was set. */
export interface RowExtras {
  call?: ToolCall;
  labeledAt?: string;
  files?: StepFiles;
  pinned?: boolean;
  contextMark?: ContextMark;
}

export function entryTreeItem(entry: SessionEntry, node: LazyDisplayNode, isCurrent: boolean, expanded: boolean, extras: RowExtras): vscode.TreeItem {
  const row = presentRow({ entry, label: node.label, onActivePath: node.onActivePath, isCurrent, ...extras });
  const state = !node.hasChildren ? vscode.TreeItemCollapsibleState.None : expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
  const item = new vscode.TreeItem(row.label, state);
  item.id = entry.id;
  item.description = row.description;
  item.tooltip = untrustedMarkdown(row.tooltip);
  item.iconPath = new vscode.ThemeIcon(row.icon, row.quiet ? QUIET_COLOR : node.onActivePath ? ON_PATH_COLOR : undefined);
  item.contextValue = row.contextValue;
  item.command = { command: ACTIVATE_COMMAND, title: 'Go to Entry', arguments: [entry.id, ROW_CLICK] };
  item.accessibilityInformation = { label: row.accessibilityLabel };
  return item;
}

/** Session text as Markdown that can run nothing: no command links, no HTML, no theme icons (core made images and other links inert). */
function untrustedMarkdown(markdown: string): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString(markdown, false);
  tooltip.isTrusted = false;
  tooltip.supportHtml = false;
  return tooltip;
}

export function groupTreeItem(group: GroupElement): vscode.TreeItem {
  const count = (group.to - group.from).toLocaleString('en-US');
  const item = new vscode.TreeItem(`… ${count} ${group.direction} entries`, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = group.id;
  item.iconPath = new vscode.ThemeIcon('ellipsis');
  item.contextValue = 'group';
  return item;
}
