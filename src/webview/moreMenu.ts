// A "More…" button and the small menu it opens, for the answers a card does not show as buttons of
// its own (a narrow chat has room for two or three). The menu opens in the card's flow, below the
// buttons' row (brought into view), so nothing in the card scrolls or is clipped by what holds it,
// and the row, kept in view while the cards scroll, never covers it. It follows the menu button
// pattern: the button says it has a menu and whether it is open; opened by a key, the first item
// takes the focus; Up/Down/Home/End move between items; Escape closes it and gives the focus back to
// the button; an item pressed, or the focus leaving, closes it. The items are the card's own buttons
// (their clicks are answered by the chat's one listener), given the menu item role.
import { h, icon } from './render/dom';

let menus = 0;

/** The button, to put beside the card's buttons, and its menu of `items` (each a button), to put after them. */
export function moreMenu(items: readonly HTMLButtonElement[]): { button: HTMLButtonElement; menu: HTMLElement } {
  const id = `more-menu-${++menus}`;
  const menu = h('div', { class: 'more-menu', attrs: { role: 'menu', id, 'aria-label': 'More answers' } }, [...items]);
  menu.hidden = true;
  for (const item of items) {
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
  }
  const button = h('button', { class: 'action more-button', attrs: { type: 'button', 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-controls': id, title: 'More answers' } }, [
    icon('ellipsis'),
    h('span', { text: 'More…' }),
  ]);
  const setOpen = (open: boolean): void => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) menu.scrollIntoView({ block: 'nearest' });
  };
  const close = (focusButton: boolean): void => {
    if (menu.hidden) return;
    const hadFocus = menu.contains(document.activeElement);
    setOpen(false);
    if (focusButton || hadFocus) button.focus();
  };
  const focusItem = (index: number): void => {
    items[(index + items.length) % items.length]?.focus();
  };

  button.addEventListener('click', (event) => {
    if (!menu.hidden) return close(false);
    setOpen(true);
    // Opened by Enter or Space (a click with no pointer): the keys go on in the menu.
    if (event.detail === 0) focusItem(0);
  });
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpen(true);
    focusItem(event.key === 'ArrowDown' ? 0 : -1);
  });
  menu.addEventListener('keydown', (event) => {
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    if (event.key === 'Escape') close(true);
    else if (event.key in moves) focusItem(moves[event.key]!);
    else if (event.key === 'Tab') return close(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  });
  // An item pressed closes the menu (the chat's listener answers it), but not a key an approving
  // item ignored because it has not been in view long enough: the menu stays for the next key.
  menu.addEventListener('click', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('[role="menuitem"]');
    if (item && !(event.detail === 0 && item.dataset['keys'] === 'ignored')) close(false);
  });
  const focusLeaves = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    if (to && !button.contains(to) && !menu.contains(to)) setOpen(false);
  };
  button.addEventListener('focusout', focusLeaves);
  menu.addEventListener('focusout', focusLeaves);
  return { button, menu };
}
