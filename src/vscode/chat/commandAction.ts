// The button under a failure's notice in the chat that runs what fixes it.
import { CHAT_COMMANDS, type ChatCommandId, type NoticeAction } from '../../shared/protocol';
import type { FixCommand } from '../errors';

/** The fix's command as a notice's button (setting the key), when the chat may run that command. */
export function commandAction(fix: FixCommand | undefined): NoticeAction | undefined {
  const allowed: readonly string[] = CHAT_COMMANDS;
  if (fix && allowed.includes(fix.id)) return { kind: 'command', label: fix.title, command: fix.id as ChatCommandId };
  return undefined;
}
