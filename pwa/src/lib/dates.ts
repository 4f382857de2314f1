/**
 * Every date and time the app shows or takes is the event's own: Hyderabad time (IST, UTC+05:30, no
 * daylight saving), whatever time zone the device is set to — an organiser abroad and a tablet left on UTC
 * see the same times as the venue. The server stores instants in UTC (ISO 8601).
 */
export const EVENT_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET = '+05:30';

function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One formatter per shape, made on first use and kept (constructing Intl formatters is the slow part). */
const SHAPES = {
  stamp: ['en-GB', { timeZone: EVENT_TIME_ZONE, day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h12' }],
  event: ['en-GB', { timeZone: EVENT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  input: ['en-GB', { timeZone: EVENT_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }],
  moment: ['en-IN', { timeZone: EVENT_TIME_ZONE, day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' }],
  minute: ['en-IN', { timeZone: EVENT_TIME_ZONE, day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit' }],
  hour: ['en-IN', { timeZone: EVENT_TIME_ZONE, day: '2-digit', month: 'short', hour: 'numeric' }],
  clock: ['en-IN', { timeZone: EVENT_TIME_ZONE, hour: '2-digit', minute: '2-digit' }],
  day: ['en-GB', { timeZone: EVENT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' }],
} satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;
const made: Partial<Record<keyof typeof SHAPES, Intl.DateTimeFormat>> = {};
const shape = (name: keyof typeof SHAPES) => (made[name] ??= new Intl.DateTimeFormat(SHAPES[name][0], SHAPES[name][1]));

function partsOf(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(date)) out[part.type] = part.value;
  return out;
}

export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** A record's "Created On": "05 Jan 2025, 03:30 PM", or "N/A". */
export function formatCreatedOn(value: unknown): string {
  const date = toDate(value);
  if (!date) return 'N/A';
  const p = partsOf(shape('stamp'), date);
  return `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()}`;
}

/** An event's start or end on its card: "Jan 5th, 2025 15:30"; "" when missing. */
export function formatEventDate(value: unknown): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(shape('event'), date);
  return `${p.month} ${ordinal(Number(p.day))}, ${p.year} ${p.hour}:${p.minute}`;
}

/** A moment at the door or in a log: "05 Jan, 03:30:12 pm"; "—" when missing. */
export function formatMoment(value: unknown): string {
  const date = toDate(value);
  return date ? shape('moment').format(date) : '—';
}

/** "05 Jan, 03:30 pm": a moment where seconds do not matter. */
export function formatMinute(value: unknown): string {
  const date = toDate(value);
  return date ? shape('minute').format(date) : '—';
}

/** "05 Jan, 3 pm": the hour a chart's bar stands for. */
export function formatHour(value: unknown): string {
  const date = toDate(value);
  return date ? shape('hour').format(date) : '—';
}

/** Just the time of day ("10:42 am"), for a line with no room for the date. */
export function formatClock(value: unknown): string {
  const date = toDate(value);
  return date ? shape('clock').format(date) : '—';
}

/** An event's days, short: "12–13 Dec 2026", "30 Nov – 2 Dec 2026", "12 Dec 2026"; "" when missing. */
export function formatDayRange(start: unknown, end: unknown): string {
  const from = toDate(start);
  const to = toDate(end) ?? from;
  if (!from || !to) return '';
  const a = partsOf(shape('day'), from);
  const b = partsOf(shape('day'), to);
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  if (a.day !== b.day) return `${a.day}–${b.day} ${b.month} ${b.year}`;
  return `${a.day} ${a.month} ${a.year}`;
}

/** The value of a `datetime-local` input ("2025-01-05T15:30") for an instant, in event time. */
export function toEventInput(value: unknown): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(shape('input'), date);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The instant (ISO 8601, UTC) a `datetime-local` value means in event time; '' when it is empty or invalid. */
export function fromEventInput(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return '';
  const date = new Date(`${local.length === 16 ? `${local}:00` : local}${IST_OFFSET}`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
