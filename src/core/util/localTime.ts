/** Dates as a person reads them, in the local time zone: 2026-03-05, 2026-03-05 14:07. */

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
