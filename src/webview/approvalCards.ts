// The approval cards above the input: what a tool call would do, in full (the whole command, the
// path, the content), every hidden character drawn as a visible token, and the buttons that answer.
//
// Nothing here approves by accident. A card never takes the focus: the user may be typing a message
// to queue when it appears, and their keys, Enter included, must keep going into the input. And
// the approving buttons ignore Enter and Space until the card has been on screen for a moment, so a
// key meant for something else cannot land on one. A pointer click counts at once (it is aimed at
// what is seen), and so does Deny, however it is pressed.
import { visibleText } from '../core/util/visibleText';
import type { ApprovalDecision, ApprovalMessage } from '../shared/protocol';
import { actionButton, h, icon, revealed } from './render/dom';

/**
 * How long the approving buttons ignore keys after the card comes into view. Longer than the gap
 * between two keys of someone typing (a few hundred milliseconds at most) and than it takes to
 * notice that something appeared and stop (about half a second), so a key that lands inside it was
 * meant for what was there before; short enough that someone who reads the card and Tabs to a
 * button never meets it.
 */
export const KEY_DELAY_MS = 600;

/** The share of a card's buttons that must be on screen for the delay to start. */
const IN_VIEW = 0.9;

interface Choice {
  decision: ApprovalDecision;
  label: string;
  icon: string;
}

/** The answers a card offers (what the request asks may narrow them); every one but Deny approves. */
function choices(_request: ApprovalMessage): Choice[] {
  return [
    { decision: 'allow-once', label: 'Allow once', icon: 'check' },
    { decision: 'allow-always', label: 'Always allow for this session', icon: 'check-all' },
    { decision: 'deny', label: 'Deny', icon: 'close' },
  ];
}

interface Card {
  element: HTMLElement;
  /** Says why a key did nothing. */
  hint: HTMLElement;
  /** The approving buttons take keys (the card has been in view for the delay). */
  keysAccepted: boolean;
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

  constructor(
    private readonly container: HTMLElement,
    private readonly hooks: ApprovalCardsHooks,
    private readonly keyDelayMs = KEY_DELAY_MS,
  ) {}

  show(request: ApprovalMessage): void {
    if (this.cards.has(request.requestId)) return;
    const hint = h('div', { class: 'approval-hint' });
    const buttons = h(
      'div',
      { class: 'approval-buttons' },
      choices(request).map((choice) => actionButton('approve', choice.label, choice.icon, { request: request.requestId, decision: choice.decision })),
    );
    const element = h('div', { class: 'approval', attrs: { 'data-request': request.requestId, 'data-keys': 'ignored', role: 'group', 'aria-label': visibleText(request.view.title) } }, [
      h('div', { class: 'approval-title' }, [icon('shield'), h('strong', {}, revealed(request.view.title))]),
      request.view.note ? h('div', { class: 'approval-note' }, [icon('warning'), h('span', {}, revealed(request.view.note))]) : undefined,
      ...request.view.fields.flatMap((field) => [
        h('div', { class: 'approval-label', text: field.label }),
        h('pre', { class: 'approval-text' }, revealed(field.text)),
        field.more ? h('div', { class: 'approval-more', text: field.more }) : undefined,
      ]),
      h('details', { class: 'approval-args' }, [h('summary', { text: 'All arguments' }), h('pre', { class: 'approval-text' }, revealed(request.args))]),
      buttons,
      hint,
    ]);
    const card: Card = { element, hint, keysAccepted: false, stopWatching: () => undefined };
    this.cards.set(request.requestId, card);
    this.container.append(element);
    card.stopWatching = this.acceptKeysWhenSeen(card, buttons);
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
   * 0, a pointer with the number of clicks: keys on an approving button count only once the card
   * has been seen for the delay.
   */
  answers(button: HTMLElement, event: MouseEvent): boolean {
    const card = this.cards.get(button.dataset['request'] ?? '');
    if (!card) return false;
    if (button.dataset['decision'] === 'deny' || event.detail > 0 || card.keysAccepted) return true;
    const hint = 'Not yet: the approving buttons take keys a moment after the card appears, so typing cannot answer it by accident.';
    card.hint.textContent = hint;
    this.hooks.announce(hint);
    return false;
  }

  /**
   * Starts the delay when the buttons are on screen (and the chat is visible), starts it again
   * after they were scrolled away or the chat was hidden. Returns what stops watching.
   */
  private acceptKeysWhenSeen(card: Card, buttons: HTMLElement): () => void {
    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const accept = (accepted: boolean): void => {
      card.keysAccepted = accepted;
      card.element.dataset['keys'] = accepted ? 'accepted' : 'ignored';
      if (accepted) card.hint.textContent = '';
    };
    const update = (): void => {
      if (!inView || document.visibilityState !== 'visible') {
        clearTimeout(timer);
        timer = undefined;
        accept(false);
      } else if (!card.keysAccepted && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          accept(true);
        }, this.keyDelayMs);
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) inView = entry.intersectionRatio >= IN_VIEW;
        update();
      },
      { threshold: [0, IN_VIEW, 1] },
    );
    observer.observe(buttons);
    document.addEventListener('visibilitychange', update);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      clearTimeout(timer);
    };
  }
}
