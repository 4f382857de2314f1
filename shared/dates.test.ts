import { describe, expect, it } from 'vitest';
import {
  countdownParts,
  formatCreatedOn,
  formatDateRange,
  formatDay,
  formatDayRange,
  formatEventDate,
  formatHour,
  formatMoment,
  formatOpening,
  formatTime,
  fromEventInput,
  ordinal,
  programmeDays,
  toEventInput,
} from './dates';

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
    expect(formatTime(AFTERNOON)).toMatch(/^3:30 pm$/i);
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

// The public pages' dates.
const target = Date.parse('2025-10-18T09:00:00+05:30');

describe('countdownParts', () => {
  it('pads every unit to two digits', () => {
    const now = target - ((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000 + 300);
    expect(countdownParts(target, now)).toEqual({ days: '02', hours: '03', minutes: '04', seconds: '05' });
  });

  it('keeps more than 99 days whole', () => {
    expect(countdownParts(target, target - 123 * 86_400_000).days).toBe('123');
  });

  it('floors at all zeros once the start has passed (today is after the event)', () => {
    const zeros = { days: '00', hours: '00', minutes: '00', seconds: '00' };
    expect(countdownParts(target, target)).toEqual(zeros);
    expect(countdownParts(target, Date.parse('2026-11-21T10:00:00Z'))).toEqual(zeros);
    expect(countdownParts(Number.NaN, 0)).toEqual(zeros);
  });

  it('counts one second as 00 00 00 01', () => {
    expect(countdownParts(target, target - 1000)).toEqual({ days: '00', hours: '00', minutes: '00', seconds: '01' });
  });
});

describe('event date lines', () => {
  it('writes "18th - 19th October, 2025" in India time', () => {
    expect(formatDateRange('2025-10-18T03:30:00.000Z', '2025-10-19T12:30:00.000Z')).toBe('18th - 19th October, 2025');
    // 20:00 UTC on the 17th is already the 18th in Hyderabad.
    expect(formatDateRange('2025-10-17T20:00:00.000Z', '2025-10-19T12:30:00.000Z')).toBe('18th - 19th October, 2025');
  });

  it('handles one day, month and year boundaries, and bad input', () => {
    expect(formatDateRange('2025-10-19T04:00:00Z', '2025-10-19T12:00:00Z')).toBe('19th October, 2025');
    expect(formatDateRange('2025-09-30T04:00:00Z', '2025-10-01T12:00:00Z')).toBe('30th September - 1st October, 2025');
    expect(formatDateRange('2025-12-31T04:00:00Z', '2026-01-01T12:00:00Z')).toBe('31st December, 2025 - 1st January, 2026');
    expect(formatDateRange('nope', 'nope')).toBe('');
  });

  it('writes the awards day as "19th October 2025" and the teens with "th"', () => {
    expect(formatDay('2025-10-19T12:30:00.000Z')).toBe('19th October 2025');
    expect(formatDay('2025-10-12T12:30:00.000Z')).toBe('12th October 2025');
    expect(formatDay('2025-10-22T12:30:00.000Z')).toBe('22nd October 2025');
    expect(formatDay('2025-10-23T12:30:00.000Z')).toBe('23rd October 2025');
  });
});

describe('programmeDays', () => {
  it('lists each day of the event in India, marking the awards night', () => {
    expect(programmeDays('2025-10-18T04:30:00Z', '2025-10-19T15:30:00Z', '2025-10-19T13:30:00Z')).toEqual([
      { label: '18th October 2025', awardsNight: false },
      { label: '19th October 2025', awardsNight: true },
    ]);
  });

  it('counts days in India, not UTC: 11 pm to 1 am IST is two days although it is one in UTC', () => {
    expect(programmeDays('2025-10-18T17:30:00Z', '2025-10-18T19:30:00Z', null).map((d) => d.label)).toEqual(['18th October 2025', '19th October 2025']);
  });

  it('one day for a one-day event, none for an unreadable date, at most a week', () => {
    expect(programmeDays('2025-10-18T04:30:00Z', '2025-10-18T12:30:00Z', null)).toHaveLength(1);
    expect(programmeDays('not a date', '2025-10-18T12:30:00Z', null)).toEqual([]);
    expect(programmeDays('2025-10-01T04:30:00Z', '2025-12-31T12:30:00Z', null)).toHaveLength(7);
  });
});

describe('times of day and openings in event time', () => {
  it('says the time of day and when registration opens as India reads it', () => {
    expect(formatTime('2025-10-18T03:30:00.000Z')).toBe('9:00 am');
    expect(formatTime('2025-10-19T14:30:00.000Z')).toBe('8:00 pm');
    expect(formatTime('not a date')).toBe('');
    expect(formatOpening('2025-09-01T04:30:00.000Z')).toBe('1 September 2025 at 10:00 am');
  });
});
