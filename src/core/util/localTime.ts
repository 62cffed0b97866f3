/** Dates as a person reads them, in the local time zone: 2026-03-05, 2026-03-05 14:07, "5 min ago". */

const pad = (n: number): string => String(n).padStart(2, '0');

/** 2026-03-05 */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 14:07, or 14:07:09 with seconds. */
export function localTimeOfDay(date: Date, seconds = false): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
}

/** 2026-03-05 14:07 */
export function localDateTime(date: Date): string {
  return `${localDate(date)} ${localTimeOfDay(date)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago, as a list shows it: "just now", "5 min ago", "3 h ago", "2 d ago" within a week, else the local date (2026-03-05). */
export function relativeAge(then: Date, now: Date): string {
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} d ago`;
  return localDate(then);
}
