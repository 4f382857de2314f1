import { describe, expect, it } from 'vitest';
import { formatClock, formatCreatedOn, formatDayRange, formatEventDate, formatHour, formatMoment, fromEventInput, ordinal, toEventInput } from './dates';

// 10:00 UTC is 15:30 in Hyderabad: every figure below is IST whatever zone this machine runs in.
const AFTERNOON = '2025-01-05T10:00:00.000Z';

describe('dates in event time (IST)', () => {
  it('formats "Created On" like "05 Jan 2025, 03:30 PM"', () => {
    expect(formatCreatedOn(AFTERNOON)).toBe('05 Jan 2025, 03:30 PM');
    expect(formatCreatedOn('2025-12-30T18:35:00Z')).toBe('31 Dec 2025, 12:05 AM');
    expect(formatCreatedOn('2025-06-09T06:30:00Z')).toBe('09 Jun 2025, 12:00 PM');
    for (const missing of [undefined, null, '', 'not a date']) expect(formatCreatedOn(missing)).toBe('N/A');
  });

  it('formats event dates like "Jan 5th, 2025 15:30", with English ordinals', () => {
    expect(formatEventDate(AFTERNOON)).toBe('Jan 5th, 2025 15:30');
    expect(formatEventDate('2025-03-01T03:30:00Z')).toBe('Mar 1st, 2025 09:00');
    expect(formatEventDate('')).toBe('');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st']);
  });

  it('formats door and dashboard moments in IST', () => {
    expect(formatMoment(AFTERNOON)).toMatch(/^05 Jan,? 03:30:00 pm$/i);
    expect(formatClock(AFTERNOON)).toMatch(/^03:30 pm$/i);
    expect(formatHour(AFTERNOON)).toMatch(/^05 Jan,? 3 pm$/i);
    expect(formatMoment(null)).toBe('—');
  });

  it("writes an event's days short, by Hyderabad's calendar", () => {
    expect(formatDayRange('2026-12-12T04:30:00Z', '2026-12-13T12:30:00Z')).toBe('12–13 Dec 2026');
    expect(formatDayRange('2026-11-30T04:30:00Z', '2026-12-02T12:30:00Z')).toBe('30 Nov – 2 Dec 2026');
    expect(formatDayRange('2026-12-31T04:30:00Z', '2027-01-01T12:30:00Z')).toBe('31 Dec 2026 – 1 Jan 2027');
    // 20:00 UTC on the 11th is already the 12th in Hyderabad.
    expect(formatDayRange('2026-12-11T20:00:00Z', '2026-12-12T12:00:00Z')).toBe('12 Dec 2026');
    expect(formatDayRange(undefined, undefined)).toBe('');
  });

  it('reads and fills datetime-local inputs in IST, both ways', () => {
    expect(toEventInput(AFTERNOON)).toBe('2025-01-05T15:30');
    expect(fromEventInput('2025-01-05T15:30')).toBe(AFTERNOON);
    expect(fromEventInput('2025-01-06T00:15')).toBe('2025-01-05T18:45:00.000Z');
    expect(toEventInput(fromEventInput('2030-01-07T18:30'))).toBe('2030-01-07T18:30');
    expect(fromEventInput('')).toBe('');
    expect(fromEventInput('07/01/2030')).toBe('');
    expect(toEventInput(undefined)).toBe('');
  });
});
