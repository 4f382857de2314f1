import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitors } from '../../db/tables/people';
import { type ApiTarget, makeApiTarget } from '../../testing/api-target';
import { type Send, signIn } from '../../testing/sessions';

/**
 * `POST /api/<resource>/bulk` and the list's `ids` filter, through HTTP against a real database file:
 * one status for hundreds of records (through the status engine: history and door columns), deletion,
 * and the refusals a client can cause.
 */
let t: ApiTarget;
let staff: string;
let send: Send;
let expoId = '';
let summitId = '';
const expoVisitors: string[] = [];
const summitVisitors: string[] = [];

async function createEvent(name: string) {
  const res = await send('POST', '/api/events', {
    eventName: name,
    state: 'Telangana',
    city: 'Hyderabad',
    eventTypes: ['Conference'],
    startDateTime: '2026-02-01T04:30:00.000Z',
    endDateTime: '2026-02-01T12:30:00.000Z',
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function createVisitors(eventId: string, count: number, prefix: string, into: string[]) {
  for (let start = 0; start < count; start += 50) {
    const created = await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, k) => {
        const n = start + k;
        return send('POST', '/api/visitors', {
          fullName: `${prefix} Visitor ${n}`,
          mobileNumber: `9${prefix === 'Expo' ? '1' : '2'}${String(n).padStart(8, '0')}`,
          eventId,
        });
      }),
    );
    for (const res of created) {
      expect(res.status).toBe(201);
      into.push(res.body.data.id);
    }
  }
}

beforeAll(async () => {
  t = await makeApiTarget();
  ({ staff, send } = await signIn(t));
  expoId = await createEvent('Hyderabad Property Expo 2026');
  summitId = await createEvent('Builders Summit 2026');
  await createVisitors(expoId, 500, 'Expo', expoVisitors);
  await createVisitors(summitId, 20, 'Summit', summitVisitors);
}, 120_000);
afterAll(() => t.close());

describe('bulk status', () => {
  it('checks in every visitor of one event matching the filter: 500 records, each with its history entry and door columns', async () => {
    const res = await send('POST', '/api/visitors/bulk', { action: 'status', status: 'checked_in', filter: { eventId: expoId } });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.data).toEqual({ matched: 500, changed: 500 });
    expect(body.message).toBe('Status updated for 500 records');

    const checkedIn = (await send('GET', `/api/visitors?eventId=${expoId}&status=checked_in&limit=1`)).body;
    expect(checkedIn.data.total).toBe(500);
    // The other event's visitors are untouched.
    const summit = (await send('GET', `/api/visitors?eventId=${summitId}&status=checked_in&limit=1`)).body;
    expect(summit.data.total).toBe(0);

    // The door sees who changed it (the panel) and the history says from what to what.
    const [row] = await t.db.select().from(visitors).where(eq(visitors.id, expoVisitors[123]!));
    expect(row!.status).toBe('checked_in');
    expect(row!.statusChangedBy).toBe('Administrator');
    expect(row!.statusDeviceId).toBe('panel');
    const history = (await send('GET', `/api/visitors/${expoVisitors[123]}/history`)).body.data;
    expect(history.map((h: { fromStatus: string; toStatus: string }) => [h.fromStatus, h.toStatus])).toEqual([['registered_online', 'checked_in']]);
  }, 60_000);

  it('leaves records already at the status alone (no second history entry)', async () => {
    const body = (await send('POST', '/api/visitors/bulk', { action: 'status', status: 'checked_in', filter: { eventId: expoId } })).body;
    expect(body.data).toEqual({ matched: 500, changed: 0 });
    const history = (await send('GET', `/api/visitors/${expoVisitors[7]}/history`)).body.data;
    expect(history).toHaveLength(1);
  });

  it('changes only the selected ids; staff may change people’s statuses, but only organisers set a hold', async () => {
    const ids = summitVisitors.slice(0, 3);
    const refused = await send('POST', '/api/visitors/bulk', { action: 'status', status: 'cancelled', ids }, staff);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only organisers (admins) can put a registration on hold or lift a hold');
    const marked = await send('POST', '/api/visitors/bulk', { action: 'status', status: 'registered_at_venue', ids: summitVisitors.slice(0, 2) }, staff);
    expect(marked.body.data).toEqual({ matched: 2, changed: 2 });
    const res = await send('POST', '/api/visitors/bulk', { action: 'status', status: 'cancelled', ids });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ matched: 3, changed: 3 });
    const cancelled = (await send('GET', `/api/visitors?eventId=${summitId}&status=cancelled`)).body;
    expect(cancelled.data.items.map((v: { id: string }) => v.id).sort()).toEqual([...ids].sort());
  });

  it('combines the filter’s search and status like the list does', async () => {
    const body = (
      await send('POST', '/api/visitors/bulk', {
        action: 'status',
        status: 'not_visited',
        filter: { eventId: summitId, status: 'registered_online', q: 'Summit Visitor 1' },
      })
    ).body;
    // "Summit Visitor 1" and "Summit Visitor 10" … "19" match the search; "1" was cancelled above, so ten are still registered online.
    expect(body.data).toEqual({ matched: 10, changed: 10 });
  });

  it('staff leave people on an organiser’s hold as they are', async () => {
    const ids = summitVisitors.slice(0, 5); // the first three were cancelled above
    const res = await send('POST', '/api/visitors/bulk', { action: 'status', status: 'not_visited', ids }, staff);
    expect(res.body.data).toEqual({ matched: 5, changed: 2 });
    const cancelled = (await send('GET', `/api/visitors?eventId=${summitId}&status=cancelled`)).body;
    expect(cancelled.data.total).toBe(3);
  });
});

describe('bulk delete and export of a selection', () => {
  it('exports only the selected rows as CSV', async () => {
    const ids = summitVisitors.slice(15, 18);
    const res = await send('GET', `/api/visitors/export.csv?ids=${ids.join(',')}`);
    expect(res.status).toBe(200);
    const lines = (res.body as string).trim().split('\n');
    expect(lines).toHaveLength(1 + 3);
    expect(lines.slice(1).every((line) => line.includes('Summit Visitor 1'))).toBe(true);
  });

  it('deletes the selected records for an admin, and refuses staff', async () => {
    const ids = summitVisitors.slice(18, 20);
    const refused = await send('POST', '/api/visitors/bulk', { action: 'delete', ids }, staff);
    expect(refused.status).toBe(403);
    const res = await send('POST', '/api/visitors/bulk', { action: 'delete', ids });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Deleted 2 records');
    for (const id of ids) expect((await send('GET', `/api/visitors/${id}`)).status).toBe(404);
    expect((await send('GET', `/api/visitors?eventId=${summitId}&limit=1`)).body.data.total).toBe(18);
  });

  it('refuses staff a status of a resource only admins may change', async () => {
    const res = await send('POST', '/api/stalls/bulk', { action: 'status', status: 'confirmed', filter: {} }, staff);
    expect(res.status).toBe(403);
  });
});

describe('refusals', () => {
  it.each([
    [{ action: 'status', status: 'checked_in' }, 'Send either ids or filter'],
    [{ action: 'status', status: 'checked_in', ids: ['a'], filter: {} }, 'Send either ids or filter'],
    [{ action: 'status', ids: ['a'] }, 'Please select a status'],
    [{ action: 'status', status: 'teleported', ids: ['a'] }, 'Status must be one of:'],
    [{ action: 'archive', ids: ['a'] }, 'action must be one of: status, delete'],
    [{ action: 'delete', ids: [] }, 'Select at least one record'],
    [{ action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }, 'Select at most 1000 records'],
    [{ action: 'status', status: 'checked_in', filter: { status: 'teleported' } }, 'Status must be one of:'],
  ])('answers 400 with a message for %j', async (body, message) => {
    const res = await send('POST', '/api/visitors/bulk', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses a list query naming more than a page of ids', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `id-${i}`).join(',');
    const res = await send('GET', `/api/visitors?ids=${ids}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('ids may name at most 100 records');
  });
});

describe('the events list: search, sort, bulk status and export, as every list', () => {
  it('finds events by name or city, sorts them by start, sets the status of a selection and exports it', async () => {
    const made: string[] = [];
    for (const [name, city, day] of [
      ['Realty Conclave Vizag', 'Visakhapatnam', '10'],
      ['Realty Conclave Warangal', 'Warangal', '05'],
    ] as const) {
      const res = await send('POST', '/api/events', {
        eventName: name,
        state: 'Andhra Pradesh',
        city,
        eventTypes: ['Conference', 'Awards'],
        startDateTime: `2027-03-${day}T04:30:00.000Z`,
        endDateTime: `2027-03-${day}T12:30:00.000Z`,
      });
      expect(res.status).toBe(201);
      made.push(res.body.data.id);
    }
    const byCity = (await send('GET', '/api/events?q=Visakhapatnam')).body;
    expect(byCity.data.items.map((e: { eventName: string }) => e.eventName)).toEqual(['Realty Conclave Vizag']);
    const byStart = (await send('GET', '/api/events?q=Realty%20Conclave&sort=startDateTime&order=asc')).body;
    expect(byStart.data.items.map((e: { eventName: string }) => e.eventName)).toEqual(['Realty Conclave Warangal', 'Realty Conclave Vizag']);
    // The event pickers' order: the featured event, then the newest.
    const picker = (await send('GET', '/api/events?sort=isFeatured&order=desc&limit=3')).body.data.items as Array<{ eventName: string; isFeatured: boolean }>;
    expect(picker.map((e) => e.isFeatured)).toEqual([true, false, false]);
    expect(picker.slice(1).map((e) => e.eventName)).toEqual(['Realty Conclave Warangal', 'Realty Conclave Vizag']);

    const refused = await send('POST', '/api/events/bulk', { action: 'status', status: 'draft', ids: made }, staff);
    expect(refused.status).toBe(403);
    const res = await send('POST', '/api/events/bulk', { action: 'status', status: 'draft', ids: made });
    expect(res.status).toBe(200);
    for (const id of made) expect((await send('GET', `/api/events/${id}`)).body.data.status).toBe('draft');
    const drafts = (await send('GET', '/api/events?status=draft&q=Realty%20Conclave')).body;
    expect(drafts.data.total).toBe(2);

    const csv = await send('GET', `/api/events/export.csv?ids=${made.join(',')}`);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).trim().split('\n');
    expect(lines).toHaveLength(1 + 2);
    expect(lines.slice(1).every((line) => line.includes('Realty Conclave') && line.includes(',Draft,'))).toBe(true);
  });
});
