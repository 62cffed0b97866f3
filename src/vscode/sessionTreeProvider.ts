// The Session Tree view: the current session's entries as the engine's display tree (linear runs
// flat, nesting only at branch points), read-only. It only translates DisplayNodes into TreeItems.
import * as vscode from 'vscode';
import { describeEntry, firstLine, getDisplayTree, type DisplayNode } from '../core/session';
import type { CurrentSession } from './currentSession';

export class SessionTreeProvider implements vscode.TreeDataProvider<DisplayNode>, vscode.Disposable {
  static readonly viewId = 'arbor.sessionTree';

  private readonly changed = new vscode.EventEmitter<DisplayNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly current: CurrentSession) {
    this.subscription = current.onDidChange(() => this.refresh());
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getChildren(node?: DisplayNode): DisplayNode[] {
    if (node) return node.children;
    const session = this.current.session;
    return session ? getDisplayTree(session.tree, session.leafId) : [];
  }

  getTreeItem(node: DisplayNode): vscode.TreeItem {
    const { tag, text } = describeEntry(node.entry);
    const summary = firstLine(text);
    const item = new vscode.TreeItem(
      summary ? `${tag}: ${summary}` : tag,
      node.children.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.entry.id;
    item.description = [node.isLeaf ? '● current' : undefined, node.label].filter(Boolean).join(' · ') || undefined;
    item.tooltip = text ? new vscode.MarkdownString().appendText(text) : tag;
    item.iconPath = new vscode.ThemeIcon(iconFor(node), node.onActivePath ? new vscode.ThemeColor('charts.green') : undefined);
    item.contextValue = 'entry';
    item.accessibilityInformation = { label: `${String(item.label)}${item.description ? `, ${String(item.description)}` : ''}` };
    return item;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function iconFor(node: DisplayNode): string {
  if (node.isLeaf) return 'target';
  switch (node.entry.type) {
    case 'compaction':
      return 'fold';
    case 'branch_summary':
      return 'git-merge';
    case 'label':
      return 'tag';
    case 'message':
      return 'comment';
    default:
      return 'circle-small';
  }
}
