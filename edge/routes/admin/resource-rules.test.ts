import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Send, signIn } from '../../testing/sessions';
import { TEST_REGISTRATION_CLOSES_AT } from '../../testing/open-featured-event';
import { makeTestApp, type TestApp } from '../../testing/test-app';

/** What is special about each resource: its defaults, rules and messages. */
let t: TestApp;
let staff: string;
let send: Send;
beforeAll(async () => {
  t = await makeTestApp();
  ({ staff, send } = await signIn(t));
});
afterAll(() => t.close());

describe('what a record made in the panel gets when the form leaves a field out', () => {
  it('visitors: registered_online, Others, admin_registration, priority normal, empty notes and tags, a pass code', async () => {
    const { status, body } = await send('POST', '/api/visitors', { fullName: 'Sita Rao', mobileNumber: '9876543210' });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      status: 'registered_online',
      workingProfessional: 'Others',
      registrationType: 'admin_registration',
      priority: 'normal',
      notes: '',
      tags: [],
      createdBy: 'Administrator',
      createdByRole: 'admin',
      eventName: 'Hyderabad Property Expo & Builders Awards 2025',
    });
    expect(body.data.passCode).toMatch(/^[0-9A-Z]{12}$/);
  });

  it('stalls: pending, admin_booking, standard 0×0 feet, unpaid, booked by the signed-in admin, "N/A" company; designation and requirements kept', async () => {
    const { body } = await send('POST', '/api/stalls', {
      contactPersonName: 'Anil',
      email: 'anil@example.in',
      mobileNumber: '9123456780',
      designation: 'Director',
      additionalRequirements: 'Corner stall, two power points',
    });
    expect(body.data).toMatchObject({
      companyName: 'N/A',
      bookingType: 'admin_booking',
      stallNumber: '',
      stallType: 'standard',
      stallSize: { width: 0, length: 0, unit: 'feet' },
      status: 'pending',
      paymentStatus: 'unpaid',
      bookedBy: { name: 'Administrator', role: 'admin' },
      designation: 'Director',
      additionalRequirements: 'Corner stall, two power points',
    });
  });

  it('sponsors: yet_to_confirm, corporate, bronze, Delhi, INR, balance equal to the amount and following payments', async () => {
    const { body } = await send('POST', '/api/sponsors', { contactPersonName: 'Meera', sponsorshipAmount: '400000' });
    expect(body.data).toMatchObject({
      organizationName: 'Meera',
      organizationType: 'corporate',
      sponsorshipTier: 'bronze',
      city: 'Delhi',
      currency: 'INR',
      status: 'yet_to_confirm',
      paymentStatus: 'unpaid',
      sponsorshipAmount: 400000,
      amountPaid: 0,
      balanceAmount: 400000,
      registrationType: 'admin_registration',
    });
    const paid = await send('PUT', `/api/sponsors/${body.data.id}`, { amountPaid: 150000 });
    expect(paid.body.data.balanceAmount).toBe(250000);
    const none = await send('POST', '/api/sponsors', { sponsorshipAmount: 5 });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Enter the sponsor or company name');
    const bad = await send('POST', '/api/sponsors', { contactPersonName: 'X', sponsorshipAmount: 'lots' });
    expect(bad.body.errors.sponsorshipAmount).toBe('Amount must be a number');
  });

  it('nominations: yet_to_decide with nominationStatus pending, admin_nomination; category, description, achievements stored', async () => {
    const { body } = await send('POST', '/api/awards', {
      nomineeName: 'Green Acres',
      category: 'Best Plotted Development',
      description: 'd',
      achievements: 'a',
    });
    expect(body.data).toMatchObject({
      status: 'yet_to_decide',
      nominationStatus: 'pending',
      registrationType: 'admin_nomination',
      category: 'Best Plotted Development',
      description: 'd',
      achievements: 'a',
    });
  });

  it('guests and speakers confirmed unless given, guests fixed to Others; VIP awardees Working Professional', async () => {
    const guest = await send('POST', '/api/guests', { fullName: 'G', mobileNumber: '9000000001', workingProfessional: 'Business' });
    expect(guest.body.data).toMatchObject({ status: 'confirmed', workingProfessional: 'Others' });
    const speaker = await send('POST', '/api/speakers', { fullName: 'S', mobileNumber: '9000000002', status: 'reached' });
    expect(speaker.body.data).toMatchObject({ status: 'reached', title: '', bio: '' });
    const events = await send('GET', '/api/events');
    const eventId = events.body.data.items[0].id;
    const vip = await send('POST', '/api/awardeesvip', {
      fullName: 'V',
      mobileNumber: '9000000003',
      city: 'Hyderabad',
      eventId: { id: eventId, eventName: 'x' },
    });
    expect(vip.body.data).toMatchObject({ workingProfessional: 'Working Professional', status: 'confirmed', eventId });
  });
});

describe('rules and messages', () => {
  it('a status outside the set is a 400 listing the allowed values; VIP awardee statuses are normalised', async () => {
    const bad = await send('POST', '/api/stalls', { contactPersonName: 'A', email: 'a@b.in', mobileNumber: '9123456789', status: 'approved' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be one of: pending, confirmed, yet_to_confirm, not_attending');

    const eventId = (await send('GET', '/api/events')).body.data.items[0].id;
    const vip = await send('POST', '/api/awardeesvip', { fullName: 'V', mobileNumber: '9000000004', city: 'Hyd', eventId, status: 'Checked-In' });
    expect(vip.body.data.status).toBe('checked_in');
    const pending = await send('PUT', `/api/awardeesvip/${vip.body.data.id}/status`, { status: 'pending' });
    expect(pending.body.data.status).toBe('not_confirmed');
  });

  it('VIP awardees need event, name, phone and city: "Please fill in all required fields"', async () => {
    const res = await send('POST', '/api/awardeesvip', { fullName: 'V', mobileNumber: '9000000005' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all required fields');
  });

  it('an edit that would duplicate a public registration answers 409, not 500, and changes nothing', async () => {
    const a = await t.request('POST', '/api/visitors/register', { json: { fullName: 'Public A', mobileNumber: '9811111111', city: 'Hyderabad' } });
    const b = await t.request('POST', '/api/visitors/register', { json: { fullName: 'Public B', mobileNumber: '9822222222', city: 'Hyderabad' } });
    const [first, second] = [(await a.json()).data, (await b.json()).data];
    const clash = await send('PUT', `/api/visitors/${second.id}`, { mobileNumber: first.mobileNumber });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message: 'Public A is already registered for this event with this mobile number',
      errors: { mobileNumber: 'Public A is already registered for this event with this mobile number' },
      data: { id: first.id, fullName: 'Public A' },
    });
    expect((await send('GET', `/api/visitors/${second.id}`)).body.data.mobileNumber).toBe('+919822222222');
  });

  it('an unknown event is a 400; mobile numbers follow the 10–15 digit rule', async () => {
    const unknown = await send('POST', '/api/visitors', { fullName: 'X', mobileNumber: '9876543210', eventId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ eventId: 'Unknown event' });
    const short = await send('POST', '/api/visitors', { fullName: 'X', mobileNumber: '12345' });
    expect(short.body.errors.mobileNumber).toBe('Mobile number must be 10-15 digits');
    const missing = await send('POST', '/api/visitors', { mobileNumber: '9876543210' });
    expect(missing.body.errors.fullName).toBe('Full name is required');
  });

  it('events: required fields and date order refused with their messages, active when no status, 10 per page, one featured event at a time', async () => {
    const base = {
      eventName: 'Expo',
      state: 'Telangana',
      city: 'Hyderabad',
      eventTypes: ['Exhibition'],
      startDateTime: '2026-01-10T04:30:00Z',
      endDateTime: '2026-01-11T12:00:00Z',
    };
    expect((await send('POST', '/api/events', { ...base, city: ' ' })).body.message).toBe('Please fill in all required fields');
    expect((await send('POST', '/api/events', { ...base, eventTypes: [] })).body.message).toBe('Please fill in all required fields');
    expect((await send('POST', '/api/events', { ...base, endDateTime: undefined })).body.message).toBe('Start date and end date are required');
    expect((await send('POST', '/api/events', { ...base, endDateTime: '2026-01-09T00:00:00Z' })).body.message).toBe('End date cannot be before start date');

    // Featured from now on for the rest of this file: its registration kept open like the test app's (open-featured-event.ts).
    const created = await send('POST', '/api/events', { ...base, isFeatured: true, registrationClosesAt: TEST_REGISTRATION_CLOSES_AT });
    expect(created.body.data).toMatchObject({ status: 'active', isFeatured: true, name: 'Expo', bannerUrl: null });
    const featured = (await send('GET', '/api/events?limit=100')).body.data.items.filter((e: { isFeatured: boolean }) => e.isFeatured);
    expect(featured.map((e: { id: string }) => e.id)).toEqual([created.body.data.id]);

    const endBeforeStoredStart = await send('PUT', `/api/events/${created.body.data.id}`, { endDateTime: '2026-01-01T00:00:00Z' });
    expect(endBeforeStoredStart.body.message).toBe('End date cannot be before start date');

    for (let i = 0; i < 11; i++) await send('POST', '/api/events', { ...base, eventName: `E${i}` });
    const page = (await send('GET', '/api/events?page=1&status=active')).body.data;
    expect(page.items).toHaveLength(10);
    expect(page.limit).toBe(10);
  });

  it('enquiries: no admin create; status with notes, "Please select a status" when missing; search across its columns', async () => {
    const { enquiries } = await import('../../db/tables/organisations');
    const at = t.clock.now().toISOString();
    await t.db.insert(enquiries).values({
      id: 'enq-1',
      name: 'Kiran',
      email: 'kiran@corp.in',
      mobileNumber: '9988776655',
      organization: 'Kiran Infra',
      subscriptionType: '6 PACK GOLD',
      createdAt: at,
      updatedAt: at,
    });
    expect((await send('PUT', '/api/enquiries/enq-1/status', {})).body.message).toBe('Please select a status');
    const moved = await send('PUT', '/api/enquiries/enq-1/status', { status: 'in_progress', notes: 'Called back' });
    expect(moved.body.data).toMatchObject({ status: 'in_progress', notes: 'Called back', phone: '9988776655' });
    for (const q of ['kiran infra', '99887', 'corp.in', 'in_progress']) {
      expect((await send('GET', `/api/enquiries?q=${encodeURIComponent(q)}`)).body.data.total).toBe(1);
    }
    const deleted = await send('DELETE', '/api/enquiries/enq-1');
    expect(deleted.status).toBe(200);
  });

  it('staff move people along and the log says who; staff cannot touch other resources', async () => {
    const visitor = (await send('POST', '/api/visitors', { fullName: 'Door Person', mobileNumber: '9876501234' })).body.data;
    const moved = await send('PUT', `/api/visitors/${visitor.id}/status`, { status: 'checked_in', deviceId: 'tablet-7' }, staff);
    expect(moved.status).toBe(200);
    const history = (await send('GET', `/api/visitors/${visitor.id}/history`)).body.data;
    // A device id in the body is a claim the panel route does not take: the change is the panel's (null).
    expect(history[0]).toMatchObject({ fromStatus: 'registered_online', toStatus: 'checked_in', deviceId: null, changedByName: 'Test staff' });
    const stall = (await send('POST', '/api/stalls', { contactPersonName: 'A', email: 'a@b.in', mobileNumber: '9123456789' })).body.data;
    expect((await send('PUT', `/api/stalls/${stall.id}/status`, { status: 'confirmed' }, staff)).status).toBe(403);
  });
});

describe('accounts', () => {
  it('admins create staff, reset passwords and disable accounts; a disabled account is locked out at once', async () => {
    const created = await send('POST', '/api/users', { email: 'Door.Staff@Expo.test', name: 'Door Staff', role: 'staff', password: 'first password' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: 'door.staff@expo.test', role: 'staff', disabled: false });
    expect(created.body.data.passwordHash).toBeUndefined();
    expect((await send('POST', '/api/users', { email: 'door.staff@expo.test', name: 'Again', role: 'staff', password: 'first password' })).status).toBe(409);
    expect((await send('POST', '/api/users', { email: 'x@expo.test', name: 'X', role: 'staff', password: 'short' })).body.message).toBe(
      'Password must be at least 10 characters',
    );

    const id = created.body.data.id;
    const token = await t.login('door.staff@expo.test', 'first password');
    await send('PUT', `/api/users/${id}`, { password: 'second password' });
    expect((await t.request('POST', '/api/auth/login', { json: { email: 'door.staff@expo.test', password: 'first password' } })).status).toBe(401);
    await send('PUT', `/api/users/${id}`, { disabled: true });
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);

    const me = (await send('GET', '/api/auth/me')).body.data;
    expect((await send('PUT', `/api/users/${me.id}`, { disabled: true })).body.message).toBe('You cannot disable or demote your own account');
  });
});

describe('GET /api/dashboard/stats', () => {
  it('answers the six tiles and today’s check-ins per type, per event when asked', async () => {
    const stats = (await send('GET', '/api/dashboard/stats')).body.data;
    expect(stats.totalRegistrations).toBe(stats.visitors + stats.awards + stats.stalls + stats.sponsors);
    expect(stats.visitors).toBeGreaterThan(0);
    expect(stats.activeEvents).toBeGreaterThan(0);
    expect(stats.checkInsToday.visitors).toBe(1);

    const other = await send('POST', '/api/events', {
      eventName: 'Other',
      state: 'Goa',
      city: 'Panaji',
      eventTypes: ['Other'],
      startDateTime: '2026-05-01T00:00:00Z',
      endDateTime: '2026-05-02T00:00:00Z',
      status: 'draft',
    });
    const perEvent = (await send('GET', `/api/dashboard/stats?eventId=${other.body.data.id}`)).body.data;
    expect(perEvent).toMatchObject({ totalRegistrations: 0, visitors: 0, checkInsToday: { visitors: 0 } });
  });
});

describe('a field at fault is named with what is wrong with it', () => {
  it.each([
    ['no full name', {}, 'fullName', 'Full name is required'],
    ['a blank full name', { fullName: '   ' }, 'fullName', 'Full name is required'],
    ['a full name that is not text', { fullName: 42 }, 'fullName', 'Full name must be text'],
    ['a full name of 201 characters', { fullName: 'A'.repeat(201) }, 'fullName', 'Full name must be at most 200 characters'],
    ['a control character in the full name', { fullName: 'Sita\u0007 Rao' }, 'fullName', 'Full name must not contain control characters or broken characters'],
    [
      'a number with letters',
      { fullName: 'Sita Rao', mobileNumber: '98765 4321O' },
      'mobileNumber',
      'Mobile number may hold only digits, spaces, dashes, brackets and a leading +',
    ],
    ['a number too short', { fullName: 'Sita Rao', mobileNumber: '98765' }, 'mobileNumber', 'Mobile number must be 10-15 digits'],
    ['a number that is not text', { fullName: 'Sita Rao', mobileNumber: 9876543210 }, 'mobileNumber', 'Mobile number must be text'],
  ])('a visitor with %s', async (_, fields, field, message) => {
    const { status, body } = await send('POST', '/api/visitors', { mobileNumber: '9876543299', ...fields });
    expect(status).toBe(400);
    expect(body.errors[field]).toBe(message);
  });
});

describe('newest first with a clock that steps back', () => {
  it('lists a registration made after the server clock stepped back an hour above the ones before it', async () => {
    const register = (fullName: string, mobileNumber: string) => t.request('POST', '/api/visitors/register', { json: { fullName, mobileNumber } });
    expect((await register('Before Step', '9811100001')).status).toBe(201);
    const byAdmin = await send('POST', '/api/visitors', { fullName: 'Panel Before Step', mobileNumber: '9811100002' });
    expect(byAdmin.status).toBe(201);
    t.clock.advance(-60 * 60_000); // an NTP step or a resumed VM
    expect((await register('After Step', '9811100003')).status).toBe(201);
    expect((await send('POST', '/api/visitors', { fullName: 'Panel After Step', mobileNumber: '9811100004' })).status).toBe(201);
    t.clock.advance(60 * 60_000);

    const names = async (query: string) =>
      ((await send('GET', `/api/visitors?limit=100${query}`)).body.data.items as { fullName: string }[])
        .map((v) => v.fullName)
        .filter((n) => n.includes('Step'));
    const newestFirst = ['Panel After Step', 'After Step', 'Panel Before Step', 'Before Step'];
    expect(await names('')).toEqual(newestFirst);
    expect(await names('&sort=createdAt&order=desc')).toEqual(newestFirst);
    expect(await names('&sort=createdAt&order=asc')).toEqual([...newestFirst].reverse());
    expect(await names('&status=registered_online')).toEqual(['Panel After Step', 'Panel Before Step']);
  });
});
