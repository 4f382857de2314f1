import { describe, expect, it } from 'vitest';
import { formatCreatedOn, formatEventDate, formatInr, ordinal, statusLabel, toLocalInput } from './panel-format';

describe('formatCreatedOn', () => {
  it('formats like "05 Jan 2025, 03:30 PM" in local time', () => {
    expect(formatCreatedOn(new Date(2025, 0, 5, 15, 30).toISOString())).toBe('05 Jan 2025, 03:30 PM');
    expect(formatCreatedOn(new Date(2025, 11, 31, 0, 5).toISOString())).toBe('31 Dec 2025, 12:05 AM');
    expect(formatCreatedOn(new Date(2025, 5, 9, 12, 0).toISOString())).toBe('09 Jun 2025, 12:00 PM');
  });
  it('answers "N/A" for missing or invalid values', () => {
    expect(formatCreatedOn(undefined)).toBe('N/A');
    expect(formatCreatedOn(null)).toBe('N/A');
    expect(formatCreatedOn('')).toBe('N/A');
    expect(formatCreatedOn('not a date')).toBe('N/A');
  });
});

describe('formatEventDate', () => {
  it('formats like "MMM do, yyyy HH:mm"', () => {
    expect(formatEventDate(new Date(2025, 0, 5, 15, 30).toISOString())).toBe('Jan 5th, 2025 15:30');
    expect(formatEventDate(new Date(2025, 2, 1, 9, 0).toISOString())).toBe('Mar 1st, 2025 09:00');
    expect(formatEventDate('')).toBe('');
  });
  it('uses English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st',
    ]);
  });
});

describe('statusLabel', () => {
  it('turns status codes into labels', () => {
    expect(statusLabel('registered_online')).toBe('Registered Online');
    expect(statusLabel('not_confirmed')).toBe('Not Confirmed');
    expect(statusLabel('checked-in')).toBe('Checked In');
    expect(statusLabel('Registered at Venue')).toBe('Registered At Venue');
    expect(statusLabel('')).toBe('N/A');
    expect(statusLabel(undefined)).toBe('N/A');
  });
});

describe('small helpers', () => {
  it('fills datetime-local inputs and formats rupees', () => {
    expect(toLocalInput(new Date(2025, 0, 5, 15, 30).toISOString())).toBe('2025-01-05T15:30');
    expect(toLocalInput(undefined)).toBe('');
    expect(formatInr(150000)).toBe('₹1,50,000');
  });
});
