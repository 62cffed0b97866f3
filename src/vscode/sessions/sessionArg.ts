// What the sessions commands are given: a row of the Sessions view (a session summary), a Uri or a
// path (from Arbor's own callers and tests), or nothing (the command then asks or uses the open session).
import * as path from 'node:path';
import * as vscode from 'vscode';

/** The session file named by a row, a Uri or a path; undefined for anything else. */
export function sessionFileOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.fsPath;
  const file = typeof arg === 'object' && arg !== null ? (arg as { file?: unknown }).file : undefined;
  return typeof file === 'string' ? file : undefined;
}

export function sameFile(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && path.resolve(a) === path.resolve(b);
}
