import { describe, expect, it } from 'vitest';
import type { PublicEvent } from '@edge/lib/events';
import { calendarFileUrl, directionsUrl, googleCalendarUrl, mapUrl, whatsAppShareUrl } from './visit-links';

const event: PublicEvent = {
  id: 'ev 1',
  eventName: 'Hyderabad Property Expo & Builders Awards 2025',
  city: 'Hyderabad',
  venue: 'HICC',
  startDateTime: '2025-10-18T03:30:00.000Z',
  endDateTime: '2025-10-19T14:30:00.000Z',
  registrationOpensAt: null,
  registrationClosesAt: null,
  address: 'Madhapur, Hyderabad 500081',
  mapUrl: '',
  openingHours: '',
  awardsNightAt: null,
  registrationQuestions: [],
};

describe('the visit links', () => {
  it('fill Google Calendar with the event in UTC, its place and the page', () => {
    const url = new URL(googleCalendarUrl(event, 'https://expo.example.in/'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(event.eventName);
    expect(url.searchParams.get('dates')).toBe('20251018T033000Z/20251019T143000Z');
    expect(url.searchParams.get('location')).toBe('Madhapur, Hyderabad 500081');
    expect(url.searchParams.get('details')).toContain('https://expo.example.in/');
  });

  it("use the organiser's map link, else a search for the venue and address; directions go to the same place", () => {
    expect(mapUrl(event)).toBe('https://www.google.com/maps/search/?api=1&query=HICC%2C%20Madhapur%2C%20Hyderabad%20500081');
    expect(mapUrl({ ...event, mapUrl: 'https://maps.app.goo.gl/x' })).toBe('https://maps.app.goo.gl/x');
    expect(directionsUrl(event)).toBe('https://www.google.com/maps/dir/?api=1&destination=HICC%2C%20Madhapur%2C%20Hyderabad%20500081');
  });

  it('name the calendar file by event and share on WhatsApp with the text and the page', () => {
    expect(calendarFileUrl('ev 1')).toBe('/api/public/calendar.ics?eventId=ev%201');
    expect(whatsAppShareUrl('See you at the expo', 'https://expo.example.in/')).toBe(
      'https://wa.me/?text=See%20you%20at%20the%20expo%20https%3A%2F%2Fexpo.example.in%2F',
    );
  });
});
