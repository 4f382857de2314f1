import { describe, expect, it } from 'vitest';
import { sponsorsConfig } from '../features/admin-resources/resources/sponsors';
import { guestsConfig } from '../features/admin-resources/resources/guests';
import { changeLine } from './history-change';

const events = (id: string) => (id === 'e1' ? 'Hyderabad Property Expo' : undefined);

describe('changeLine', () => {
  it('names a field by the form field it is edited in, and shows values as the form does', () => {
    expect(changeLine(sponsorsConfig, { field: 'contactPersonName', from: 'Vikram', to: 'Vikram Rao' }, events)).toEqual({
      label: 'Sponsor Name',
      from: 'Vikram',
      to: 'Vikram Rao',
    });
    expect(changeLine(sponsorsConfig, { field: 'mobileNumber', from: '+919876543210', to: null }, events)).toEqual({
      label: 'Phone',
      from: '+91 98765 43210',
      to: '(empty)',
    });
    expect(changeLine(sponsorsConfig, { field: 'eventId', from: null, to: 'e1' }, events)).toEqual({
      label: 'Event',
      from: '(empty)',
      to: 'Hyderabad Property Expo',
    });
    expect(changeLine(sponsorsConfig, { field: 'showOnSite', from: false, to: true }, events)).toEqual({ label: 'Show on site', from: 'No', to: 'Yes' });
    expect(changeLine(sponsorsConfig, { field: 'amountPaid', from: 0, to: 150000 }, events)).toEqual({ label: 'Amount Paid (INR)', from: '0', to: '1,50,000' });
  });

  it('shows stored fields no form names in plain words, times in IST, and an image only as changed', () => {
    expect(changeLine(sponsorsConfig, { field: 'balanceAmount', from: 600000, to: 450000 }, events).label).toBe('Balance Amount');
    expect(changeLine(sponsorsConfig, { field: 'confirmedAt', from: null, to: '2026-01-05T10:00:00.000Z' }, events).to).toBe('05 Jan 2026, 03:30 PM');
    expect(changeLine(guestsConfig, { field: 'profileImageKey', from: 'a', to: 'b' }, events)).toEqual({
      label: 'Profile Image',
      from: 'an image',
      to: 'a new image',
    });
  });
});
