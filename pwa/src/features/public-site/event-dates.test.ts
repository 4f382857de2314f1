import { describe, expect, it } from 'vitest';
import { countdownParts, formatDateRange, formatDay, programmeDays } from './event-dates';

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
