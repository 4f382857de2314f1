import { describe, expect, it } from 'vitest';
import { ApiError } from '@pwa/lib/api-error';
import { checkEventValues, eventSaveError, pickEnd, pickStart } from './event-rules';

const filled = {
  eventName: 'Expo',
  state: 'Telangana',
  city: 'Hyderabad',
  eventTypes: ['Exhibition'],
  startDateTime: '2025-01-05T10:00',
  endDateTime: '2025-01-06T18:00',
  venue: '',
  description: '',
  status: 'active',
  isFeatured: false,
  registrationOpensAt: '',
  registrationClosesAt: '',
  address: '',
  mapUrl: '',
  openingHours: '',
  awardsNightAt: '',
};

describe('event form rules: dates and required fields', () => {
  it('clears the end when the start moves past it', () => {
    expect(pickStart({ startDateTime: '', endDateTime: '2025-01-05T10:00' }, '2025-01-06T10:00')).toEqual({
      startDateTime: '2025-01-06T10:00',
      endDateTime: '',
    });
    expect(pickStart({ startDateTime: '', endDateTime: '2025-01-07T10:00' }, '2025-01-06T10:00')).toEqual({
      startDateTime: '2025-01-06T10:00',
      endDateTime: '2025-01-07T10:00',
    });
  });
  it('refuses an end before the start', () => {
    expect(pickEnd({ startDateTime: '2025-01-06T10:00', endDateTime: '' }, '2025-01-05T10:00')).toEqual({
      dates: { startDateTime: '2025-01-06T10:00', endDateTime: '' },
      error: 'End date cannot be before start date',
    });
    expect(pickEnd({ startDateTime: '2025-01-06T10:00', endDateTime: '' }, '2025-01-06T12:00').error).toBeNull();
  });
  it('checks required fields, then dates, then their order, each message on its field', () => {
    expect(checkEventValues(filled)).toEqual({});
    expect(checkEventValues({ ...filled, city: '', eventTypes: [] })).toEqual({
      city: 'City is required',
      eventTypes: 'Event Types is required',
      root: 'Please fill in all required fields',
    });
    expect(checkEventValues({ ...filled, endDateTime: '' })).toEqual({ endDateTime: 'Start date and end date are required' });
    expect(checkEventValues({ ...filled, startDateTime: '', endDateTime: '' })).toEqual({ startDateTime: 'Start date and end date are required' });
    expect(checkEventValues({ ...filled, endDateTime: '2025-01-04T10:00' })).toEqual({ endDateTime: 'End date cannot be before start date' });
    expect(checkEventValues({ ...filled, registrationOpensAt: '2025-01-03T10:00', registrationClosesAt: '2025-01-02T10:00' })).toEqual({
      registrationClosesAt: 'Registration cannot close before it opens',
    });
  });
});

describe('event save errors', () => {
  it('maps each failure to its message', () => {
    expect(eventSaveError(new ApiError(413, 'whatever'), false)).toBe('File size too large. Maximum size is 5MB.');
    expect(eventSaveError(new ApiError(401, 'Unauthorized'), false)).toBe('Session expired. Please log in again.');
    expect(eventSaveError(new ApiError(0, 'x'), false)).toBe('No response from server. Please check your connection.');
    expect(eventSaveError(new ApiError(400, 'End date cannot be before start date'), false)).toBe('End date cannot be before start date');
    expect(eventSaveError(new ApiError(422, 'Request failed'), true)).toBe('Please check your input and try again.');
    expect(eventSaveError(new ApiError(502, 'Request failed'), false)).toBe('Failed to create event.');
    expect(eventSaveError(new Error('boom'), true)).toBe('Failed to update event.');
  });
});
