// The approval cards above the input: what a tool call would do, in full (the whole command, the
// path, the content), every hidden character drawn as a visible token, and the buttons that answer:
// the approving answer and Deny as buttons, the others in a "More…" menu, so a card fits a narrow
// chat whole, with nothing in it that scrolls on its own.
//
// Nothing here approves by accident. A card never takes the focus: the user may be typing a message
// to queue when it appears, and their keys, Enter included, must keep going into the input. And
// an approving button ignores Enter and Space until it has been on screen for a moment, so a key
// meant for something else cannot land on it. A pointer click counts at once (it is aimed at what
// is seen), and so does Deny, however it is pressed.
import { visibleText } from '../core/util/visibleText';
import type { ApprovalDecision, ApprovalMessage, EditReviewAction } from '../shared/protocol';
import { moreMenu } from './moreMenu';
import { actionButton, h, icon, revealed } from './render/dom';

/**
 * How long an approving button ignores keys after it comes into view. Longer than the gap
 * between two keys of someone typing (a few hundred milliseconds at most) and than it takes to
 * notice that something appeared and stop (about half a second), so a key that lands inside it was
 * meant for what was there before; short enough that someone who reads the card and Tabs to a
 * button never meets it.
 */
export const KEY_DELAY_MS = 600;

/** The share of a button that must be on screen for its delay to start. */
const IN_VIEW = 0.9;

const REVIEW_NOTE = 'The diff is open in the editor: change the proposed side if you like; Accept writes what is there.';
const CHANGED_NOTE = 'The file changed on disk while its diff was open: the diff now shows the change made again from the file as it is.';

interface Choice {
  decision: ApprovalDecision;
  label: string;
  icon: string;
  /** Said on hover and to screen readers besides the label. */
  title?: string;
}

/**
 * The most of a proposed rule's label a button shows (the command's words come from a model's
 * reply): room for the host's longest ("Always allow `<60 characters>` with any arguments in this
 * workspace"), so what the rule allows and where it holds is never the part cut.
 */
const MAX_RULE_LABEL = 120;

/** The answers a card shows as buttons: the approving one and Deny. */
function mainChoices(request: ApprovalMessage): Choice[] {
  return [
    // An edit under review is accepted with what its diff's proposed side holds then.
    { decision: 'allow-once', label: request.review ? 'Accept' : 'Allow once', icon: 'check' },
    { decision: 'deny', label: 'Deny', icon: 'close' },
  ];
}

/** The answers in the card's "More…" menu (what the request asks may leave none); each approves. */
function moreChoices(request: ApprovalMessage): Choice[] {
  const rule = request.suggestedRule;
  // A protected file is asked about every time: no "always" for it.
  if (request.protectedPath !== undefined) return [];
  const origin = request.origin;
  if (origin?.kind === 'mcp') {
    // An MCP tool: this tool, or every tool of its server, for this session (the names are plain text).
    return [
      { decision: 'allow-always', label: 'Always allow this tool (this session)', icon: 'check-all', title: `Allows ${origin.tool} of server ${origin.server} without asking until the session closes` },
      { decision: 'allow-server', label: shortLabel(`Always allow server ${origin.server} (this session)`), icon: 'server', title: `Allows every tool of server ${origin.server} without asking until the session closes` },
    ];
  }
  return [
    { decision: 'allow-always', label: 'Always allow for this session', icon: 'check-all' },
    ...(rule !== undefined ? [{ decision: 'allow-rule' as const, label: shortLabel(rule.label), icon: 'pass', title: `Adds ${rule.rule} for this workspace folder to arbor.tools.autoApproveByFolder in your user settings` }] : []),
  ];
}

interface EditButton {
  action: EditReviewAction;
  label: string;
  icon: string;
}

/** Every card's menu: a denial the model reads the reason of (the host asks for it). */
const DENY_WITH_REASON: EditButton = { action: 'reject', label: 'Deny with reason…', icon: 'comment' };

/** An edit card's own answers besides those (its diff is open in the editor), in its menu; only Accept all approves. */
const EDIT_BUTTONS: readonly EditButton[] = [
  { action: 'open-diff', label: 'Open diff', icon: 'diff' },
  { action: 'accept-all', label: 'Accept all', icon: 'check-all' },
  { action: 'reject-all', label: 'Deny all', icon: 'close-all' },
];

/** Whether a card's button approves something (its keys wait for the delay). */
function approves(button: HTMLElement): boolean {
  return button.dataset['action'] === 'edit-review' ? button.dataset['review'] === 'accept-all' : button.dataset['decision'] !== 'deny';
}

/** Plain text, hidden characters shown, bounded: never markup. */
function shortLabel(label: string): string {
  const shown = visibleText(label);
  return shown.length <= MAX_RULE_LABEL ? shown : `${shown.slice(0, MAX_RULE_LABEL - 1)}…`;
}

interface Card {
  element: HTMLElement;
  /** Says why a key did nothing. */
  hint: HTMLElement;
  stopWatching: () => void;
}

export interface ApprovalCardsHooks {
  /** Says something to screen readers (the chat's polite live region). */
  announce(text: string): void;
  /** A card that held the focus went: where the focus goes instead (the input). */
  focusAway(): void;
}

export class ApprovalCards {
  private readonly cards = new Map<string, Card>();
  /** The approving buttons that take keys now: each has been in view for the delay. */
  private readonly takingKeys = new WeakSet<HTMLElement>();

  constructor(
    private readonly container: HTMLElement,
    private readonly hooks: ApprovalCardsHooks,
    private readonly keyDelayMs = KEY_DELAY_MS,
  ) {}

  show(request: ApprovalMessage): void {
    if (this.cards.has(request.requestId)) return;
    const hint = h('div', { class: 'approval-hint' });
    const answer = (choice: Choice): HTMLButtonElement => {
      const button = actionButton('approve', choice.label, choice.icon, { request: request.requestId, decision: choice.decision });
      if (choice.title !== undefined) button.title = visibleText(choice.title);
      return button;
    };
    const shown = mainChoices(request).map(answer);
    const more = [
      ...moreChoices(request).map(answer),
      ...[DENY_WITH_REASON, ...(request.review ? EDIT_BUTTONS : [])].map((edit) => actionButton('edit-review', edit.label, edit.icon, { request: request.requestId, review: edit.action })),
    ];
    const buttons = [...shown, ...more];
    const menu = more.length > 0 ? moreMenu(more) : undefined;
    for (const button of buttons) if (approves(button)) button.dataset['keys'] = 'ignored';
    const element = h('div', { class: 'approval', attrs: { 'data-request': request.requestId, role: 'group', 'aria-label': visibleText(request.view.title) } }, [
      h('div', { class: 'approval-title' }, [icon('shield'), h('strong', {}, revealed(request.view.title))]),
      // What would run is shown whole (the cards scroll as a group, their buttons kept in view).
      h('div', { class: 'approval-body' }, [
        request.view.note ? h('div', { class: 'approval-note' }, [icon('warning'), h('span', {}, revealed(request.view.note))]) : undefined,
        request.review ? h('div', { class: 'approval-note' }, [icon('diff'), h('span', { text: REVIEW_NOTE })]) : undefined,
        request.changedOnDisk ? h('div', { class: 'approval-note' }, [icon('warning'), h('span', { text: CHANGED_NOTE })]) : undefined,
        ...request.view.fields.flatMap((field) => [
          h('div', { class: 'approval-label', text: field.label }),
          h('pre', { class: 'approval-text' }, revealed(field.text)),
          field.more ? h('div', { class: 'approval-more', text: field.more }) : undefined,
        ]),
        h('details', { class: 'approval-args' }, [h('summary', { text: 'All arguments' }), h('pre', { class: 'approval-text' }, revealed(request.args))]),
      ]),
      h('div', { class: 'approval-buttons' }, [...shown, menu?.button]),
      menu?.menu,
      hint,
    ]);
    const card: Card = { element, hint, stopWatching: () => undefined };
    this.cards.set(request.requestId, card);
    this.container.append(element);
    card.stopWatching = this.takeKeysWhenSeen(
      card,
      buttons.filter(approves),
    );
    this.hooks.announce(`Arbor asks: ${visibleText(request.view.title)} ${visibleText(request.summary)}. The card is above the message input.`);
  }

  remove(requestId: string): void {
    const card = this.cards.get(requestId);
    if (!card) return;
    this.cards.delete(requestId);
    card.stopWatching();
    const hadFocus = card.element.contains(document.activeElement);
    card.element.remove();
    if (hadFocus) this.hooks.focusAway();
  }

  /**
   * Whether a click on a card's button answers it. Enter and Space click a button with `detail`
   * 0, a pointer with the number of clicks: keys on an approving button count only once that
   * button has been in view for the delay.
   */
  answers(button: HTMLElement, event: MouseEvent): boolean {
    const card = this.cards.get(button.dataset['request'] ?? '');
    if (!card) return false;
    if (!approves(button) || event.detail > 0 || this.takingKeys.has(button)) return true;
    const hint = 'Not yet: the approving buttons take keys a moment after they appear, so typing cannot answer the card by accident.';
    card.hint.textContent = hint;
    this.hooks.announce(hint);
    return false;
  }

  /**
   * Starts each button's delay when it is on screen (and the chat is visible), and starts it again
   * after it was scrolled away or the chat was hidden. Returns what stops watching.
   */
  private takeKeysWhenSeen(card: Card, buttons: HTMLElement[]): () => void {
    const inView = new Set<Element>();
    const timers = new Map<HTMLElement, ReturnType<typeof setTimeout>>();
    const takeKeys = (button: HTMLElement, taking: boolean): void => {
      if (taking) this.takingKeys.add(button);
      else this.takingKeys.delete(button);
      button.dataset['keys'] = taking ? 'accepted' : 'ignored';
      if (taking) card.hint.textContent = '';
    };
    const update = (): void => {
      for (const button of buttons) {
        if (!inView.has(button) || document.visibilityState !== 'visible') {
          clearTimeout(timers.get(button));
          timers.delete(button);
          takeKeys(button, false);
        } else if (!this.takingKeys.has(button) && !timers.has(button)) {
          const timer = setTimeout(() => {
            timers.delete(button);
            takeKeys(button, true);
          }, this.keyDelayMs);
          timers.set(button, timer);
        }
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.intersectionRatio >= IN_VIEW) inView.add(entry.target);
          else inView.delete(entry.target);
        }
        update();
      },
      { threshold: [0, IN_VIEW, 1] },
    );
    for (const button of buttons) observer.observe(button);
    document.addEventListener('visibilitychange', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }
}
