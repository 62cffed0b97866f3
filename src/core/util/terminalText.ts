/**
 * Text from a session, printed on a terminal. A session is anyone's text: a message, a label, an
 * id or a file name can hold escape sequences (clear the screen, set the window title, move the
 * cursor to rewrite a line already printed) or bidirectional overrides that make a line read
 * otherwise than it is. Printed through these functions, such characters are shown, not obeyed.
 */

/** A CRLF line end, or one character a terminal acts on (C0 but newline and tab, DEL, C1, bidi embeddings, overrides and isolates). */
const UNSAFE = /\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** The characters JSON.stringify leaves raw that a terminal acts on (it escapes the C0 ones itself). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * C0 controls and DEL become their Unicode control pictures (ESC is `␛`, so `\x1b[2J` prints as
 * `␛[2J`), a CRLF line end a plain newline, C1 controls and bidi controls `<U+XXXX>`. Newlines
 * and tabs stay.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (char) => {
    if (char === '\r\n') return '\n';
    const code = char.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return `<U+${hex(code)}>`;
  });
}

/** JSON text (a document, or lines of them) with those characters as `\uXXXX` escapes: it parses to the same values. */
export function terminalSafeJson(json: string): string {
  // Outside strings JSON has only ASCII punctuation, so every match is inside a string.
  return json.replace(UNSAFE_IN_JSON, (char) => `\\u${hex(char.charCodeAt(0)).toLowerCase()}`);
}

function hex(code: number): string {
  return code.toString(16).toUpperCase().padStart(4, '0');
}
