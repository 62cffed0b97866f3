/** How a pinned entry's row says so: a 📌 before its label, a line in its tooltip, a word for its menus. */
export const PIN_MARK = '📌';

export const PINNED_TOOLTIP_LINE = `${PIN_MARK} Pinned: every compaction carries this message into its summary word for word.`;

/** The row's description (its label, if any) with the pin mark first. */
export function pinnedDescription(pinned: boolean | undefined, label: string | undefined): string | undefined {
  if (!pinned) return label;
  return label === undefined ? PIN_MARK : `${PIN_MARK} ${label}`;
}

/**
 * `pinned` for the manifest's `viewItem =~ /\bpinned\b/` clause (Unpin); Pin is offered on the
 * message kinds (user, assistant, toolResult, bash, customMessage, branchSummary) without it.
 */
export function pinContextWord(pinned: boolean | undefined): string {
  return pinned ? 'pinned' : '';
}
