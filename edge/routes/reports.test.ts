import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Send, signIn } from '../testing/sessions';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let send: Send;
beforeAll(async () => {
  t = await makeTestApp();
  ({ send } = await signIn(t));
});
afterAll(() => t.close());
const created = async (path: string, body: object) => {
  const res = await send('POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
};

describe('GET /api/reports', () => {
  it("answers an event's figures: days and hours in IST, each person counted once, money and enquiries summed", async () => {
    const event = await created('/api/events', {
      eventName: 'Report Expo',
      state: 'Telangana',
      city: 'Hyderabad',
      eventTypes: ['Exhibition'],
      startDateTime: '2026-03-02T04:30:00Z',
      endDateTime: '2026-03-04T12:30:00Z',
    });
    const eventId = event.id;
    // Day 1: 10:00 IST on 2 March (the test clock's start).
    const v1 = await created('/api/visitors', { fullName: 'Anil', mobileNumber: '9000000101', eventId, city: 'Hyderabad', workingProfessional: 'Business' });
    const v2 = await created('/api/visitors', {
      fullName: 'Bina',
      mobileNumber: '9000000102',
      eventId,
      city: 'Hyderabad',
      workingProfessional: 'Working Professional',
    });
    await created('/api/visitors', { fullName: 'Chetan', mobileNumber: '9000000103', eventId, city: 'Warangal', workingProfessional: 'Business' });
    await created('/api/guests', { fullName: 'Guest One', mobileNumber: '9000000104', eventId });
    // 15 hours later it is 01:00 IST on 3 March, though still 2 March in UTC: a new day for the venue.
    t.clock.advance(15 * 3600_000);
    ({ send } = await signIn(t)); // the morning's tokens have expired
    await created('/api/visitors', { fullName: 'Divya', mobileNumber: '9000000105', eventId });
    await created('/api/visitors', { fullName: 'Esha', mobileNumber: '9000000106', eventId });
    await created('/api/stalls', { contactPersonName: 'Stall Owner', email: 'stall@expo.test', mobileNumber: '9000000107', eventId });
    await created('/api/awards', { nomineeName: 'Best Builder', eventId });
    await created('/api/sponsors', { organizationName: 'Gold Homes', sponsorshipTier: 'gold', sponsorshipAmount: 500000, amountPaid: 200000, eventId });
    await created('/api/sponsors', { organizationName: 'Silver Towers', sponsorshipTier: 'silver', sponsorshipAmount: 100000, amountPaid: 100000, eventId });
    for (const [i, status] of ['new', 'new', 'resolved'].entries()) {
      const enquiry = await send(
        'POST',
        '/api/enquiries',
        { name: `Enquirer ${i}`, mobile: `900000011${i}`, subscriptionType: 'General Enquiry', eventId },
        null,
      );
      expect(enquiry.status).toBe(201);
      if (status !== 'new') expect((await send('PUT', `/api/enquiries/${enquiry.body.data.id}/status`, { status })).status).toBe(200);
    }
    // Check-ins at 01:00 IST; Anil goes out and comes back in at 02:10, still one person checked in.
    for (const id of [v1.id, v2.id]) expect((await send('PUT', `/api/visitors/${id}/status`, { status: 'checked_in' })).status).toBe(200);
    t.clock.advance(70 * 60_000);
    expect((await send('PUT', `/api/visitors/${v1.id}/status`, { status: 'not_visited' })).status).toBe(200);
    expect((await send('PUT', `/api/visitors/${v1.id}/status`, { status: 'checked_in' })).status).toBe(200);

    const { status, body } = await send('GET', `/api/reports?eventId=${eventId}`);
    expect(status).toBe(200);
    const report = body.data;
    expect(report.event).toEqual({ id: eventId, eventName: 'Report Expo' });
    expect(report.registrationsPerDay).toEqual([
      { day: '2026-03-02', visitors: 3, awards: 0, stalls: 0, sponsors: 0, enquiries: 0 },
      { day: '2026-03-03', visitors: 2, awards: 1, stalls: 1, sponsors: 2, enquiries: 3 },
    ]);
    expect(report.visitorsByCity).toEqual([
      { city: 'Hyderabad', people: 2 },
      { city: 'Not specified', people: 2 },
      { city: 'Warangal', people: 1 },
    ]);
    expect(report.visitorsByProfession).toEqual([
      { profession: 'Business', people: 2 },
      { profession: 'Others', people: 2 },
      { profession: 'Working Professional', people: 1 },
    ]);
    expect(report.checkInsPerHour).toEqual([{ hour: '2026-03-03T01:00', people: 2 }]);
    expect(report.showUp).toMatchObject({ registered: 6, checkedIn: 2, rate: 2 / 6 });
    expect(report.showUp.byKind).toContainEqual({ kind: 'guests', registered: 1, checkedIn: 0 });
    expect(report.sponsorship).toMatchObject({ sponsors: 2, committed: 600000, paid: 300000 });
    expect(report.sponsorship.byTier[0]).toMatchObject({ tier: 'gold', sponsors: 1, committed: 500000, paid: 200000 });
    expect(report.enquiriesByStatus).toEqual([
      { status: 'new', enquiries: 2 },
      { status: 'resolved', enquiries: 1 },
    ]);
  });

  it('is for admins only, and says so for an unknown event', async () => {
    // The first test moved the clock past the morning's tokens.
    const fresh = await signIn(t);
    send = fresh.send;
    expect((await send('GET', '/api/reports', undefined, fresh.staff)).status).toBe(403);
    expect((await send('GET', '/api/reports', undefined, null)).status).toBe(401);
    const unknown = await send('GET', '/api/reports?eventId=no-such-event');
    expect(unknown).toMatchObject({ status: 404, body: { success: false, message: 'Event not found' } });
  });
});
