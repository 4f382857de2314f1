// Pure date logic of the public pages: the countdown (to the expo's start, refreshed every second,
// floored at zero) and the date lines of the featured event, written in the event's own time zone
// (India) whatever the visitor's clock says.
import { EVENT_TIME_ZONE, ordinal } from '../../lib/dates';

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
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: EVENT_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { day: Number(get('day')), month: get('month'), year: Number(get('year')) };
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

/** "7:00 pm": a moment's time of day in the event's time zone ('' for an unreadable date). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-IN', { timeZone: EVENT_TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(date);
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
