/** Paths as the checkpoint store names them. */

/** A path as the store names it: relative, `/`-separated, no `.`/`..` part, no NUL. */
export function isStorePath(file: unknown): file is string {
  if (typeof file !== 'string' || file === '' || file.length > 4096 || file.includes('\0') || file.includes('\\')) return false;
  if (file.startsWith('/')) return false;
  return file.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git');
}
