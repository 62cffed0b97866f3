/** `arbor tree <file>`: every entry with its parent, type, child count and label. */
import { entryKind, flattenDisplayTree, getDisplayTree, positionOnOpen, type SessionEntry, type SessionTree } from '../../core/session';
import type { Command } from '../command';
import { entryPreview } from '../describe';
import { loadForCli } from '../load';

export interface TreeNodeRow {
  id: string;
  parentId: string | null;
  type: string;
  children: number;
  label?: string;
}

export interface TreeReport {
  leafId: string | null;
  roots: string[];
  nodes: TreeNodeRow[];
}

export const treeCommand: Command = {
  name: 'tree',
  usage: '',
  summary: 'list every entry: parent, type, number of children, label',
  flags: [],
  async run({ file }) {
    const { tree, header } = await loadForCli(file);
    const report = treeReport(tree);
    return { data: report, text: () => renderTree(tree, report, header.id) };
  },
};

/** Nodes in file order; `parentId` as written in the file. */
export function treeReport(tree: SessionTree): TreeReport {
  const nodes = tree.entries.map((entry): TreeNodeRow => {
    const row: TreeNodeRow = { id: entry.id, parentId: entry.parentId ?? null, type: entryKind(entry), children: tree.childrenOf(entry.id).length };
    const label = tree.labelOf(entry.id);
    if (label) row.label = label.label;
    return row;
  });
  return { leafId: positionOnOpen(tree), roots: tree.roots.map((entry) => entry.id), nodes };
}

/**
 * The tree as pi's /tree draws it: linear runs flat, one indentation step per branch, the branch
 * holding the current position first. `*` marks the current position, `•` the path to it.
 */
function renderTree(tree: SessionTree, report: TreeReport, sessionId: string): string {
  const name = tree.sessionName ? ` "${tree.sessionName}"` : '';
  const lines = [
    `session ${sessionId}${name}: ${plural(report.nodes.length, 'entry', 'entries')}, ${plural(report.roots.length, 'root', 'roots')}, current position ${report.leafId ?? '(before the first entry)'}`,
  ];
  // Position markers are shown here: the listing is a faithful view of the file.
  const rows = flattenDisplayTree(getDisplayTree(tree, report.leafId, { hide: () => false }));
  for (const { node, depth } of rows) {
    const mark = node.isLeaf ? '*' : node.onActivePath ? '•' : ' ';
    const label = node.label ? ` [${node.label}]` : '';
    lines.push(`${mark} ${'  '.repeat(depth)}${node.entry.id} ${describeKind(node.entry)}${label} ${entryPreview(node.entry)}`.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

function describeKind(entry: SessionEntry): string {
  return entryKind(entry).replace(/^message:/, '');
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
