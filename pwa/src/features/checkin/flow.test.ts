import { describe, expect, it } from 'vitest';
import { doorVerdict, nextStatus, otherStatuses } from './flow';

describe('the door flow', () => {
  it('checks in anyone not yet in, and offers a checked-in visitor nothing more', () => {
    expect(nextStatus('visitors', 'registered_online')).toBe('checked_in');
    expect(nextStatus('visitors', 'not_visited')).toBe('checked_in');
    expect(nextStatus('visitors', 'checked_in')).toBeNull();
    expect(nextStatus('guests', 'checked_in')).toBe('exited_ramp');
  });

  it('offers no big action on a pass on hold; only an organiser gets the choice by hand', () => {
    expect(nextStatus('visitors', 'cancelled')).toBeNull();
    expect(nextStatus('visitors', 'inactive')).toBeNull();
    expect(nextStatus('awardeesvip', 'not_attending')).toBeNull();
    expect(nextStatus('stalls', 'not_attending')).toBeNull();
    expect(otherStatuses('visitors', 'cancelled', true)).toContain('checked_in');
    expect(otherStatuses('visitors', 'cancelled', false)).toEqual([]);
    expect(otherStatuses('speakers', 'not_attending', false)).toEqual([]);
  });

  it('tells a refused pass and a second entry from a person to admit, for every kind', () => {
    expect(doorVerdict('visitors', 'cancelled')).toBe('refused');
    expect(doorVerdict('guests', 'not_attending')).toBe('refused');
    expect(doorVerdict('sponsors', 'not_attending')).toBe('refused');
    expect(doorVerdict('visitors', 'checked_in')).toBe('already');
    expect(doorVerdict('visitors', 'registered_online')).toBe('ok');
    expect(doorVerdict('guests', 'exited_ramp')).toBe('ok');
  });
});
