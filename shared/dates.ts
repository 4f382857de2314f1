/**
 * The one module of dates, for the panel, the door, the public pages and the server's passes and messages.
 * Every date and time shown or taken is the event's own, formatted with Intl.DateTimeFormat in its time
 * zone: Hyderabad time (IST, UTC+05:30, no daylight saving), whatever time zone the device is set to — an
 * organiser abroad and a tablet left on UTC see the same times as the venue. The server stores instants in
 * UTC (ISO 8601).
 */
const EVENT_TIME_ZONE = 'Asia/Kolkata';
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
  day: ['en-GB', { timeZone: EVENT_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' }],
  longDay: ['en-GB', { timeZone: EVENT_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }],
  time: ['en-IN', { timeZone: EVENT_TIME_ZONE, hour: 'numeric', minute: '2-digit' }],
  opening: ['en-IN', { timeZone: EVENT_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }],
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

/** A moment with its date and year — a record's "Created On", when this device noticed something: "05 Jan 2025, 03:30 PM", or "N/A". */
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

// The public pages' dates: the countdown (to the expo's start, refreshed every second, floored at zero)
// and the date lines of the featured event ("18th - 19th October, 2025").

export interface CountdownParts {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Days, hours, minutes and seconds from `now` to `target`, two digits each, floored at all zeros. */
export function countdownParts(target: number, now: number): CountdownParts {
  const total = Number.isFinite(target) ? Math.max(0, Math.floor((target - now) / 1000)) : 0;
  return {
    // More than 99 days still shows every digit ("123"); every unit is padded to at least two.
    days: pad(Math.floor(total / 86_400)),
    hours: pad(Math.floor((total % 86_400) / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}

interface DayParts {
  day: number;
  month: string;
  year: number;
}

function dayParts(iso: string): DayParts | null {
  const date = toDate(iso);
  if (!date) return null;
  const p = partsOf(shape('longDay'), date);
  return { day: Number(p.day), month: p.month ?? '', year: Number(p.year) };
}

/** "18th - 19th October, 2025" (one day: "19th October, 2025"; across months: "30th September - 1st October, 2025"). */
export function formatDateRange(startIso: string, endIso: string): string {
  const start = dayParts(startIso);
  const end = dayParts(endIso) ?? start;
  if (!start || !end) return '';
  if (start.year === end.year && start.month === end.month) {
    if (start.day === end.day) return `${ordinal(start.day)} ${start.month}, ${start.year}`;
    return `${ordinal(start.day)} - ${ordinal(end.day)} ${end.month}, ${end.year}`;
  }
  if (start.year === end.year) {
    return `${ordinal(start.day)} ${start.month} - ${ordinal(end.day)} ${end.month}, ${end.year}`;
  }
  return `${ordinal(start.day)} ${start.month}, ${start.year} - ${ordinal(end.day)} ${end.month}, ${end.year}`;
}

/**
 * The event's dates in another language's words ("18–19 అక్టోబర్, 2025"), by Intl's own range format for
 * `locale`: the public site in Telugu and Hindi (decision 075). English keeps formatDateRange's words.
 */
export function formatDateRangeIn(locale: string, startIso: string, endIso: string): string {
  const start = toDate(startIso);
  const end = toDate(endIso) ?? start;
  if (!start || !end) return '';
  return new Intl.DateTimeFormat(locale, { timeZone: EVENT_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).formatRange(start, end);
}

/** One day in another language's words ("19 अक्टूबर 2025"). */
export function formatDayIn(locale: string, iso: string): string {
  const date = toDate(iso);
  return date ? new Intl.DateTimeFormat(locale, { timeZone: EVENT_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }).format(date) : '';
}

/** A time of day in another language's words. */
export function formatTimeIn(locale: string, iso: string): string {
  const date = toDate(iso);
  return date ? new Intl.DateTimeFormat(locale, { timeZone: EVENT_TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(date) : '';
}

/** "19th October 2025": the awards night, on the event's last day. */
export function formatDay(iso: string): string {
  const parts = dayParts(iso);
  return parts ? `${ordinal(parts.day)} ${parts.month} ${parts.year}` : '';
}

export type EventPhase = 'upcoming' | 'on' | 'ended';

/** Where `now` falls: before the event's start, between its start and end, or after its end. */
export function eventPhase(startIso: string, endIso: string, now: number): EventPhase {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (Number.isFinite(end) && now >= end) return 'ended';
  if (Number.isFinite(start) && now >= start) return 'on';
  return 'upcoming';
}

/** "7:00 pm": a moment's time of day in the event's time zone, for a line with no room for the date ('' for an unreadable date). */
export function formatTime(value: unknown): string {
  const date = toDate(value);
  return date ? shape('time').format(date) : '';
}

/** "1 September 2025 at 10:00 am": when an event's registration opens ('' for an unreadable date). */
export function formatOpening(iso: string): string {
  const date = toDate(iso);
  return date ? shape('opening').format(date) : '';
}

/** "19th October 2025, 7:00 pm": a moment of the event, in its own time zone. */
export function formatDayTime(iso: string): string {
  const day = formatDay(iso);
  if (!day) return '';
  return `${day}, ${formatTime(iso)}`;
}

/** The most days a programme lists; an event longer than this is not a two-day expo. */
const MAX_PROGRAMME_DAYS = 7;

/**
 * Each calendar day of the event in India, first to last: "18th October 2025", with whether the awards night
 * falls on it. Built from the event's own dates, so the programme follows what organisers set.
 */
export function programmeDays(startIso: string, endIso: string, awardsNightIso: string | null): Array<{ label: string; awardsNight: boolean }> {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  if (!Number.isFinite(start)) return [];
  const last = formatDay(Number.isFinite(end) && end > start ? endIso : startIso);
  const night = awardsNightIso ? formatDay(awardsNightIso) : '';
  const days: Array<{ label: string; awardsNight: boolean }> = [];
  for (let at = start; days.length < MAX_PROGRAMME_DAYS; at += 86_400_000) {
    const label = formatDay(new Date(at).toISOString());
    if (days.at(-1)?.label !== label) days.push({ label, awardsNight: label === night });
    if (label === last) break;
  }
  return days;
}
