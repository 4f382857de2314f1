import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/tables/events';
import { forgetCachedEvents } from '../../lib/events';
import { signIn } from '../../testing/sessions';
import { TEST_REGISTRATION_CLOSES_AT } from '../../testing/open-featured-event';
import { makeTestApp, type TestApp } from '../../testing/test-app';
import { REGISTRATION_CLOSED_MESSAGE } from './submit';
import { consents } from '../../db/tables/consents';
import { enquiries } from '../../db/tables/organisations';
import { CONSENT_NOTICES, NEXT_EDITION_SUBSCRIPTION, UNKNOWN_CONSENT_MESSAGE } from '../../../shared/consent';

let t: TestApp;
let admin: string;
let eventId: string;
let seq = 0;
const mobile = () => String(8_100_000_000 + ++seq);
const visitor = (extra: Record<string, unknown> = {}) => ({
  fullName: 'Window Tester',
  mobileNumber: mobile(),
  workingProfessional: 'Others',
  city: 'Hyderabad',
  ...extra,
});

beforeAll(async () => {
  t = await makeTestApp();
  ({ admin } = await signIn(t));
  const [featured] = await t.db.select().from(events).where(eq(events.isFeatured, true));
  eventId = featured!.id;
});
afterAll(() => t.close());

/** Sets the featured event's window through the panel's API, as an organiser does. */
async function setWindow(registrationOpensAt: string | null, registrationClosesAt: string | null) {
  const res = await t.request('PUT', `/api/events/${eventId}`, { token: admin, json: { registrationOpensAt, registrationClosesAt } });
  expect(res.status).toBe(200);
  forgetCachedEvents(t.db);
}

describe('the registration window of an event', () => {
  it('is edited by organisers, shown on the public site, and refuses a window that closes before it opens', async () => {
    const now = t.clock.now().getTime();
    await setWindow(new Date(now - 3_600_000).toISOString(), new Date(now + 3_600_000).toISOString());
    const site = (await (await t.request('GET', '/api/public/site')).json()).data;
    expect(site.event).toMatchObject({
      registrationOpensAt: new Date(now - 3_600_000).toISOString(),
      registrationClosesAt: new Date(now + 3_600_000).toISOString(),
    });
    const backwards = await t.request('PUT', `/api/events/${eventId}`, {
      token: admin,
      json: { registrationClosesAt: new Date(now - 7_200_000).toISOString() },
    });
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).errors).toEqual({ registrationClosesAt: 'Registration cannot close before it opens' });
    const bad = await t.request('PUT', `/api/events/${eventId}`, { token: admin, json: { registrationOpensAt: 'next tuesday' } });
    expect(bad.status).toBe(400);
  });

  it("saves the visit's details from the panel's multipart form, where an empty date clears it", async () => {
    const form = new FormData();
    form.append('registrationOpensAt', '');
    form.append('registrationClosesAt', '2025-10-19T12:30:00.000Z');
    form.append('address', 'HITEC City, Madhapur, Hyderabad, Telangana 500081');
    form.append('mapUrl', 'https://maps.google.com/?q=HICC');
    form.append('openingHours', '10:00 AM – 8:00 PM');
    form.append('awardsNightAt', '2025-10-19T13:30:00.000Z');
    const saved = await t.request('PUT', `/api/events/${eventId}`, { token: admin, body: form });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({
      registrationOpensAt: null,
      registrationClosesAt: '2025-10-19T12:30:00.000Z',
      address: 'HITEC City, Madhapur, Hyderabad, Telangana 500081',
      mapUrl: 'https://maps.google.com/?q=HICC',
      openingHours: '10:00 AM – 8:00 PM',
      awardsNightAt: '2025-10-19T13:30:00.000Z',
    });
    const notLink = new FormData();
    notLink.append('mapUrl', 'javascript:alert(1)');
    const refused = await t.request('PUT', `/api/events/${eventId}`, { token: admin, body: notLink });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual({ mapUrl: 'The map link must be a web address (https://…)' });
    await setWindow(null, TEST_REGISTRATION_CLOSES_AT);
  });

  it('takes submissions inside the window and refuses them before and after it with a 403 that says why', async () => {
    const now = t.clock.now().getTime();
    await setWindow(new Date(now - 60_000).toISOString(), new Date(now + 60_000).toISOString());
    expect((await t.request('POST', '/api/visitors/register', { json: visitor() })).status).toBe(201);

    await setWindow('2026-03-05T04:30:00.000Z', null);
    const early = await t.request('POST', '/api/visitors/register', { json: visitor() });
    expect(early.status).toBe(403);
    expect((await early.json()).message).toBe('Registration opens on 5 March 2026 at 10:00 am.');

    await setWindow(null, new Date(now - 1000).toISOString());
    for (const [path, body] of [
      ['/api/visitors/register', visitor()],
      ['/api/stalls/register', { companyName: 'Skyline', contactPersonName: 'Meena', mobileNumber: mobile() }],
      ['/api/awards/register', { nomineeName: 'Asha', mobile: mobile(), organization: 'Acme' }],
      ['/api/sponsors/register', { organization: 'Acme', name: 'Asha', mobile: mobile() }],
      ['/api/enquiries', { name: 'Asha', mobile: mobile(), subscriptionType: 'General Enquiry' }],
    ] as const) {
      const late = await t.request('POST', path, { json: body });
      expect(late.status, path).toBe(403);
      expect((await late.json()).message).toBe(REGISTRATION_CLOSED_MESSAGE);
    }
    // A close far ahead (the organiser's choice): open again.
    await setWindow(null, TEST_REGISTRATION_CLOSES_AT);
    expect((await t.request('POST', '/api/visitors/register', { json: visitor() })).status).toBe(201);
  });

  it("closes at the event's end when the organiser set no close, on the public pages' data and in the API's words", async () => {
    // The featured event ended on 19 October 2025; the test clock is in March 2026.
    await setWindow(null, null);
    for (const [path, body] of [
      ['/api/visitors/register', visitor()],
      ['/api/enquiries', { name: 'Asha', mobile: mobile(), subscriptionType: 'General Enquiry' }],
    ] as const) {
      const ended = await t.request('POST', path, { json: body });
      expect(ended.status, path).toBe(403);
      expect((await ended.json()).message).toBe(REGISTRATION_CLOSED_MESSAGE);
    }
    // An event still ahead takes registrations until its end, and not a moment after.
    const end = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const moved = await t.request('PUT', `/api/events/${eventId}`, { token: admin, json: { endDateTime: end } });
    expect(moved.status).toBe(200);
    forgetCachedEvents(t.db);
    expect((await t.request('POST', '/api/visitors/register', { json: visitor() })).status).toBe(201);
    t.clock.advance(3_600_000);
    forgetCachedEvents(t.db);
    expect((await t.request('POST', '/api/visitors/register', { json: visitor() })).status).toBe(403);
    await setWindow(null, TEST_REGISTRATION_CLOSES_AT);
    expect((await t.request('POST', '/api/visitors/register', { json: visitor() })).status).toBe(201);
  });

  it('still answers a submission accepted before it closed, sent again for its lost answer', async () => {
    const body = visitor({ uniqueSubmissionId: crypto.randomUUID() });
    const first = await t.request('POST', '/api/visitors/register', { json: body });
    expect(first.status).toBe(201);
    await setWindow(null, new Date(t.clock.now().getTime() - 1000).toISOString());
    const again = await t.request('POST', '/api/visitors/register', { json: body });
    expect(again.status).toBe(201);
    expect((await again.json()).data.id).toBe((await first.json()).data.id);
    await setWindow(null, TEST_REGISTRATION_CLOSES_AT);
  });

  it('takes "tell me about the next edition" only while registration is closed, as an enquiry with its consent', async () => {
    const request = (extra: Record<string, unknown> = {}) => ({
      name: 'Next Time',
      mobile: mobile(),
      email: 'next@example.com',
      consentVersion: CONSENT_NOTICES.next_edition.version,
      ...extra,
    });
    // Open: the person registers instead.
    const open = await t.request('POST', '/api/next-edition', { json: request() });
    expect(open.status).toBe(403);
    expect((await open.json()).message).toBe('Registration for this event is open: register instead.');

    await setWindow(null, null); // the seeded event ended in October 2025: closed
    const kept = await t.request('POST', '/api/next-edition', { json: request() });
    expect(kept.status).toBe(201);
    const { data } = await kept.json();
    const [row] = await t.db.select().from(enquiries).where(eq(enquiries.id, data.id));
    expect(row).toMatchObject({ name: 'Next Time', email: 'next@example.com', subscriptionType: NEXT_EDITION_SUBSCRIPTION, status: 'new', eventId });
    const [consent] = await t.db.select().from(consents).where(eq(consents.personId, data.id));
    expect(consent).toMatchObject({ personKind: 'enquiries', purpose: 'next_edition', textVersion: CONSENT_NOTICES.next_edition.version, given: true });

    // The request is the consent: without it, or with another form's words, nothing is kept.
    const before = await t.rowCounts();
    for (const consentVersion of [undefined, CONSENT_NOTICES.pass_messages.version]) {
      const refused = await t.request('POST', '/api/next-edition', { json: request({ consentVersion }) });
      expect(refused.status).toBe(400);
      expect((await refused.json()).errors).toEqual({ consentVersion: UNKNOWN_CONSENT_MESSAGE });
    }
    expect(await t.rowCounts()).toEqual(before);
    await setWindow(null, TEST_REGISTRATION_CLOSES_AT);
  });
});
