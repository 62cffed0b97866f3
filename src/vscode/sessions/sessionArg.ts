// What the sessions commands are given: a row of the Sessions view (a session summary), a Uri or a
// path (from automation and tests), or nothing (the command then asks or uses the open session).
import * as path from 'node:path';
import * as vscode from 'vscode';

export type SessionArg = { file: string } | vscode.Uri | string | undefined;

export function sessionFileOf(arg: SessionArg): string | undefined {
  if (arg === undefined) return undefined;
  if (typeof arg === 'string') return arg;
  if (arg instanceof vscode.Uri) return arg.fsPath;
  return typeof arg.file === 'string' ? arg.file : undefined;
}

export function sameFile(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && path.resolve(a) === path.resolve(b);
}
