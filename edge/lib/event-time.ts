import { formatDateRange } from '../../pwa/src/features/public-site/event-dates';

/**
 * When an event happens, as a person reads it on a pass or in a message: the dates of the public pages
 * and the opening hours in India's time ("18th - 19th October, 2025", "9:00 am – 8:00 pm IST"). Events
 * are held in Hyderabad; their times are stored in UTC.
 */
const timeOfDay = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true });

export function eventDates(startIso: string, endIso: string): string {
  return formatDateRange(startIso, endIso);
}

export function eventHours(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  return `${timeOfDay.format(start)} – ${timeOfDay.format(end)} IST`;
}

/** Both on one line: "18th - 19th October, 2025, 9:00 am – 8:00 pm IST". */
export function eventWhen(startIso: string, endIso: string): string {
  return [eventDates(startIso, endIso), eventHours(startIso, endIso)].filter(Boolean).join(', ');
}

/** The venue and its city, without repeating a city the venue's name already ends with. */
export function eventPlace(venue: string, city: string): string {
  if (!venue) return city;
  if (!city || venue.toLowerCase().includes(city.toLowerCase())) return venue;
  return `${venue}, ${city}`;
}
