import { describe, expect, it } from 'vitest';
import { formatInr, statusLabel } from './panel-format';

describe('statusLabel', () => {
  it('turns status codes into labels', () => {
    expect(statusLabel('registered_online')).toBe('Registered Online');
    expect(statusLabel('not_confirmed')).toBe('Not Confirmed');
    expect(statusLabel('checked-in')).toBe('Checked In');
    expect(statusLabel('Registered at Venue')).toBe('Registered At Venue');
    expect(statusLabel('')).toBe('N/A');
    expect(statusLabel(undefined)).toBe('N/A');
  });

  it("writes the door's labels in sentence case, with its own word for no status", () => {
    const door = { sentence: true, empty: 'No status' };
    expect(statusLabel('registered_at_venue', door)).toBe('Registered at venue');
    expect(statusLabel('checked_in', door)).toBe('Checked in');
    expect(statusLabel('cancelled', door)).toBe('Cancelled');
    expect(statusLabel('', door)).toBe('No status');
  });
});

describe('small helpers', () => {
  it('formats rupees with Indian grouping', () => {
    expect(formatInr(150000)).toBe('₹1,50,000');
  });
});
