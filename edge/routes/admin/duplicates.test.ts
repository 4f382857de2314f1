import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordMerges } from '../../db/tables/duplicates';
import { statusChanges } from '../../db/tables/system';
import { type Send, signIn } from '../../testing/sessions';
import { makeTestApp, type TestApp } from '../../testing/test-app';

/** One person, one record in the panel: canonical numbers on every admin write, search in any spelling, 409 and merge. */
let t: TestApp;
let admin: string;
let send: Send;
beforeAll(async () => {
  t = await makeTestApp();
  ({ admin, send } = await signIn(t));
});
afterAll(() => t.close());

describe('admin writes store E.164', () => {
  it.each([
    ['/api/visitors', { fullName: 'Asha', mobileNumber: '098765 00001' }, '+919876500001'],
    ['/api/guests', { fullName: 'Asha', mobileNumber: '0091 98765 00002' }, '+919876500002'],
    ['/api/speakers', { fullName: 'Asha', mobileNumber: '+91 (98765) 00003' }, '+919876500003'],
    ['/api/stalls', { contactPersonName: 'Asha', email: 'a@x.in', mobileNumber: '98765-00004' }, '+919876500004'],
    ['/api/sponsors', { contactPersonName: 'Asha', mobileNumber: '9876500005' }, '+919876500005'],
    ['/api/awards', { nomineeName: 'Asha', mobileNumber: '+1 415 555 2671' }, '+14155552671'],
  ])('%s: create and update', async (path, body, stored) => {
    const created = await send('POST', path, body);
    expect(created.status).toBe(201);
    expect(created.body.data.mobileNumber).toBe(stored);
    const suffix = stored.slice(-3);
    const updated = await send('PUT', `${path}/${created.body.data.id}`, { mobileNumber: `0 98765 99${suffix}` });
    expect(updated.status).toBe(200);
    expect(updated.body.data.mobileNumber).toBe(`+919876599${suffix}`);
  });

  it('enquiries: the panel edit stores E.164', async () => {
    const created = await t.request('POST', '/api/enquiries', { json: { name: 'Farah', mobile: '9876511111' } });
    const { id } = (await created.json()).data;
    const updated = await send('PUT', `/api/enquiries/${id}`, { mobileNumber: '+91 98765 22222' });
    expect(updated.body.data).toMatchObject({ mobileNumber: '+919876522222', phone: '+919876522222' });
  });
});

describe('search and export', () => {
  it('a typed number in any spelling finds the person; digits alone still find part of a number', async () => {
    const created = await send('POST', '/api/visitors', { fullName: 'Search Person', mobileNumber: '9000000011' });
    expect(created.status).toBe(201);
    for (const q of ['9000000011', '+91 90000 00011', '09000000011', '0091 90000 00011', '+919000000011', '90000-00011', '00011']) {
      const { body } = await send('GET', `/api/visitors?q=${encodeURIComponent(q)}`);
      expect(
        body.data.items.map((r: { id: string }) => r.id),
        q,
      ).toEqual([created.body.data.id]);
    }
  });

  it('CSV exports show numbers formatted, as plain text without a leading apostrophe', async () => {
    await send('POST', '/api/visitors', { fullName: 'Csv Person', mobileNumber: '9876512345' });
    const res = await t.request('GET', '/api/visitors/export.csv?q=Csv%20Person', { token: admin });
    const lines = (await res.text()).split('\r\n');
    expect(lines[1]).toContain(',+91 98765 12345,');
    expect(lines[1]).not.toContain("'+91");
    // Formula-like text is still defused.
    await send('POST', '/api/visitors', { fullName: '=HYPERLINK("x")', mobileNumber: '9876512346' });
    const other = await (await t.request('GET', '/api/visitors/export.csv?q=HYPERLINK', { token: admin })).text();
    expect(other).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('no silent duplicates in the panel', () => {
  it('creating a person whose number (any spelling) is already registered for the event answers 409 with that record', async () => {
    const first = await t.request('POST', '/api/visitors/register', { json: { fullName: 'Kavya Rao', mobileNumber: '9492655486' } });
    const existing = (await first.json()).data;
    const before = await t.rowCounts();
    for (const spelling of ['9492655486', '+91 94926 55486', '094926 55486']) {
      const again = await send('POST', '/api/visitors', { fullName: 'Kavya Rao', mobileNumber: spelling });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        success: false,
        message: 'Kavya Rao is already registered for this event with this mobile number',
        data: { id: existing.id, fullName: 'Kavya Rao', passCode: existing.passCode },
      });
    }
    expect(await t.rowCounts()).toEqual(before);
  });

  it('editing another person onto that number answers 409; other edits of either record still save', async () => {
    const a = (await send('POST', '/api/guests', { fullName: 'Guest A', mobileNumber: '9811100001' })).body.data;
    const b = (await send('POST', '/api/guests', { fullName: 'Guest B', mobileNumber: '9811100002' })).body.data;
    const clash = await send('PUT', `/api/guests/${b.id}`, { mobileNumber: '+91 98111 00001' });
    expect(clash.status).toBe(409);
    expect(clash.body.data).toMatchObject({ id: a.id, fullName: 'Guest A' });
    expect((await send('PUT', `/api/guests/${b.id}`, { mobileNumber: '9811100002', designation: 'CEO' })).status).toBe(200);
  });
});

describe('possible duplicates and merge', () => {
  it('lists records of one number and of very similar names in one organisation; a merge keeps the survivor’s pass code and takes the history', async () => {
    // Two records of one person from before the panel refused them (a public registration and a walk-in style admin record).
    const survivor = (
      await (
        await t.request('POST', '/api/visitors/register', { json: { fullName: 'Ravi Kumar', mobileNumber: '9700000001', organizationName: 'Skyline Homes' } })
      ).json()
    ).data;
    const other = (await send('POST', '/api/visitors', { fullName: 'Ravi Kumar', mobileNumber: '9700000002', organizationName: 'Skyline Homes' })).body.data;
    // The same number typed as the door's tablet would have held it, written directly (as data written before the rule).
    const { visitors } = await import('../../db/tables/people');
    await t.db.update(visitors).set({ mobileNumber: '+919700000001' }).where(eq(visitors.id, other.id));
    // Similar names in one organisation, different numbers.
    const n1 = (await send('POST', '/api/visitors', { fullName: 'Lakshmi Narayana', mobileNumber: '9700000003', organizationName: 'Deccan Cement' })).body.data;
    const n2 = (await send('POST', '/api/visitors', { fullName: 'narayan, LAKSHMI', mobileNumber: '9700000004', organizationName: 'deccan cement' })).body.data;
    // Same name, no organisation: not grouped by name.
    await send('POST', '/api/visitors', { fullName: 'Common Name', mobileNumber: '9700000005' });
    await send('POST', '/api/visitors', { fullName: 'Common Name', mobileNumber: '9700000006' });

    const other2 = await send('PUT', `/api/visitors/${other.id}/status`, { status: 'checked_in' });
    expect(other2.status).toBe(200);

    const list = await send('GET', '/api/visitors/duplicates');
    expect(list.status).toBe(200);
    const groups = list.body.data.groups.map((g: { reason: string; label: string; records: Array<{ id: string }> }) => ({
      reason: g.reason,
      label: g.label,
      ids: g.records.map((r) => r.id).sort(),
    }));
    expect(groups).toContainEqual({ reason: 'mobile', label: '+91 97000 00001', ids: [survivor.id, other.id].sort() });
    expect(groups).toContainEqual({ reason: 'name', label: 'Lakshmi Narayana', ids: [n1.id, n2.id].sort() });
    expect(groups.filter((g: { label: string }) => g.label === 'Common Name')).toEqual([]);
    // The same pair is not listed twice (once by number, once by name).
    expect(groups.filter((g: { ids: string[] }) => g.ids.includes(other.id))).toHaveLength(1);

    const merged = await send('POST', '/api/visitors/duplicates/merge', { survivorId: survivor.id, mergedId: other.id });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ id: survivor.id, passCode: survivor.passCode, status: 'checked_in' });
    expect((await send('GET', `/api/visitors/${other.id}`)).status).toBe(404);
    const history = (await send('GET', `/api/visitors/${survivor.id}/history`)).body.data as Array<{ toStatus: string; notes: string }>;
    expect(history.map((h) => h.toStatus)).toEqual(['checked_in', 'checked_in']);
    expect(history[0]!.notes).toBe(`Merged with Ravi Kumar (${other.passCode})`);
    expect(await t.db.select().from(statusChanges).where(eq(statusChanges.recordId, other.id))).toEqual([]);
    const [log] = await t.db.select().from(recordMerges).where(eq(recordMerges.survivorId, survivor.id));
    expect(log).toMatchObject({ resource: 'visitors', mergedId: other.id, mergedByName: 'Administrator' });
    expect(log!.mergedRecord).toMatchObject({ id: other.id, passCode: other.passCode, fullName: 'Ravi Kumar' });

    const after = (await send('GET', '/api/visitors/duplicates')).body.data.groups as Array<{ records: Array<{ id: string }> }>;
    expect(after.some((g) => g.records.some((r) => r.id === survivor.id))).toBe(false);
  });

  it('refuses a merge of a record with itself, of unknown records and across events', async () => {
    const a = (await send('POST', '/api/speakers', { fullName: 'S A', mobileNumber: '9700000010' })).body.data;
    expect((await send('POST', '/api/speakers/duplicates/merge', { survivorId: a.id, mergedId: a.id })).body).toMatchObject({
      message: 'Choose two different records',
    });
    expect((await send('POST', '/api/speakers/duplicates/merge', { survivorId: a.id, mergedId: 'nope' })).status).toBe(404);
    const event = (
      await send('POST', '/api/events', {
        eventName: 'Other',
        state: 'Telangana',
        city: 'Hyderabad',
        eventTypes: ['Exhibition'],
        startDateTime: '2026-01-10T04:30:00Z',
        endDateTime: '2026-01-11T12:00:00Z',
      })
    ).body.data;
    const b = (await send('POST', '/api/speakers', { fullName: 'S A', mobileNumber: '9700000010', eventId: event.id })).body.data;
    expect((await send('POST', '/api/speakers/duplicates/merge', { survivorId: a.id, mergedId: b.id })).body).toMatchObject({
      message: 'Only records of the same event can be merged',
    });
  });
});
