import { describe, expect, it } from 'vitest';
import { doorVerdict, nextStatus, otherStatuses } from './flow';

describe('the door flow', () => {
  it('checks in anyone not yet in, and offers a checked-in visitor nothing more', () => {
    expect(nextStatus('visitors', 'registered_online')).toBe('checked_in');
    expect(nextStatus('visitors', 'not_visited')).toBe('checked_in');
    expect(nextStatus('visitors', 'checked_in')).toBeNull();
    expect(nextStatus('guests', 'checked_in')).toBe('exited_ramp');
  });

  it('offers no big action on a cancelled or inactive pass, but keeps the choice by hand', () => {
    expect(nextStatus('visitors', 'cancelled')).toBeNull();
    expect(nextStatus('visitors', 'inactive')).toBeNull();
    expect(otherStatuses('visitors', 'cancelled')).toContain('checked_in');
  });

  it('tells a refused pass and a second entry from a person to admit', () => {
    expect(doorVerdict('cancelled')).toBe('refused');
    expect(doorVerdict('checked_in')).toBe('already');
    expect(doorVerdict('registered_online')).toBe('ok');
    expect(doorVerdict('exited_ramp')).toBe('ok');
  });
});
