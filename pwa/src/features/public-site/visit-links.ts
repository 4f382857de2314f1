// Links a visitor uses to plan the visit: the calendar file, Google Calendar, the map and directions,
// and a WhatsApp share. Pure: the pages render them on the server too.
import type { PublicEvent } from '@edge/lib/events';

/** The event's calendar file (served by the API). */
export const calendarFileUrl = (eventId: string) => `/api/public/calendar.ics?eventId=${encodeURIComponent(eventId)}`;

const googleDate = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Google Calendar's "add event" page, filled in with the event. */
export function googleCalendarUrl(event: PublicEvent, pageUrl: string): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.eventName,
    dates: `${googleDate(event.startDateTime)}/${googleDate(event.endDateTime)}`,
    details: `Register and keep your pass: ${pageUrl}`,
    location: event.address || event.venue,
    ctz: 'Asia/Kolkata',
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

const place = (event: PublicEvent) => [event.venue, event.address].filter(Boolean).join(', ');

/** The organiser's map link, or a map search for the venue and address. */
export function mapUrl(event: PublicEvent): string {
  return event.mapUrl || `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place(event))}`;
}

/** Directions to the venue from wherever the visitor is. */
export function directionsUrl(event: PublicEvent): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(place(event))}`;
}

/** A WhatsApp message with the event and the page (the fallback where the Web Share API is missing). */
export function whatsAppShareUrl(text: string, pageUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${pageUrl}`)}`;
}
