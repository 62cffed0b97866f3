/**
 * How a pinned entry's row says so: the `pinned` codicon as its icon (an emoji shows as an empty box
 * where no emoji font is installed), the word when another mark took the icon, a line in its
 * tooltip, a word for its menus.
 */
export const PIN_ICON = 'pinned';

export const PINNED_TOOLTIP_LINE = 'Pinned: every compaction carries this message into its summary word for word.';

/**
 * The row's icon: a context mark's first (it says what the model sees), then the pin, then the
 * entry's own. `pinnedWord` is what the description says when the pin did not get the icon.
 */
export function pinnedIcon(pinned: boolean | undefined, markIcon: string | undefined, ownIcon: string): { icon: string; pinnedWord: string | undefined } {
  if (markIcon !== undefined) return { icon: markIcon, pinnedWord: pinned ? 'pinned' : undefined };
  return { icon: pinned ? PIN_ICON : ownIcon, pinnedWord: undefined };
}

/**
 * `pinned` for the manifest's `viewItem =~ /\bpinned\b/` clause (Unpin); Pin is offered on the
 * message kinds (user, assistant, toolResult, bash, customMessage, branchSummary) without it.
 */
export function pinContextWord(pinned: boolean | undefined): string {
  return pinned ? 'pinned' : '';
}
