/**
 * Text that came from a session file, its folder or a server (a name, a label, a message, a file
 * name, an error) made safe for the editor's own UI. VS Code turns `[label](command:…)`,
 * `[label](https://…)` and `[label](file:…)` into links that run or open something when clicked in
 * notification messages and in input-box prompts and validation messages, and quick picks draw
 * `$(name)` as an icon. A zero-width space between `]` and `(`, and between `$` and `(`, keeps what
 * the user reads while no link or icon can form.
 *
 * Also: control characters (line breaks included) become spaces, the characters that reorder how
 * text is displayed (bidirectional overrides, isolates and marks) are dropped, so a name cannot
 * show other than what it holds, and very long text is cut.
 */

const ZERO_WIDTH_SPACE = '\u200b';
/** Long enough for any message Arbor shows; a hostile file's megabyte-long name is cut. */
const DEFAULT_MAX_LENGTH = 500;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const REORDERING = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function plainText(text: string, maxLength = DEFAULT_MAX_LENGTH): string {
  const flat = text.replace(CONTROL, ' ').replace(REORDERING, '');
  // Inserted last: nothing removed afterwards can join `]` and `(` again.
  return ellipsized(flat, maxLength).replace(/([\]$])\(/g, `$1${ZERO_WIDTH_SPACE}(`);
}

/** At most `maxLength` characters, an ellipsis marking the cut, never half a surrogate pair. */
export function ellipsized(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
