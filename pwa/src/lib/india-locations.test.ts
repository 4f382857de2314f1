import { describe, expect, it } from 'vitest';
import { changeLocation, citiesOf, INDIA_LOCATIONS, INDIA_STATES } from './india-locations';

describe('state and city table', () => {
  it('has all 28 states and 8 union territories, each with cities', () => {
    expect(INDIA_STATES).toHaveLength(36);
    for (const state of INDIA_STATES) expect(INDIA_LOCATIONS[state]!.length).toBeGreaterThan(0);
    expect(citiesOf('Telangana')).toContain('Hyderabad');
    expect(citiesOf('Ladakh')).toContain('Leh');
    expect(citiesOf('toString')).toEqual([]);
    expect(citiesOf('')).toEqual([]);
  });

  it('clears the city when the state changes, keeps it otherwise', () => {
    const here = { state: 'Telangana', city: 'Hyderabad' };
    expect(changeLocation(here, { state: 'Karnataka' })).toEqual({ state: 'Karnataka', city: '' });
    expect(changeLocation(here, { state: 'Telangana' })).toEqual(here);
    expect(changeLocation(here, { city: 'Warangal' })).toEqual({ state: 'Telangana', city: 'Warangal' });
  });
});
