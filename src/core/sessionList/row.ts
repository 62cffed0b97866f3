/**
 * How a session and a search hit read in a list (the Sessions view, Search Sessions…): a title,
 * its age and size, and a tooltip. Pure: the time is given, never read.
 */
import { formatSize } from '../util/byteSize';
import { localDateTime, relativeAge } from '../util/localTime';
import { plainText } from '../util/plainText';

// How long ago: moved to util/localTime (Switch Branch uses it too); the search rows still take it from here.
export { relativeAge };
import { firstLine, messageRole, userText, type SessionEntry, type SessionSummary } from '../session';

export interface SessionRow {
  label: string;
  description: string;
  /** Plain text, one fact per line. */
  tooltip: string;
}

/** The first message is cut here in a tooltip: enough to recognise it, not a whole document. */
const TOOLTIP_MESSAGE_CHARS = 500;

/** The session's name, else its first message's first line. */
export function sessionTitle(summary: Pick<SessionSummary, 'name' | 'firstMessage'>): string {
  return summary.name ?? (firstLine(summary.firstMessage) || '(no messages)');
}

/** The same title for a session in memory: its name, else its first user message with text (as the catalog reads it). */
export function openSessionTitle(sessionName: string | undefined, entries: readonly SessionEntry[]): string {
  const first = entries.find((entry) => messageRole(entry) === 'user' && userTextOf(entry) !== '');
  return sessionTitle({ name: sessionName, firstMessage: first ? userTextOf(first) : '' });
}

function userTextOf(entry: SessionEntry): string {
  return userText((entry as { message?: { content?: never } }).message?.content, ' ');
}

/** A named session's row also shows its first message, this long, after the age and size. */
const DESCRIPTION_MESSAGE_CHARS = 60;

export function sessionRow(summary: SessionSummary, now: Date, current = false): SessionRow {
  // The label is the name when there is one: the first message then goes last in the description.
  const opening = summary.name ? firstLine(summary.firstMessage, DESCRIPTION_MESSAGE_CHARS) || undefined : undefined;
  const description = [current ? '● current' : undefined, relativeAge(summary.modified, now), formatSize(summary.size), opening].filter((part) => part !== undefined).join(' · ');
  const message = summary.firstMessage.length > TOOLTIP_MESSAGE_CHARS ? `${summary.firstMessage.slice(0, TOOLTIP_MESSAGE_CHARS - 1)}…` : summary.firstMessage;
  const count = summary.messageCount === 1 ? '1 message' : `${summary.messageCount} messages`;
  const created = new Date(summary.created);
  const dates = [`modified ${localDateTime(summary.modified)}`, ...(Number.isNaN(created.getTime()) ? [] : [`started ${localDateTime(created)}`])].join(' · ');
  const tooltip = [...(summary.name ? [summary.name] : []), message, '', `${count} · ${formatSize(summary.size)}`, dates, summary.file].join('\n');
  return { label: sessionTitle(summary), description, tooltip };
}

/** A first message is cut here in the quick pick: a line of a wide window. */
const PICK_MESSAGE_CHARS = 120;

/** How a session reads in Open Session…'s quick pick (its search matches all three). */
export interface SessionPickRow {
  label: string;
  description: string;
  detail: string;
}

/**
 * The title, then "● current", age and size, then the first message (a named session's; an
 * unnamed one's title is already its first line) and the message count. All plain text: a quick
 * pick draws `$(name)` as an icon.
 */
export function sessionPickRow(summary: SessionSummary, now: Date, current = false): SessionPickRow {
  const description = [current ? '● current' : undefined, relativeAge(summary.modified, now), formatSize(summary.size)].filter((part) => part !== undefined).join(' · ');
  const opening = summary.name ? firstLine(summary.firstMessage, PICK_MESSAGE_CHARS) || undefined : undefined;
  const count = summary.messageCount === 1 ? '1 message' : `${summary.messageCount} messages`;
  return { label: plainText(sessionTitle(summary), PICK_MESSAGE_CHARS), description, detail: plainText([opening, count].filter((part) => part !== undefined).join(' · '), PICK_MESSAGE_CHARS + 20) };
}
