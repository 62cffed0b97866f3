/**
 * A UTF-8 byte order mark at the start of a text file is not part of its text: editors on Windows
 * write one, and pi drops it from session, settings and context files before reading them.
 */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
