import { describe, expect, it } from 'vitest';
import { RosterIndex } from './roster-search-index';
import type { RosterPerson } from './checkin-types';

const person = (id: string, passCode: string, status = 'registered_online'): RosterPerson => ({
  eventId: 'e1',
  kind: 'visitors',
  id,
  name: `Person ${id}`,
  mobile: '9876543210',
  organisation: 'Acme',
  passCode,
  status,
  statusChangedAt: null,
  statusChangedBy: null,
  statusDeviceId: null,
  statusOperationId: null,
  version: 1,
});

function indexOf(people: RosterPerson[]) {
  const index = new RosterIndex('e1');
  index.replaceAll(people);
  return index;
}

describe('RosterIndex pass-code look-up', () => {
  it('finds a pass typed with O for 0, L or I for 1, dashes, spaces and lower case', () => {
    const index = indexOf([person('a', '10Q2M9XBC4T0'), person('b', 'ZZZZZZZZZZZZ')]);
    expect(index.byPassCode('lOq2-m9xb-c4tO')?.id).toBe('a');
    expect(index.byPassCode(' IOQ2 M9XB C4TO ')?.id).toBe('a');
    expect(index.byPassCode('10Q2M9XBC4T')).toBeUndefined(); // one symbol short
    expect(index.byPassCode('')).toBeUndefined();
    expect(index.search('lOq2-m9xb-c4tO', 5).items.map((p) => p.id)).toEqual(['a']);
  });

  it('follows a changed or removed pass code', () => {
    const index = indexOf([person('a', '10Q2M9XBC4T0')]);
    index.upsert([person('a', '2222AAAA3333')]);
    expect(index.byPassCode('10Q2M9XBC4T0')).toBeUndefined();
    expect(index.byPassCode('2222-aaaa-3333')?.id).toBe('a');
    index.remove(['visitors:a']);
    expect(index.byPassCode('2222AAAA3333')).toBeUndefined();
  });

  it('counts the people with a status', () => {
    const index = indexOf([person('a', 'A1', 'checked_in'), person('b', 'B1'), person('c', 'C1', 'checked_in')]);
    expect(index.countWithStatus('checked_in')).toBe(2);
    index.upsert([person('b', 'B1', 'checked_in')]);
    expect(index.countWithStatus('checked_in')).toBe(3);
    index.upsert([person('a', 'A1', 'registered_online')]);
    expect(index.countWithStatus('checked_in')).toBe(2);
  });
});

describe('RosterIndex search by digits', () => {
  const named = (id: string, name: string, mobile: string): RosterPerson => ({ ...person(id, `CODE${id}`), name, mobile });
  // Numbers as the server stores them: E.164.
  const index = indexOf([
    named('a', 'Door Person 001', '+919876543210'),
    named('b', 'Door Person 004', '+916827800172'),
    named('c', 'Ravi 7', '+919000012345'),
  ]);
  const ids = (query: string) => index.search(query, 10).items.map((p) => p.id);

  it('looks for a short run of digits in names, not in mobile numbers', () => {
    expect(ids('Person 001')).toEqual(['a']); // b's mobile holds 001 too
    expect(ids('001')).toEqual(['a']);
    expect(ids('7')).toEqual(['c']); // everyone's mobile holds a 7
  });

  it('finds a mobile number from four digits on, typed with spaces or dashes', () => {
    expect(ids('8001')).toEqual(['b']);
    expect(ids('68278-00172')).toEqual(['b']);
    expect(ids('68278 00172')).toEqual(['b']);
    expect(ids('Door 0172')).toEqual(['b']);
  });

  it('finds a whole number typed in any spelling', () => {
    for (const spelling of ['6827800172', '+91 68278 00172', '068278 00172', '0091 68278 00172', '+916827800172', '(68278) 00172']) {
      expect(ids(spelling), spelling).toEqual(['b']);
    }
  });
});

describe('RosterIndex and merged registrations', () => {
  it('admits a merged-away pass as its survivor’s, whichever of the merge’s two roster changes arrives first', () => {
    const survivor = { ...person('a', 'AAAA2222BBBB'), aliases: ['CCCC3333DDDD'] };
    for (const order of ['survivor first', 'removal first']) {
      const index = indexOf([person('a', 'AAAA2222BBBB'), person('b', 'CCCC3333DDDD')]);
      if (order === 'survivor first') {
        index.upsert([survivor]);
        index.remove(['visitors:b']);
      } else {
        index.remove(['visitors:b']);
        index.upsert([survivor]);
      }
      expect([order, index.byPassCode('cccc-3333-dddd')?.id]).toEqual([order, 'a']);
      expect([order, index.byPassCode('AAAA2222BBBB')?.id]).toEqual([order, 'a']);
    }
  });
});
