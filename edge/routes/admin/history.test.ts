import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiTarget, isClockReading, makeApiTarget } from '../../testing/api-target';

/**
 * A record's history (`GET /api/<r>/:id/history`) through HTTP against a real database file: an admin's
 * edit is logged with the fields it changed, from what to what, who, when and from which device; a save
 * that changes nothing logs nothing; status changes and edits read as one time line.
 */
let t: ApiTarget;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await makeApiTarget();
  admin = await t.login();
  const account = await t.createUser('staff');
  staff = await t.login(account.email, account.password);
});
afterAll(() => t.close());

const send = async (method: string, path: string, body?: unknown, token = admin) => {
  const res = await t.request(method, path, { json: body, token });
  return { status: res.status, body: await res.json() };
};

interface Entry {
  kind: 'status' | 'edit';
  changes?: Array<{ field: string; from: unknown; to: unknown }>;
  fromStatus?: string;
  toStatus?: string;
  changedByName: string;
  deviceId: string | null;
  notes: string;
  createdAt: string;
}
const historyOf = async (resource: string, id: string, token = admin) =>
  (await send('GET', `/api/${resource}/${id}/history`, undefined, token)).body.data as Entry[];

/** What the panel's visitor form sends on save: every field, whether changed or not. */
const visitorForm = (v: Record<string, unknown>) => ({
  fullName: v.fullName,
  email: v.email,
  mobileNumber: v.mobileNumber,
  organizationName: v.organizationName,
  designation: v.designation,
  workingProfessional: v.workingProfessional,
  address: v.address,
  city: v.city,
  state: v.state,
  pincode: v.pincode,
  eventId: v.eventId,
  status: v.status,
});

describe('history of edits', () => {
  it('logs the fields an edit changed, from what to what, by whom, when and from the panel; a status in the same save is its own entry', async () => {
    const created = (await send('POST', '/api/visitors', { fullName: 'Ravi Kumar', mobileNumber: '9876501234', city: 'Hyderabad' })).body.data;
    t.clock?.advance(1000);
    const edited = await send('PUT', `/api/visitors/${created.id}`, {
      ...visitorForm(created),
      fullName: 'Ravi Kumar Reddy',
      mobileNumber: '+91 98765 04321',
      city: 'Secunderabad',
      status: 'checked_in',
    });
    expect(edited.status).toBe(200);

    const history = await historyOf('visitors', created.id, staff);
    expect(history).toHaveLength(2);
    const edit = history.find((entry) => entry.kind === 'edit')!;
    expect(edit.changes).toEqual([
      { field: 'fullName', from: 'Ravi Kumar', to: 'Ravi Kumar Reddy' },
      { field: 'mobileNumber', from: '+919876501234', to: '+919876504321' },
      { field: 'city', from: 'Hyderabad', to: 'Secunderabad' },
    ]);
    expect(edit).toMatchObject({ changedByName: 'Administrator', deviceId: 'panel', notes: '' });
    expect(isClockReading(t, edit.createdAt)).toBe(true);
    const status = history.find((entry) => entry.kind === 'status')!;
    expect(status).toMatchObject({ fromStatus: 'registered_online', toStatus: 'checked_in', changedByName: 'Administrator' });
  });

  it('logs nothing for a save that changes nothing, nor for a refused or stale one', async () => {
    const created = (await send('POST', '/api/visitors', { fullName: 'Anita Rao', mobileNumber: '9876501235', email: 'anita@example.in' })).body.data;
    t.clock?.advance(1000);
    // The form sends every field, the phone as it shows it.
    const unchanged = await send('PUT', `/api/visitors/${created.id}`, { ...visitorForm(created), mobileNumber: '+91 98765 01235' });
    expect(unchanged.status).toBe(200);
    expect(await historyOf('visitors', created.id)).toEqual([]);

    expect((await send('PUT', `/api/visitors/${created.id}`, { fullName: '' })).status).toBe(400);
    expect((await send('PUT', `/api/visitors/${created.id}`, { city: 'Warangal' }, staff)).status).toBe(403);
    const stale = await t.request('PUT', `/api/visitors/${created.id}`, {
      json: { city: 'Warangal' },
      token: admin,
      headers: { 'If-Match': '2020-01-01T00:00:00.000Z' },
    });
    expect(stale.status).toBe(409);
    expect(await historyOf('visitors', created.id)).toEqual([]);
  });

  it('reads status changes and edits as one time line, newest first', async () => {
    const created = (
      await send('POST', '/api/stalls', { contactPersonName: 'Suresh', companyName: 'Sri Homes', email: 'suresh@srihomes.in', mobileNumber: '9876501236' })
    ).body.data;
    t.clock?.advance(1000);
    expect((await send('PUT', `/api/stalls/${created.id}/status`, { status: 'confirmed' })).status).toBe(200);
    t.clock?.advance(1000);
    expect((await send('PUT', `/api/stalls/${created.id}`, { stallNumber: 'B-12', stallSize: { width: 3, length: 4, unit: 'metres' } })).status).toBe(200);
    t.clock?.advance(1000);
    expect((await send('PUT', `/api/stalls/${created.id}/status`, { status: 'not_attending' })).status).toBe(200);

    const history = await historyOf('stalls', created.id);
    expect(history.map((entry) => entry.kind)).toEqual(['status', 'edit', 'status']);
    expect(history.map((entry) => entry.toStatus ?? null)).toEqual(['not_attending', null, 'confirmed']);
    // The stall's size arrives as one field and is stored as its columns: the history names the columns.
    expect(history[1]!.changes!.map((change) => change.field)).toEqual(expect.arrayContaining(['stallNumber', 'stallWidth', 'stallLength']));
    expect(history[1]!.changes!.find((change) => change.field === 'stallNumber')).toEqual({ field: 'stallNumber', from: null, to: 'B-12' });
  });

  it('keeps an enquiry’s new notes as the edit’s notes', async () => {
    const created = (await send('POST', '/api/enquiries', { name: 'Kavya', mobile: '9876501237', subscriptionType: 'Gold Sponsorship' }, '')).body.data;
    t.clock?.advance(1000);
    expect((await send('PUT', `/api/enquiries/${created.id}`, { notes: 'Called back, wants the floor plan', organization: 'Kavya Estates' })).status).toBe(200);
    const [edit] = await historyOf('enquiries', created.id);
    expect(edit).toMatchObject({
      kind: 'edit',
      notes: 'Called back, wants the floor plan',
      changes: [{ field: 'organization', from: null, to: 'Kavya Estates' }],
    });
  });

  it('records a sponsor’s payment with the balance it leaves', async () => {
    const created = (
      await send('POST', '/api/sponsors', { contactPersonName: 'Vikram', organizationName: 'Aparna', sponsorshipTier: 'gold', sponsorshipAmount: 600000 })
    ).body.data;
    t.clock?.advance(1000);
    expect((await send('PUT', `/api/sponsors/${created.id}`, { amountPaid: 200000 })).status).toBe(200);
    const [edit] = await historyOf('sponsors', created.id);
    expect(edit!.changes).toEqual([
      { field: 'amountPaid', from: 0, to: 200000 },
      { field: 'balanceAmount', from: 600000, to: 400000 },
    ]);
  });
});
