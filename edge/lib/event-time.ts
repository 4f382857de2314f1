import { formatDateRange, formatTime } from '../../shared/dates';

/**
 * When an event happens, as a person reads it on a pass or in a message: the dates of the public pages
 * and the opening hours in India's time ("18th - 19th October, 2025", "9:00 am – 8:00 pm IST"). Events
 * are held in Hyderabad; their times are stored in UTC.
 *
 * Every registration's message says these: events are few, so each event's dates and hours are worked out
 * once and kept.
 */
const datesOfEvents = new Map<string, string>();

export function eventDates(startIso: string, endIso: string): string {
  const key = `${startIso}|${endIso}`;
  let dates = datesOfEvents.get(key);
  if (dates === undefined) {
    if (datesOfEvents.size >= 100) datesOfEvents.clear();
    datesOfEvents.set(key, (dates = formatDateRange(startIso, endIso)));
  }
  return dates;
}

const hoursOfEvents = new Map<string, string>();

export function eventHours(startIso: string, endIso: string): string {
  const key = `${startIso}|${endIso}`;
  let hours = hoursOfEvents.get(key);
  if (hours === undefined) {
    const [start, end] = [formatTime(startIso), formatTime(endIso)];
    hours = start && end ? `${start} – ${end} IST` : '';
    if (hoursOfEvents.size >= 100) hoursOfEvents.clear();
    hoursOfEvents.set(key, hours);
  }
  return hours;
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
