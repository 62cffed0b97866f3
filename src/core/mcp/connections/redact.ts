/**
 * Secrets (the expanded values of a server's `env` and `headers`) never reach the log, an error the
 * model or the user reads, or a stored stderr line: every text a connection lets out passes here.
 */

/** Values this short are not redacted: `1` or `on` would blank out every digit and word. */
const MIN_SECRET_LENGTH = 4;

/** `text` with every occurrence of each secret replaced by `***` (longest first, so a secret containing another goes whole). */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  const ordered = [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  for (const secret of ordered) result = result.split(secret).join('***');
  return result;
}
