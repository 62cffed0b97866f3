/** A tool call's arguments in short (the card's title line) and in full (its body). */
import type { Json } from '../session/types';
import { previewJson } from '../util/jsonText';

/** Which argument says what a call does, per tool; other tools show their first string argument. */
const KEY_ARGUMENT: Record<string, readonly string[]> = {
  read: ['path'],
  write: ['path'],
  edit: ['path'],
  ls: ['path'],
  bash: ['command'],
  grep: ['pattern', 'path'],
  find: ['pattern', 'path'],
};

const MAX_SUMMARY = 80;

export function summarizeArgs(name: string, args: { [key: string]: Json }): string {
  const keys = KEY_ARGUMENT[name];
  const values = keys
    ? keys.map((key) => args[key]).filter((value): value is string => typeof value === 'string' && value !== '')
    : Object.values(args).filter((value): value is string => typeof value === 'string').slice(0, 1);
  return oneLine(values.join(' in '));
}

/** Past this, a call's arguments are cut for display (a `write` of a whole file; the session keeps all of it). */
export const MAX_ARGS_CHARS = 20_000;

/** Pretty-printed, with containers nested past a sane depth shown as `[nested too deep]` (a file may nest them 100 000 deep). */
export function formatArgs(args: { [key: string]: Json }): string {
  return previewJson(args, { maxChars: MAX_ARGS_CHARS });
}

/** The first line, cut to a length that fits a card title. */
export function oneLine(text: string, max = MAX_SUMMARY): string {
  const first = text.trim().split('\n', 1)[0] ?? '';
  const more = first.length > max || text.trim().includes('\n');
  return first.length > max ? `${first.slice(0, max - 1)}…` : more ? `${first} …` : first;
}
