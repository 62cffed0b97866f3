// The chat input controls two lists (the `/` commands and the `@` mentions), one open at a time:
// the open one owns the input's combobox attributes, and a list that closes clears them only while
// it owns them, so one list's input handler never hides the other from screen readers.

/** `listId` is open; `activeId`: its chosen option. */
export function listOpened(input: HTMLElement, listId: string, activeId: string | undefined): void {
  input.setAttribute('aria-controls', listId);
  input.setAttribute('aria-expanded', 'true');
  if (activeId === undefined) input.removeAttribute('aria-activedescendant');
  else input.setAttribute('aria-activedescendant', activeId);
}

/** `listId` is closed (nothing changes while another list owns the input). */
export function listClosed(input: HTMLElement, listId: string): void {
  if (input.getAttribute('aria-controls') !== listId) return;
  input.setAttribute('aria-expanded', 'false');
  input.removeAttribute('aria-activedescendant');
}
