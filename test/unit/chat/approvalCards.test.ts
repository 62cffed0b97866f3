// The chat's approval cards on jsdom's DOM: what a card shows (everything, hidden characters as
// marked tokens, model text as text) and when its buttons answer (never the focus on them; keys on
// an approving button only once the card has been in view for the delay). The e2e suite presses
// the real keys in a real browser; this pins the rules in seconds.
import { strict as assert } from 'node:assert';
import { JSDOM } from 'jsdom';
import { approvalView, formatArgs, summarizeArgs } from '../../../src/core/chat';
import type { Json } from '../../../src/core/session';
import type { ApprovalMessage } from '../../../src/shared/protocol';
import type { ApprovalCards as ApprovalCardsClass } from '../../../src/webview/approvalCards';

const { window } = new JSDOM('<!DOCTYPE html><body><textarea id="prompt"></textarea><div id="approvals"></div></body>', { pretendToBeVisual: true });
const document = window.document;

/** An IntersectionObserver the test moves: `seen(ratio)` reports that share of its targets on screen. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  readonly targets: Element[] = [];
  disconnected = false;

  constructor(private readonly callback: (entries: { target: Element; intersectionRatio: number; isIntersecting: boolean }[]) => void) {
    FakeIntersectionObserver.last = this;
  }

  observe(target: Element): void {
    this.targets.push(target);
  }

  disconnect(): void {
    this.disconnected = true;
  }

  /** Every target is that share on screen. */
  seen(ratio: number): void {
    this.callback(this.targets.map((target) => ({ target, intersectionRatio: ratio, isIntersecting: ratio > 0 })));
  }

  /** One target is that share on screen (the others did not change). */
  seenOne(target: Element, ratio: number): void {
    this.callback([{ target, intersectionRatio: ratio, isIntersecting: ratio > 0 }]);
  }
}

function installGlobals(): () => void {
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { document: globals['document'], IntersectionObserver: globals['IntersectionObserver'] };
  globals['document'] = document;
  globals['IntersectionObserver'] = FakeIntersectionObserver;
  // jsdom lays nothing out, so it has no scrollIntoView (the menu brings itself into view on open).
  window.HTMLElement.prototype.scrollIntoView = () => undefined;
  return () => Object.assign(globals, saved);
}

/** The chat's webview hidden or shown (another view in front of it, the side bar closed). */
function setVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new window.Event('visibilitychange'));
}

/** The delay the cards are built with here (the real one is longer; only the order matters). */
const DELAY_MS = 30;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let counter = 0;
function request(toolName: string, args: { [key: string]: Json }): ApprovalMessage {
  return { type: 'approval', requestId: `approval-${++counter}`, toolName, summary: summarizeArgs(toolName, args), view: approvalView(toolName, args), args: formatArgs(args) };
}

/** A click as Enter or Space make it (`detail` 0) or as a pointer does (`detail` 1). */
const keyClick = (): MouseEvent => new window.MouseEvent('click', { bubbles: true, detail: 0 });
const pointerClick = (): MouseEvent => new window.MouseEvent('click', { bubbles: true, detail: 1 });

describe('Chat approval cards', () => {
  let restore: () => void;
  let ApprovalCards: typeof ApprovalCardsClass;
  const container = document.getElementById('approvals')!;
  const input = document.getElementById('prompt') as HTMLTextAreaElement;
  const announced: string[] = [];
  let focusedAway = 0;
  let cards: ApprovalCardsClass;

  const card = (message: ApprovalMessage): HTMLElement => container.querySelector(`[data-request="${message.requestId}"]`)!;
  const button = (message: ApprovalMessage, decision: string): HTMLButtonElement => card(message).querySelector(`button[data-decision="${decision}"]`)!;
  /** Whether Enter or Space on the button answers the card. */
  const byKey = (message: ApprovalMessage, decision = 'allow-once'): boolean => cards.answers(button(message, decision), keyClick());
  const texts = (element: Element, selector: string): string[] => Array.from(element.querySelectorAll(selector), (node) => node.textContent ?? '');
  /** The card's row of buttons: [action, decision, label] each. */
  const rowButtons = (message: ApprovalMessage): (string | undefined)[][] =>
    Array.from(card(message).querySelectorAll<HTMLButtonElement>('.approval-buttons > button'), (node) => [node.dataset['action'], node.dataset['decision'], node.textContent ?? '']);

  before(async () => {
    restore = installGlobals();
    ({ ApprovalCards } = await import('../../../src/webview/approvalCards'));
  });
  after(() => restore());
  beforeEach(() => {
    container.replaceChildren();
    announced.length = 0;
    focusedAway = 0;
    cards = new ApprovalCards(container, { announce: (text) => announced.push(text), focusAway: () => focusedAway++ }, DELAY_MS);
  });

  it('shows a long multi-line bash command whole, wrapped in a block of its own, not cut to a line', () => {
    const command = Array.from({ length: 120 }, (_, line) => `echo "line ${line}: ${'x'.repeat(300)}" >> out.txt`).join('\n');
    const message = request('bash', { command });
    cards.show(message);
    assert.deepEqual(texts(card(message), '.approval-label'), ['Command']);
    assert.deepEqual(texts(card(message), 'pre.approval-text'), [command, formatArgs({ command })]);
    assert.equal(card(message).querySelector('.approval-title')!.textContent, 'Allow bash to run this command?');
    assert.match(card(message).querySelector('.approval-note')!.textContent!, /not confined to it/);
  });

  it('offers no "always" on a write to a file that configures the editor, and says why', () => {
    const args = { path: '.vscode/settings.json', content: '{}' };
    const message: ApprovalMessage = { ...request('write', args), view: approvalView('write', args, '.vscode/settings.json'), protectedPath: '.vscode/settings.json' };
    cards.show(message);
    assert.deepEqual(Array.from(card(message).querySelectorAll<HTMLElement>('button[data-action="approve"]'), (node) => node.dataset['decision']), ['allow-once', 'deny']);
    assert.match(card(message).querySelector('.approval-note')!.textContent!, /asked about every time/);
  });

  it('offers Accept and Deny on an edit under review, and Always allow, Deny with reason…, Open diff, Accept all and Deny all in its "More…" menu; keys reach only Accept and Accept all after the delay', async () => {
    const message: ApprovalMessage = { ...request('edit', { path: 'src/b.ts', edits: [{ oldText: 'a', newText: 'b' }] }), review: true, changedOnDisk: true };
    cards.show(message);
    assert.deepEqual(rowButtons(message), [
      ['approve', 'allow-once', 'Accept'],
      ['approve', 'deny', 'Deny'],
      [undefined, undefined, 'More…'],
    ]);
    const buttons = Array.from(card(message).querySelectorAll<HTMLButtonElement>('[role="menu"] button'));
    assert.deepEqual(
      buttons.map((node) => [node.getAttribute('role'), node.dataset['action'], node.dataset['decision'] ?? node.dataset['review'], node.textContent]),
      [
        ['menuitem', 'approve', 'allow-always', 'Always allow for this session'],
        ['menuitem', 'edit-review', 'reject', 'Deny with reason…'],
        ['menuitem', 'edit-review', 'open-diff', 'Open diff'],
        ['menuitem', 'edit-review', 'accept-all', 'Accept all'],
        ['menuitem', 'edit-review', 'reject-all', 'Deny all'],
      ],
    );
    assert.deepEqual(texts(card(message), '.approval-note'), [
      'The diff is open in the editor: change the proposed side if you like; Accept writes what is there.',
      'The file changed on disk while its diff was open: the diff now shows the change made again from the file as it is.',
    ]);
    const acceptAll = buttons[3]!;
    assert.equal(cards.answers(acceptAll, keyClick()), false);
    assert.equal(cards.answers(buttons[1]!, keyClick()), true, 'Deny with reason… asks first, so a key may press it');
    FakeIntersectionObserver.last!.seen(1);
    await pause(DELAY_MS * 3);
    assert.equal(cards.answers(acceptAll, keyClick()), true);
  });

  it('offers "Always allow" with the proposed rule as plain, bounded text, answering with allow-rule', () => {
    const args = { command: 'npm test' };
    const label = 'Always allow `npm test` with any arguments in this workspace';
    const message: ApprovalMessage = { ...request('bash', args), suggestedRule: { rule: 'bash(npm test)', label } };
    cards.show(message);
    assert.deepEqual(rowButtons(message), [
      ['approve', 'allow-once', 'Allow once'],
      ['approve', 'deny', 'Deny'],
      [undefined, undefined, 'More…'],
    ]);
    // A shell command can be denied with a reason too.
    assert.deepEqual(Array.from(card(message).querySelectorAll<HTMLElement>('[role="menu"] button'), (node) => node.dataset['decision'] ?? node.dataset['review']), ['allow-always', 'allow-rule', 'reject']);
    const always = button(message, 'allow-rule');
    assert.deepEqual([always.textContent, always.getAttribute('aria-label'), always.title], [label, label, 'Adds bash(npm test) for this workspace folder to arbor.tools.autoApproveByFolder in your user settings']);
    const hostile: ApprovalMessage = { ...request('bash', args), suggestedRule: { rule: 'bash(x)', label: `Always allow \`<img src=x onerror=alert(1)>\u202E${'y'.repeat(200)}\`` } };
    cards.show(hostile);
    const shown = button(hostile, 'allow-rule');
    assert.equal(shown.querySelector('img'), null);
    assert.equal(shown.textContent, `Always allow \`<img src=x onerror=alert(1)>⟨U+202E⟩${'y'.repeat(69)}…`);
  });

  it('names an MCP tool\'s server and tool as plain text, shows every argument, and offers this tool or its whole server for the session', () => {
    const args = { text: 'hi <b>there</b>' };
    const origin = { kind: 'mcp' as const, server: 'gh<i>x</i>', tool: 'echo' };
    const message: ApprovalMessage = { type: 'approval', requestId: `approval-${++counter}`, toolName: 'mcp__gh_i_x__i__echo', summary: '', view: approvalView('mcp__gh_i_x__i__echo', args, undefined, origin), args: formatArgs(args), origin };
    cards.show(message);
    const shown = card(message);
    assert.equal(shown.querySelector('b, i'), null);
    assert.deepEqual(Array.from(shown.querySelectorAll('.approval-label'), (node) => node.textContent), ['Server', 'Tool', 'Arguments']);
    assert.deepEqual(Array.from(shown.querySelectorAll('.approval-body > pre.approval-text'), (node) => node.textContent), ['gh<i>x</i>', 'echo', '{\n  "text": "hi <b>there</b>"\n}']);
    assert.deepEqual(Array.from(shown.querySelectorAll<HTMLElement>('[role="menu"] button'), (node) => [node.dataset['decision'] ?? node.dataset['review'], node.textContent]), [
      ['allow-always', 'Always allow this tool (this session)'],
      ['allow-server', 'Always allow server gh<i>x</i> (this session)'],
      ['reject', 'Deny with reason…'],
    ]);
  });

  it('shows the longest label the host makes whole: what the rule allows and where it holds are never cut off', () => {
    const label = `Always allow \`${'a'.repeat(59)}…\` with any arguments in this workspace`;
    const message: ApprovalMessage = { ...request('bash', { command: 'x' }), suggestedRule: { rule: 'bash(x)', label } };
    cards.show(message);
    assert.equal(button(message, 'allow-rule').textContent, label);
  });

  it('shows a write\'s path, size and first lines, and an edit\'s path with its old and new text', () => {
    const write = request('write', { path: 'src/a.ts', content: 'one\ntwo\n' });
    const edit = request('edit', { path: 'src/b.ts', edits: [{ oldText: 'let x = 1;', newText: 'const x = 1;' }] });
    cards.show(write);
    cards.show(edit);
    assert.deepEqual(texts(card(write), '.approval-label'), ['Path', 'Content (2 lines, 8B)']);
    assert.deepEqual(texts(card(write), 'pre.approval-text').slice(0, 2), ['src/a.ts', 'one\ntwo']);
    assert.deepEqual(texts(card(edit), '.approval-label'), ['Path', 'Replace', 'With']);
    assert.deepEqual(texts(card(edit), 'pre.approval-text').slice(0, 3), ['src/b.ts', 'let x = 1;', 'const x = 1;']);
  });

  it('marks a right-to-left override and a zero-width space as tokens in the command and in the arguments, leaving none of them in the card', () => {
    const message = request('bash', { command: 'cat ./notes\u202Etxt.sh\u200B; echo done' });
    cards.show(message);
    const [command, args] = Array.from(card(message).querySelectorAll('pre.approval-text'));
    assert.equal(command!.textContent, 'cat ./notes⟨U+202E⟩txt.sh⟨U+200B⟩; echo done');
    assert.deepEqual(texts(command!, '.hidden-char'), ['⟨U+202E⟩', '⟨U+200B⟩']);
    assert.deepEqual(Array.from(command!.querySelectorAll('.hidden-char'), (span) => span.getAttribute('title')), ['right-to-left override', 'zero-width space']);
    assert.deepEqual(texts(args!, '.hidden-char'), ['⟨U+202E⟩', '⟨U+200B⟩']);
    assert.equal(/[\u202E\u200B]/.test(card(message).textContent!), false, 'a hidden character is still in the card');
  });

  it('draws model text as text: markup in a command, a path and a file\'s content makes no element', () => {
    const payload = '<img src=x onerror="window.pwned=1"><b>bold</b><script>window.pwned=2</script>';
    const messages = [request('bash', { command: payload }), request('write', { path: payload, content: payload }), request('edit', { path: payload, edits: [{ oldText: payload, newText: payload }] })];
    for (const message of messages) cards.show(message);
    const tags = new Set(Array.from(container.querySelectorAll('*'), (element) => element.tagName.toLowerCase()));
    assert.deepEqual([...tags].sort(), ['button', 'details', 'div', 'pre', 'span', 'strong', 'summary']);
    const handlers = Array.from(container.querySelectorAll('*')).filter((element) => Array.from(element.attributes).some((attribute) => attribute.name.startsWith('on')));
    assert.deepEqual(handlers, []);
    assert.equal(texts(card(messages[0]!), 'pre.approval-text')[0], payload);
  });

  it('leaves the focus in the input when a card appears, and announces the card to screen readers', () => {
    input.focus();
    const message = request('bash', { command: 'npm test' });
    cards.show(message);
    assert.equal(document.activeElement, input);
    assert.deepEqual(announced, ['Arbor asks: Allow bash to run this command? npm test. The card is above the message input.']);
    assert.equal(card(message).getAttribute('aria-label'), 'Allow bash to run this command?');
  });

  it('ignores Enter and Space on an approving button until it has been in view for the delay; then they answer', async () => {
    const message = request('bash', { command: 'make deploy' });
    cards.show(message);
    await pause(DELAY_MS * 2);
    assert.equal(byKey(message), false, 'a key answered before the card was in view');
    FakeIntersectionObserver.last!.seen(1);
    assert.equal(byKey(message), false, 'a key answered right after the card came into view');
    assert.equal(byKey(message, 'allow-always'), false);
    assert.equal(button(message, 'allow-once').dataset['keys'], 'ignored');
    assert.match(card(message).querySelector('.approval-hint')!.textContent!, /^Not yet/);
    await pause(DELAY_MS * 2);
    assert.equal(button(message, 'allow-once').dataset['keys'], 'accepted');
    assert.equal(card(message).querySelector('.approval-hint')!.textContent, '');
    assert.equal(byKey(message), true);
    assert.equal(byKey(message, 'allow-always'), true);
  });

  it('lets each approving button take keys only after it has been in view itself (a narrow view wraps them out of sight)', async () => {
    const message = request('bash', { command: 'make deploy' });
    cards.show(message);
    const observer = FakeIntersectionObserver.last!;
    assert.deepEqual(observer.targets, [button(message, 'allow-once'), button(message, 'allow-always')]);
    observer.seenOne(button(message, 'allow-once'), 1);
    observer.seenOne(button(message, 'allow-always'), 0.5);
    await pause(DELAY_MS * 2);
    assert.equal(byKey(message), true);
    assert.equal(byKey(message, 'allow-always'), false, 'a button half out of view took a key');
    assert.equal(button(message, 'allow-always').dataset['keys'], 'ignored');
  });

  it('answers a pointer click on an approving button and any click on Deny at once', () => {
    const message = request('write', { path: 'a.txt', content: 'a' });
    cards.show(message);
    assert.equal(cards.answers(button(message, 'allow-once'), pointerClick()), true);
    assert.equal(byKey(message, 'deny'), true);
  });

  it('waits again when the buttons leave the view (scrolled away, chat hidden) before keys count', async () => {
    const message = request('bash', { command: 'ls' });
    cards.show(message);
    const observer = FakeIntersectionObserver.last!;
    observer.seen(1);
    await pause(DELAY_MS * 2);
    assert.equal(byKey(message), true);
    observer.seen(0.5);
    assert.equal(byKey(message), false, 'keys counted while the buttons were half out of view');
    observer.seen(1);
    assert.equal(byKey(message), false, 'keys counted at once when the buttons came back');
    await pause(DELAY_MS * 2);
    assert.equal(byKey(message), true);
    setVisibility('hidden');
    assert.equal(byKey(message), false, 'keys counted while the chat was hidden');
    setVisibility('visible');
    assert.equal(byKey(message), false, 'keys counted at once when the chat was shown again');
    await pause(DELAY_MS * 2);
    assert.equal(byKey(message), true);
  });

  it('stops watching a removed card, and gives the focus back to the input only when the card held it', () => {
    const first = request('bash', { command: 'a' });
    const second = request('bash', { command: 'b' });
    cards.show(first);
    const firstObserver = FakeIntersectionObserver.last!;
    cards.show(second);
    input.focus();
    cards.remove(first.requestId);
    assert.equal(firstObserver.disconnected, true);
    assert.equal(focusedAway, 0);
    button(second, 'deny').focus();
    cards.remove(second.requestId);
    assert.equal(focusedAway, 1);
    assert.equal(container.childElementCount, 0);
    assert.equal(cards.answers(document.createElement('button'), pointerClick()), false, 'a button of no card answered');
  });

  it('opens the "More…" menu from the keyboard on its first item, moves with Up, Down, Home and End, and closes on Escape with the focus back on the button', () => {
    const message: ApprovalMessage = { ...request('edit', { path: 'src/c.ts', edits: [{ oldText: 'a', newText: 'b' }] }), review: true };
    cards.show(message);
    const more = card(message).querySelector<HTMLButtonElement>('.approval-buttons > button[aria-haspopup="menu"]')!;
    const menu = card(message).querySelector<HTMLElement>('[role="menu"]')!;
    const key = (key: string): boolean => document.activeElement!.dispatchEvent(new window.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    const focused = (): string => document.activeElement?.textContent ?? '';
    assert.deepEqual([menu.hidden, more.getAttribute('aria-expanded'), more.getAttribute('aria-controls')], [true, 'false', menu.id]);
    more.focus();
    more.dispatchEvent(keyClick());
    assert.deepEqual([menu.hidden, more.getAttribute('aria-expanded'), focused()], [false, 'true', 'Always allow for this session']);
    key('ArrowDown');
    assert.equal(focused(), 'Deny with reason…');
    key('ArrowUp');
    key('ArrowUp');
    assert.equal(focused(), 'Deny all', 'Up from the first item goes to the last');
    key('Home');
    assert.equal(focused(), 'Always allow for this session');
    key('End');
    assert.equal(focused(), 'Deny all');
    assert.equal(key('Escape'), false, 'Escape is taken by the menu');
    assert.deepEqual([menu.hidden, more.getAttribute('aria-expanded'), document.activeElement], [true, 'false', more]);
    more.dispatchEvent(pointerClick());
    assert.deepEqual([menu.hidden, document.activeElement], [false, more], 'a pointer opens the menu and leaves the focus where it was');
    more.dispatchEvent(pointerClick());
    assert.equal(menu.hidden, true, 'the button closes its menu too');
  });

  it('closes the "More…" menu when an item is pressed, but not on a key an approving item ignored (it has not been in view long enough)', () => {
    const message: ApprovalMessage = { ...request('edit', { path: 'src/d.ts', edits: [{ oldText: 'a', newText: 'b' }] }), review: true };
    cards.show(message);
    const more = card(message).querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')!;
    const menu = card(message).querySelector<HTMLElement>('[role="menu"]')!;
    const item = (label: string): HTMLButtonElement => Array.from(menu.querySelectorAll('button')).find((node) => node.textContent === label)!;
    more.dispatchEvent(keyClick());
    item('Accept all').dispatchEvent(keyClick());
    assert.equal(menu.hidden, false, 'a key Accept all ignored closed the menu');
    item('Open diff').dispatchEvent(keyClick());
    assert.deepEqual([menu.hidden, document.activeElement], [true, more]);
    more.dispatchEvent(keyClick());
    item('Accept all').dispatchEvent(pointerClick());
    assert.equal(menu.hidden, true);
  });

  it('offers a protected file only "Deny with reason…" in its "More…" menu: no "always"', () => {
    const args = { path: '.vscode/tasks.json', content: '{}' };
    const message: ApprovalMessage = { ...request('write', args), view: approvalView('write', args, '.vscode/tasks.json'), protectedPath: '.vscode/tasks.json' };
    cards.show(message);
    assert.deepEqual(rowButtons(message), [
      ['approve', 'allow-once', 'Allow once'],
      ['approve', 'deny', 'Deny'],
      [undefined, undefined, 'More…'],
    ]);
    assert.deepEqual(Array.from(card(message).querySelectorAll<HTMLElement>('[role="menu"] button'), (node) => [node.dataset['review'], node.textContent]), [['reject', 'Deny with reason…']]);
  });

  it('shows a card once however often the host sends it (a reload sends waiting cards again)', () => {
    const message = request('edit', { path: 'x', edits: [{ oldText: 'a', newText: 'b' }] });
    cards.show(message);
    cards.show(message);
    assert.equal(container.childElementCount, 1);
  });
});
