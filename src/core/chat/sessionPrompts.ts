/**
 * What Up in the chat's input walks through: the prompts the user sent in this session, on every
 * branch, in the order they were sent (the file's order), so a prompt typed before a move to
 * another branch, or before the part of a long branch the chat has loaded, is still one key away.
 * A prompt is what the user typed: the blocks its mentions were expanded into are left out.
 */
import { isKnownEntry, messageText, type SessionEntry } from '../session';
import { mentionBlocks } from './mentionBlocks';

/** The most prompts recalled: far more than anyone walks back through with a key. */
export const MAX_RECALLED_PROMPTS = 200;

/** The text of each user message, oldest first, the newest `max`. */
export function sessionPrompts(entries: readonly SessionEntry[], max = MAX_RECALLED_PROMPTS): string[] {
  const prompts: string[] = [];
  for (const entry of entries) {
    if (!isKnownEntry(entry) || entry.type !== 'message' || entry.message.role !== 'user') continue;
    const text = mentionBlocks(messageText(entry.message, '\n')).text;
    if (text.trim() !== '') prompts.push(text);
  }
  return prompts.slice(-max);
}
