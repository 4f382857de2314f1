import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { checkEventForm, eventSaveError, pickEnd, pickStart } from './event-rules';

const filled = {
  eventName: 'Expo',
  state: 'Telangana',
  city: 'Hyderabad',
  eventTypes: ['Exhibition'],
  startDateTime: '2025-01-05T10:00',
  endDateTime: '2025-01-06T18:00',
};

describe('event form rules (seed 001 §4, §5)', () => {
  it('clears the end when the start moves past it', () => {
    expect(pickStart({ start: '', end: '2025-01-05T10:00' }, '2025-01-06T10:00')).toEqual({ start: '2025-01-06T10:00', end: '' });
    expect(pickStart({ start: '', end: '2025-01-07T10:00' }, '2025-01-06T10:00')).toEqual({ start: '2025-01-06T10:00', end: '2025-01-07T10:00' });
  });
  it('refuses an end before the start', () => {
    expect(pickEnd({ start: '2025-01-06T10:00', end: '' }, '2025-01-05T10:00')).toEqual({
      dates: { start: '2025-01-06T10:00', end: '' },
      error: 'End date cannot be before start date',
    });
    expect(pickEnd({ start: '2025-01-06T10:00', end: '' }, '2025-01-06T12:00').error).toBeNull();
  });
  it('checks required fields, then dates, then their order', () => {
    expect(checkEventForm(filled)).toBeNull();
    expect(checkEventForm({ ...filled, city: '' })).toBe('Please fill in all required fields');
    expect(checkEventForm({ ...filled, eventTypes: [] })).toBe('Please fill in all required fields');
    expect(checkEventForm({ ...filled, endDateTime: '' })).toBe('Start date and end date are required');
    expect(checkEventForm({ ...filled, endDateTime: '2025-01-04T10:00' })).toBe('End date cannot be before start date');
  });
});

describe('event save errors (seed 001 §8)', () => {
  it('maps statuses to the seed messages', () => {
    expect(eventSaveError(new ApiError(413, 'whatever'), false)).toBe('File size too large. Maximum size is 5MB.');
    expect(eventSaveError(new ApiError(401, 'Unauthorized'), false)).toBe('Session expired. Please log in again.');
    expect(eventSaveError(new ApiError(0, 'x'), false)).toBe('No response from server. Please check your connection.');
    expect(eventSaveError(new ApiError(400, 'End date cannot be before start date'), false)).toBe('End date cannot be before start date');
    expect(eventSaveError(new ApiError(422, 'Request failed'), true)).toBe('Please check your input and try again.');
    expect(eventSaveError(new ApiError(502, 'Request failed'), false)).toBe('Failed to create event.');
    expect(eventSaveError(new Error('boom'), true)).toBe('Failed to update event.');
  });
});
