// The Session Tree view in the real extension host: an append that continues the current branch
// makes VS Code re-ask that one level (the branch head's children), not the whole tree; a new
// branch and a move refresh from the top; the filter commands change the rows.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Session } from '../../src/core/session';
import type { ArborTesting } from '../../src/vscode/testing';
import type { SessionTreeProvider, TreeElement } from '../../src/vscode/sessionTree/provider';
import { arborTesting, own, until } from './support';

const at = (second: number): string => `2026-03-01T10:00:${String(second).padStart(2, '0')}.000Z`;
const text = (value: string) => [{ type: 'text' as const, text: value }];

/** u1 → a1 → {x1 → x2 (older branch), y1 → y2 (the file's last line: the position)}. */
function writeSession(dir: string): string {
  const line = (id: string, parentId: string | null, second: number, role: 'user' | 'assistant', said: string): object => ({
    type: 'message',
    id,
    parentId,
    timestamp: at(second),
    message:
      role === 'user'
        ? { role, content: text(said), timestamp: 0 }
        : { role, content: text(said), api: 'anthropic-messages', provider: 'anthropic', model: 'claude-haiku-4-5', usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } }, stopReason: 'stop', timestamp: 0 },
  });
  const lines = [
    { type: 'session', version: 3, id: '0194b000-0000-7000-8000-00000000aa01', timestamp: at(0), cwd: dir },
    line('u1000001', null, 1, 'user', 'Plan the parser'),
    line('a1000001', 'u1000001', 2, 'assistant', 'Two ways.'),
    line('x1000001', 'a1000001', 3, 'user', 'Try the lexer way'),
    line('x2000001', 'x1000001', 4, 'assistant', 'Lexer done.'),
    line('y1000001', 'a1000001', 5, 'user', 'Try the combinator way'),
    line('y2000001', 'y1000001', 6, 'assistant', 'Combinators done.'),
  ];
  const file = path.join(dir, 'tree.jsonl');
  fs.writeFileSync(file, lines.map((entry) => JSON.stringify(entry)).join('\n') + '\n');
  return file;
}

const idOf = (element: TreeElement | undefined): string => (element?.kind === 'entry' ? element.entry.id : String(element?.kind));

/** Waits until VS Code has stopped asking for rows (it batches refreshes and reveals for a moment). */
async function settled(): Promise<void> {
  let last = '';
  for (let quiet = 0; quiet < 5; ) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = JSON.stringify([...api().sessionTree.childrenAsked]);
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

let arborApi: ArborTesting | undefined;
const api = (): ArborTesting => arborApi!;

describe('Session Tree view', () => {
  let tree: SessionTreeProvider;
  let dir = '';
  let session: Session;
  /** What each onDidChangeTreeData named: entry ids, or "everything". */
  let fired: string[][] = [];
  let listener: vscode.Disposable | undefined;

  before(async () => {
    arborApi = await arborTesting();
    tree = api().sessionTree;
  });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-tree-'));
    assert.equal(await vscode.commands.executeCommand('arbor.openSession', await own(writeSession(dir))), true);
    session = api().host.session!;
    await vscode.commands.executeCommand('arbor.tree.showAll');
    await vscode.commands.executeCommand('arbor.tree.hideSettingsEntries');
    // The view on screen, so that VS Code itself asks for the rows; the current branch's level is then loaded.
    await vscode.commands.executeCommand('arbor.sessionTree.focus');
    await until('VS Code to ask for the current branch', () => (tree.childrenAsked.get('y1000001') ? true : undefined));
    await settled();
    fired = [];
    listener = tree.onDidChangeTreeData((change) => fired.push(change === undefined ? ['everything'] : (Array.isArray(change) ? change : [change]).map(idOf)));
    tree.childrenAsked.clear();
  });

  afterEach(async () => {
    listener?.dispose();
    await vscode.commands.executeCommand('arbor.tree.showAll');
    await vscode.commands.executeCommand('arbor.newSession');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refreshes only the current branch\'s level when a message is appended at its end, and VS Code re-asks only that level', async () => {
    const id = await session.appendMessage({ role: 'user', content: text('And now tests'), timestamp: Date.now() });
    assert.deepEqual(fired, [['y1000001']]);
    await until('VS Code to re-ask the branch', () => (tree.childrenAsked.get('y1000001') ? true : undefined));
    await settled(); // and the position revealed
    assert.equal(tree.childrenAsked.get(null), undefined, 'the top level was asked for again');
    const level = tree.getChildren(tree.getParent(tree.currentElement()!)!);
    assert.deepEqual(level.map(idOf), ['y2000001', id]);
    assert.equal(tree.currentElement()?.entry.id, id);
  });

  it('shows a label set on a row at once: that row alone is refreshed, the label leading it, with the labeled word', async () => {
    await session.appendLabel('x1000001', 'lexer attempt');
    assert.deepEqual(fired, [['x1000001']]);
    const row = tree.getChildren(tree.getChildren()[1]).find((element) => idOf(element) === 'x1000001')!;
    const item = tree.getTreeItem(row);
    assert.ok(String(item.label).startsWith('[lexer attempt] '), String(item.label));
    assert.equal(item.description, undefined);
    assert.match(String(item.contextValue), /\blabeled\b/);
    // The tooltip says when, as Markdown that can run nothing; undo the label's escaping (backslashes) to read it.
    const markdown = item.tooltip as vscode.MarkdownString;
    assert.deepEqual([markdown.isTrusted, markdown.supportHtml, markdown.supportThemeIcons], [false, false, false]);
    const tooltip = markdown.value.replace(/\\(.)/g, '$1');
    assert.match(tooltip, /^\[lexer attempt\] · labeled \d{4}-\d\d-\d\d \d\d:\d\d\n+Try the lexer way$/);
  });

  it('labels a tool result row with the call it answers, not with the first line of the output', async () => {
    const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
    const call = { type: 'toolCall' as const, id: 'toolu_01', name: 'read', arguments: { path: 'src/parser.ts' } };
    await session.appendMessage({ role: 'assistant', content: [call], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-haiku-4-5', usage, stopReason: 'toolUse', timestamp: Date.now() });
    const id = await session.appendMessage({ role: 'toolResult', toolCallId: 'toolu_01', toolName: 'read', content: text('export function parse() {}'), isError: false, timestamp: Date.now() });
    const row = tree.currentElement()!;
    assert.equal(row.entry.id, id);
    const item = tree.getTreeItem(row);
    // The position mark first, then the call; a screen reader hears the kind spelled out.
    assert.equal(item.label, '● read: src/parser.ts');
    assert.equal(item.accessibilityInformation?.label, 'tool read: src/parser.ts, ● current');
  });

  it('refreshes from the top for a new branch and for a move', async () => {
    await session.branch('a1000001');
    await session.appendMessage({ role: 'user', content: text('A third way'), timestamp: Date.now() });
    assert.deepEqual(fired, [['everything'], ['everything']]);
  });

  it('shows only user messages, then everything again, with the filter commands', async () => {
    await vscode.commands.executeCommand('arbor.tree.showUserMessages');
    const top = tree.getChildren();
    assert.deepEqual(top.map(idOf), ['u1000001']);
    assert.deepEqual(tree.getChildren(top[0]).map(idOf), ['y1000001', 'x1000001']);
    await vscode.commands.executeCommand('arbor.tree.showAll');
    assert.deepEqual(tree.getChildren().map(idOf), ['u1000001', 'a1000001']);
    assert.deepEqual(fired, [['everything'], ['everything']]);
  });
});
