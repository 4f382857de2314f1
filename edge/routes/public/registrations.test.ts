import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/tables/events';
import { awardNominations, enquiries, sponsors, stalls } from '../../db/tables/organisations';
import { visitors } from '../../db/tables/people';
import { idempotencyKeys } from '../../db/tables/system';
import { consents } from '../../db/tables/consents';
import { CONSENT_NOTICES, UNKNOWN_CONSENT_MESSAGE } from '../../../shared/consent';
import { PASS_CODE_ALPHABET, PASS_CODE_LENGTH } from '../../lib/pass-code';
import { type ApiTarget, isClockReading, makeApiTarget } from '../../testing/api-target';
import { TEST_REGISTRATION_CLOSES_AT } from '../../testing/open-featured-event';

let t: ApiTarget;
let featuredId: string;
let otherEventId: string;
let seq = 0;
/** A fresh valid 10-digit mobile number per call, so tests never collide on the duplicate rule. */
const mobile = () => String(7_000_000_000 + ++seq);
/** How a 10-digit Indian number is stored: E.164. */
const e164 = (number: string) => `+91${number}`;

beforeAll(async () => {
  t = await makeApiTarget();
  const [featured] = await t.db.select().from(events).where(eq(events.isFeatured, true));
  featuredId = featured!.id;
  otherEventId = crypto.randomUUID();
  const at = t.now().toISOString();
  await t.db.insert(events).values({
    id: otherEventId,
    eventName: 'Builders Awards Night',
    startDateTime: '2025-10-19T12:30:00.000Z',
    endDateTime: '2025-10-19T17:30:00.000Z',
    // Ended, like the featured event: kept open as an organiser would (open-featured-event.ts).
    registrationClosesAt: TEST_REGISTRATION_CLOSES_AT,
    createdAt: at,
    updatedAt: at,
  });
});
afterAll(() => t.close());

const post = (path: string, json: unknown, options: { headers?: Record<string, string>; address?: string } = {}) =>
  t.request('POST', path, { json, ...options });

const passCodePattern = new RegExp(`^[${PASS_CODE_ALPHABET}]{${PASS_CODE_LENGTH}}$`);

describe('POST /api/visitors/register', () => {
  it('stores a pending visitor with a pass code and answers 201 with the record', async () => {
    const number = mobile();
    const res = await post('/api/visitors/register', {
      fullName: '  Asha Rao ',
      mobileNumber: number,
      workingProfessional: 'Business',
      organizationName: 'Rao Estates',
      city: 'Hyderabad',
      // The public forms send these; the server decides them itself.
      status: 'approved',
      registrationType: 'vip',
      createdAt: '1999-01-01',
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Registration successful!',
      data: {
        fullName: 'Asha Rao',
        mobileNumber: e164(number),
        workingProfessional: 'Business',
        organizationName: 'Rao Estates',
        city: 'Hyderabad',
        eventId: featuredId,
        eventName: 'Hyderabad Property Expo & Builders Awards 2025',
        registrationType: 'visitor_registration',
        status: 'pending',
      },
    });
    expect(isClockReading(t, body.data.createdAt)).toBe(true);
    expect(body.data.updatedAt).toBe(body.data.createdAt);
    expect(body.data.passCode).toMatch(passCodePattern);
    const [row] = await t.db.select().from(visitors).where(eq(visitors.id, body.data.id));
    expect(row).toMatchObject({
      fullName: 'Asha Rao',
      mobileNumber: e164(number),
      passCode: body.data.passCode,
      status: 'pending',
      registrationType: 'visitor_registration',
    });
  });

  it('applies the defaults (Others, Not specified) to absent or blank optional fields', async () => {
    const absent = await post('/api/visitors/register', { fullName: 'Ravi', mobileNumber: mobile() });
    expect(absent.status).toBe(201);
    expect((await absent.json()).data).toMatchObject({ workingProfessional: 'Others', organizationName: 'Not specified', city: 'Not specified' });
    const blank = await post('/api/visitors/register', {
      fullName: 'Ravi',
      mobileNumber: mobile(),
      workingProfessional: ' ',
      organizationName: '',
      city: null,
    });
    expect(blank.status).toBe(201);
    const { data } = await blank.json();
    expect(data).toMatchObject({ workingProfessional: 'Others', organizationName: 'Not specified', city: 'Not specified' });
    const [row] = await t.db.select().from(visitors).where(eq(visitors.id, data.id));
    expect(row).toMatchObject({ workingProfessional: 'Others', organizationName: 'Not specified', city: 'Not specified' });
  });

  it('accepts an explicit event and answers 400 for an unknown one, storing nothing', async () => {
    const res = await post('/api/visitors/register', { fullName: 'Ravi', mobileNumber: mobile(), eventId: otherEventId });
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({ eventId: otherEventId, eventName: 'Builders Awards Night' });

    const before = await t.rowCounts();
    const unknown = await post('/api/visitors/register', {
      fullName: 'Ravi',
      mobileNumber: mobile(),
      eventId: 'no-such-event',
      uniqueSubmissionId: 'u-unknown',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ success: false, message: 'Unknown event', errors: { eventId: 'Unknown event' } });
    expect(await t.rowCounts()).toEqual(before);
  });
});

describe('consent (decision 059)', () => {
  it('records the version of the line the person saw, with the time, in the same commit as the record', async () => {
    const visitor = await post('/api/visitors/register', {
      fullName: 'Meena',
      mobileNumber: mobile(),
      consentVersion: CONSENT_NOTICES.pass_messages.version,
    });
    expect(visitor.status).toBe(201);
    const { data } = await visitor.json();
    const rows = await t.db.select().from(consents).where(eq(consents.personId, data.id));
    expect(rows).toEqual([
      {
        id: expect.any(String),
        personKind: 'visitors',
        personId: data.id,
        purpose: 'pass_messages',
        textVersion: CONSENT_NOTICES.pass_messages.version,
        given: true,
        at: data.createdAt,
      },
    ]);

    const enquiry = await post('/api/enquiries', { name: 'Meena', mobile: mobile(), consentVersion: CONSENT_NOTICES.enquiry_reply.version });
    expect(enquiry.status).toBe(201);
    const enquiryId = (await enquiry.json()).data.id;
    const [reply] = await t.db.select().from(consents).where(eq(consents.personId, enquiryId));
    expect(reply).toMatchObject({ personKind: 'enquiries', purpose: 'enquiry_reply', given: true });
  });

  it("refuses an unknown version, or another form's line, with 400 and stores nothing", async () => {
    const before = await t.rowCounts();
    for (const [path, body] of [
      ['/api/visitors/register', { fullName: 'Meena', mobileNumber: mobile(), consentVersion: 'pass_messages/1999-01-01' }],
      [
        '/api/stalls/register',
        { companyName: 'Rao', contactPersonName: 'Meena', mobileNumber: mobile(), consentVersion: CONSENT_NOTICES.enquiry_reply.version },
      ],
      ['/api/enquiries', { name: 'Meena', mobile: mobile(), consentVersion: 42 }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, errors: { consentVersion: UNKNOWN_CONSENT_MESSAGE } });
    }
    expect(await t.rowCounts()).toEqual(before);
  });

  it('records no consent for a submission that showed no line (an older queued entry)', async () => {
    const res = await post('/api/visitors/register', { fullName: 'Meena', mobileNumber: mobile() });
    const { data } = await res.json();
    expect(await t.db.select().from(consents).where(eq(consents.personId, data.id))).toEqual([]);
  });
});

describe('a town the city list lacks', () => {
  it("is stored as typed and found by the panel's search", async () => {
    const res = await post('/api/visitors/register', { fullName: 'Lakshmi Devi', mobileNumber: mobile(), city: 'Suryapet' });
    expect(res.status).toBe(201);
    expect((await res.json()).data.city).toBe('Suryapet');
    const token = await t.login();
    const found = await t.request('GET', '/api/visitors?q=suryap&limit=10', { token });
    const items = (await found.json()).data.items as Array<{ fullName: string; city: string }>;
    expect(items.map((item) => [item.fullName, item.city])).toEqual([['Lakshmi Devi', 'Suryapet']]);
  });
});

describe('the other submissions', () => {
  it('POST /api/stalls/register stores a public booking', async () => {
    const number = mobile();
    const res = await post('/api/stalls/register', { companyName: 'Skyline Homes', contactPersonName: 'Meena', mobileNumber: number });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      companyName: 'Skyline Homes',
      contactPersonName: 'Meena',
      mobileNumber: e164(number),
      registrationType: 'stall_booking',
      bookingType: 'public_booking',
      status: 'pending',
      eventId: featuredId,
    });
    expect(data.passCode).toMatch(passCodePattern);
    const [row] = await t.db.select().from(stalls).where(eq(stalls.id, data.id));
    expect(row).toMatchObject({
      companyName: 'Skyline Homes',
      bookingType: 'public_booking',
      bookedByName: '',
      bookedByRole: '',
      passCode: data.passCode,
      status: 'pending',
      paymentStatus: 'unpaid',
    });
  });

  it('POST /api/awards/register maps mobile and organization to the panel columns', async () => {
    const number = mobile();
    const res = await post('/api/awards/register', { nomineeName: 'Lakshmi Builders', mobile: `+91${number}`, organization: 'Lakshmi Group' });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      nomineeName: 'Lakshmi Builders',
      mobileNumber: e164(number),
      organizationName: 'Lakshmi Group',
      registrationType: 'award_registration',
      status: 'pending',
    });
    expect(data.passCode).toMatch(passCodePattern);
    const [row] = await t.db.select().from(awardNominations).where(eq(awardNominations.id, data.id));
    expect(row).toMatchObject({ nomineeName: 'Lakshmi Builders', mobileNumber: e164(number), organizationName: 'Lakshmi Group', passCode: data.passCode });
  });

  it("POST /api/awards/register takes one of the organiser's award categories, stored in their spelling", async () => {
    // No categories set: a category is kept as typed.
    const free = await post('/api/awards/register', { nomineeName: 'Free Text', mobile: mobile(), organization: 'O', category: 'Best Towers' });
    expect(free.status).toBe(201);
    const token = await t.login();
    const set = await t.request('PUT', '/api/settings', { token, json: { awardCategories: ['Best Luxury Project', 'Green Building of the Year'] } });
    expect(set.status).toBe(200);
    const unknown = await post('/api/awards/register', { nomineeName: 'Unknown Category', mobile: mobile(), organization: 'O', category: 'Best Towers' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      success: false,
      message: 'Choose one of the award categories',
      errors: { category: 'Choose one of the award categories' },
    });
    const known = await post('/api/awards/register', {
      nomineeName: 'Known Category',
      mobile: mobile(),
      organization: 'O',
      category: ' green building of the year ',
    });
    expect(known.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(awardNominations)
      .where(eq(awardNominations.id, (await known.json()).data.id));
    expect(row?.category).toBe('Green Building of the Year');
    const none = await post('/api/awards/register', { nomineeName: 'No Category', mobile: mobile(), organization: 'O' });
    expect(none.status).toBe(201);
    await t.request('PUT', '/api/settings', { token, json: { awardCategories: [] } });
  });

  it('POST /api/sponsors/register maps organization, name and mobile', async () => {
    const number = mobile();
    const res = await post('/api/sponsors/register', { organization: 'Deccan Cement', name: 'Kiran', mobile: number });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      organizationName: 'Deccan Cement',
      contactPersonName: 'Kiran',
      mobileNumber: e164(number),
      registrationType: 'sponsor_registration',
      status: 'pending',
    });
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.id, data.id));
    expect(row).toMatchObject({ organizationName: 'Deccan Cement', contactPersonName: 'Kiran', passCode: data.passCode, sponsorshipTier: 'bronze' });
  });

  it('POST /api/enquiries stores a new enquiry, defaulting the subscription type, without a pass code', async () => {
    const number = mobile();
    const res = await post('/api/enquiries', { name: 'Farah', mobile: number });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      name: 'Farah',
      mobileNumber: e164(number),
      organization: '',
      subscriptionType: 'General Enquiry',
      registrationType: 'enquiry',
      status: 'new',
    });
    expect(data.passCode).toBeUndefined();
    const [row] = await t.db.select().from(enquiries).where(eq(enquiries.id, data.id));
    expect(row).toMatchObject({ name: 'Farah', mobileNumber: e164(number), subscriptionType: 'General Enquiry', status: 'new' });

    const chosen = await post('/api/enquiries', { name: 'Farah', mobile: number, organization: 'Farah Realty', subscriptionType: '10 PACK PLATINUM' });
    expect(chosen.status).toBe(201);
    expect((await chosen.json()).data).toMatchObject({ organization: 'Farah Realty', subscriptionType: '10 PACK PLATINUM' });

    // The optional e-mail, for the reply.
    const withEmail = await post('/api/enquiries', { name: 'Farah', mobile: mobile(), email: 'farah@realty.in' });
    expect(withEmail.status).toBe(201);
    const [stored] = await t.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.id, (await withEmail.json()).data.id));
    expect(stored?.email).toBe('farah@realty.in');
    const badEmail = await post('/api/enquiries', { name: 'Farah', mobile: mobile(), email: 'farah at realty' });
    expect(badEmail.status).toBe(400);
  });

  it('gives every registration its own pass code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await post('/api/visitors/register', { fullName: `Guest ${i}`, mobileNumber: mobile() });
      codes.add((await res.json()).data.passCode);
    }
    expect(codes.size).toBe(30);
  });
});

describe('validation: required fields and mobile numbers, with the popup messages', () => {
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    ['visitor', '/api/visitors/register', { mobileNumber: '9876543210' }, 'Full Name is required'],
    ['visitor', '/api/visitors/register', { fullName: '   ', mobileNumber: '9876543210' }, 'Full Name is required'],
    ['visitor', '/api/visitors/register', { fullName: 'A' }, 'Mobile Number is required'],
    ['visitor', '/api/visitors/register', { fullName: 'A', mobileNumber: ' ' }, 'Mobile Number is required'],
    ['visitor', '/api/visitors/register', { fullName: 'A', mobileNumber: '98765' }, 'Mobile number must be 10-15 digits'],
    [
      'visitor',
      '/api/visitors/register',
      { fullName: 'A', mobileNumber: '9876543210', workingProfessional: 'Student' },
      'Professional Type must be one of: Working Professional, Business, Others',
    ],
    ['stall', '/api/stalls/register', { contactPersonName: 'B', mobileNumber: '9876543210' }, 'Company / Organization Name is required'],
    ['stall', '/api/stalls/register', { companyName: 'C', mobileNumber: '9876543210' }, 'Contact Person Name is required'],
    ['stall', '/api/stalls/register', { companyName: 'C', contactPersonName: 'B' }, 'Mobile Number is required'],
    ['awards', '/api/awards/register', { mobile: '9876543210', organization: 'O' }, 'Nominee Name is required'],
    ['awards', '/api/awards/register', { nomineeName: 'N', organization: 'O' }, 'Contact Person Mobile is required'],
    ['awards', '/api/awards/register', { nomineeName: 'N', mobile: '9876543210', organization: '\t' }, 'Organization is required'],
    ['sponsor', '/api/sponsors/register', { name: 'N', mobile: '9876543210' }, 'Sponsor Organization Name is required'],
    ['sponsor', '/api/sponsors/register', { organization: 'O', mobile: '9876543210' }, 'Contact Person Name is required'],
    ['sponsor', '/api/sponsors/register', { organization: 'O', name: 'N' }, 'Mobile Number is required'],
    ['enquiry', '/api/enquiries', { mobile: '9876543210' }, 'Full Name is required'],
    ['enquiry', '/api/enquiries', { name: 'N' }, 'Mobile Number is required'],
    ['enquiry', '/api/enquiries', { name: 'N', mobile: '12-34' }, 'Mobile number must be 10-15 digits'],
  ];

  it.each(cases)('%s %s %j → 400 "%s", nothing stored', async (_, path, body, message) => {
    const before = await t.rowCounts();
    const res = await post(path, body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.success).toBe(false);
    expect(json.message).toBe(message);
    expect(Object.values(json.errors)).toContain(message);
    expect(await t.rowCounts()).toEqual(before);
  });

  it('reports every faulty field at once, each beside its field', async () => {
    const res = await post('/api/stalls/register', { companyName: '', contactPersonName: ' ', mobileNumber: 'abc' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      companyName: 'Company / Organization Name is required',
      contactPersonName: 'Contact Person Name is required',
      mobileNumber: 'Mobile number must be 10-15 digits',
    });
  });

  it.each([
    ['9876543210', 201, '+919876543210'],
    ['+919876543211', 201, '+919876543211'],
    ['  9876543212  ', 201, '+919876543212'],
    ['98765 43213', 201, '+919876543213'],
    ['98765-43214', 201, '+919876543214'],
    ['(98765) 43215', 201, '+919876543215'],
    ['098765 43216', 201, '+919876543216'],
    ['0091 98765 43217', 201, '+919876543217'],
    ['+1 415 555 2671', 201, '+14155552671'],
    ['+49 1512 3456789', 201, '+4915123456789'],
    ['987654321', 400, 'Mobile number must be 10-15 digits'],
    ['1234567890123456', 400, 'Mobile number must be 10-15 digits'],
    ['++9876543210', 400, 'Mobile number must be 10-15 digits'],
    ['9876543210+', 400, 'Mobile number must be 10-15 digits'],
    ['９８７６５４３２１０', 400, 'Mobile number must be 10-15 digits'],
    // 10–15 digits, but no country's numbering plan holds them.
    ['123456789012345', 400, 'Enter a valid mobile number, with its country code if it is not Indian'],
    ['+999123456789', 400, 'Enter a valid mobile number, with its country code if it is not Indian'],
  ])('mobile %j → %i, stored as E.164', async (value, status, expected) => {
    const res = await post('/api/sponsors/register', { organization: 'O', name: 'N', mobile: value });
    expect(res.status).toBe(status);
    if (status === 201) {
      const { data } = await res.json();
      expect(data.mobileNumber).toBe(expected);
      const [row] = await t.db.select().from(sponsors).where(eq(sponsors.id, data.id));
      expect(row?.mobileNumber).toBe(expected);
    } else expect(await res.json()).toMatchObject({ message: expected, errors: { mobile: expected } });
  });

  it('refuses a number where text belongs, and over-long text', async () => {
    const wrongType = await post('/api/visitors/register', { fullName: 42, mobileNumber: 9876543210 });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).errors).toEqual({ fullName: 'Full Name must be text', mobileNumber: 'Mobile number must be 10-15 digits' });
    const long = await post('/api/visitors/register', { fullName: 'x'.repeat(201), mobileNumber: mobile(), city: 'y'.repeat(201) });
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual({
      fullName: 'Full Name must be at most 200 characters',
      city: 'City must be at most 200 characters',
    });
  });

  it('answers malformed JSON, other body types and oversized bodies with 4xx, storing nothing', async () => {
    const before = await t.rowCounts();
    const broken = await t.request('POST', '/api/visitors/register', { headers: { 'Content-Type': 'application/json' }, body: '{"fullName":' });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('Malformed JSON in request body');
    const array = await post('/api/visitors/register', [{ fullName: 'A', mobileNumber: '9876543210' }]);
    expect(array.status).toBe(400);
    const text = await t.request('POST', '/api/enquiries', { headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    const huge = await post('/api/visitors/register', { fullName: 'A', mobileNumber: mobile(), notes: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).success).toBe(false);
    // The same body with its length declared, as browsers and the Node server's clients send it: refused
    // on the header alone; a declared small body is read and validated as usual.
    const hugeBody = JSON.stringify({ fullName: 'A', mobileNumber: mobile(), notes: 'x'.repeat(300 * 1024) });
    const declared = await t.request('POST', '/api/visitors/register', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(hugeBody.length) },
      body: hugeBody,
    });
    expect(declared.status).toBe(413);
    const smallBody = JSON.stringify({ fullName: '', mobileNumber: mobile() });
    const small = await t.request('POST', '/api/visitors/register', {
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(smallBody.length) },
      body: smallBody,
    });
    expect(small.status).toBe(400);
    expect((await small.json()).errors).toHaveProperty('fullName');
    const oversizedKey = await post('/api/visitors/register', { fullName: 'A', mobileNumber: mobile(), uniqueSubmissionId: 'k'.repeat(101) });
    expect(oversizedKey.status).toBe(400);
    const longHeader = await post('/api/visitors/register', { fullName: 'A', mobileNumber: mobile() }, { headers: { 'Idempotency-Key': 'k'.repeat(101) } });
    expect(longHeader.status).toBe(400);
    expect(await t.rowCounts()).toEqual(before);
  });
});

describe('duplicates', () => {
  it('answers 409 for the same mobile, event and type, storing nothing more', async () => {
    const number = mobile();
    expect((await post('/api/visitors/register', { fullName: 'Ravi', mobileNumber: number })).status).toBe(201);
    const before = await t.rowCounts();
    const again = await post('/api/visitors/register', { fullName: 'Ravi K', mobileNumber: number, uniqueSubmissionId: 'dup-1' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, message: 'You have already registered. Thank you for your interest!' });
    expect(await t.rowCounts()).toEqual(before);
    // The duplicate's submission id was rolled back with it: nothing blocks a corrected retry.
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'visitors.register:dup-1'))).toEqual([]);
    const corrected = await post('/api/visitors/register', { fullName: 'Ravi K', mobileNumber: mobile(), uniqueSubmissionId: 'dup-1' });
    expect(corrected.status).toBe(201);
  });

  /** One person's number in every spelling people type it: the first registers, each later one is a 409. */
  const spellings = (digits: string) => [
    digits,
    `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
    `0${digits}`,
    `0091 ${digits.slice(0, 5)} ${digits.slice(5)}`,
    `+91${digits}`,
  ];
  it.each([
    ['/api/visitors/register', visitors, (m: string) => ({ fullName: 'Kavya Rao', mobileNumber: m })],
    ['/api/awards/register', awardNominations, (m: string) => ({ nomineeName: 'Kavya Rao', mobile: m, organization: 'Rao Infra' })],
    ['/api/stalls/register', stalls, (m: string) => ({ companyName: 'Rao Infra', contactPersonName: 'Kavya Rao', mobileNumber: m })],
    ['/api/sponsors/register', sponsors, (m: string) => ({ organization: 'Rao Infra', name: 'Kavya Rao', mobile: m })],
    ['/api/enquiries', enquiries, (m: string) => ({ name: 'Kavya Rao', mobile: m })],
  ] as const)('%s: every spelling of one number is one record, each later spelling a 409', async (path, table, body) => {
    const digits = mobile();
    const [first, ...later] = spellings(digits);
    const created = await post(path, body(first!));
    expect(created.status).toBe(201);
    expect((await created.json()).data.mobileNumber).toBe(e164(digits));
    for (const spelling of later) {
      const again = await post(path, { ...body(spelling), uniqueSubmissionId: `spelling-${spelling}` });
      expect(again.status, spelling).toBe(409);
      expect(await again.json()).toEqual({ success: false, message: 'You have already registered. Thank you for your interest!' });
    }
    const rows = await t.db
      .select({ mobileNumber: table.mobileNumber })
      .from(table)
      .where(eq(table.mobileNumber, e164(digits)));
    expect(rows).toEqual([{ mobileNumber: e164(digits) }]);
  });

  it('does not treat another event or another type as a duplicate', async () => {
    const number = mobile();
    expect((await post('/api/visitors/register', { fullName: 'Ravi', mobileNumber: number })).status).toBe(201);
    expect((await post('/api/visitors/register', { fullName: 'Ravi', mobileNumber: number, eventId: otherEventId })).status).toBe(201);
    expect((await post('/api/stalls/register', { companyName: 'C', contactPersonName: 'Ravi', mobileNumber: number })).status).toBe(201);
    expect((await post('/api/awards/register', { nomineeName: 'N', mobile: number, organization: 'O' })).status).toBe(201);
    expect((await post('/api/sponsors/register', { organization: 'O', name: 'N', mobile: number })).status).toBe(201);
    expect((await post('/api/enquiries', { name: 'N', mobile: number })).status).toBe(201);
    for (const [path, body] of [
      ['/api/stalls/register', { companyName: 'C2', contactPersonName: 'R', mobileNumber: number }],
      ['/api/awards/register', { nomineeName: 'N2', mobile: number, organization: 'O' }],
      ['/api/sponsors/register', { organization: 'O2', name: 'N', mobile: number }],
      ['/api/enquiries', { name: 'N', mobile: number }],
    ] as const) {
      const res = await post(path, body);
      expect(res.status, path).toBe(409);
    }
  });

  it('an enquiry about another package is a new enquiry', async () => {
    const number = mobile();
    expect((await post('/api/enquiries', { name: 'N', mobile: number, subscriptionType: '6 PACK GOLD' })).status).toBe(201);
    expect((await post('/api/enquiries', { name: 'N', mobile: number, subscriptionType: '4 PACK SILVER' })).status).toBe(201);
    expect((await post('/api/enquiries', { name: 'N', mobile: number, subscriptionType: '6 PACK GOLD' })).status).toBe(409);
  });

  it('admits exactly one of 20 concurrent registrations of one mobile number (different submission ids)', async () => {
    const number = mobile();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/api/visitors/register', { fullName: `Ravi ${i}`, mobileNumber: number, uniqueSubmissionId: `race-${number}-${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(
      await t.db
        .select()
        .from(visitors)
        .where(eq(visitors.mobileNumber, e164(number))),
    ).toHaveLength(1);
  });
});

describe('idempotency', () => {
  it('answers a repeated uniqueSubmissionId with the first answer and stores one record', async () => {
    const body = { fullName: 'Sita', mobileNumber: mobile(), city: 'Warangal', uniqueSubmissionId: `seq-${seq}` };
    const first = await post('/api/visitors/register', body);
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const before = await t.rowCounts();
    t.clock?.advance(60_000);
    // Same details with the keys in another order: the same submission.
    const { city, ...rest } = body;
    const second = await post('/api/visitors/register', { city, ...rest });
    expect(second.status).toBe(201);
    expect(await second.text()).toBe(firstBody);
    expect(await t.rowCounts()).toEqual(before);
  });

  it('accepts the Idempotency-Key header when the body has no submission id', async () => {
    const body = { name: 'Hari', mobile: mobile() };
    const headers = { 'Idempotency-Key': `hdr-${seq}` };
    const first = await post('/api/enquiries', body, { headers });
    const second = await post('/api/enquiries', body, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
  });

  it('answers 20 concurrent repeats identically, with exactly one record', async () => {
    const number = mobile();
    const body = { nomineeName: 'Ramesh', mobile: number, organization: 'Ramesh Infra', uniqueSubmissionId: `conc-${number}` };
    const before = await t.rowCounts();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/awards/register', body)));
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(texts).size).toBe(1);
    expect(
      await t.db
        .select()
        .from(awardNominations)
        .where(eq(awardNominations.mobileNumber, e164(number))),
    ).toHaveLength(1);
    const after = await t.rowCounts();
    expect(after.award_nominations).toBe(before.award_nominations! + 1);
    expect(after.idempotency_keys).toBe(before.idempotency_keys! + 1);
  });

  it('answers 422 when the same id comes with different details, storing nothing', async () => {
    const number = mobile();
    const id = `mismatch-${number}`;
    expect((await post('/api/stalls/register', { companyName: 'A', contactPersonName: 'B', mobileNumber: number, uniqueSubmissionId: id })).status).toBe(201);
    const before = await t.rowCounts();
    const other = await post('/api/stalls/register', { companyName: 'A2', contactPersonName: 'B', mobileNumber: number, uniqueSubmissionId: id });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ success: false, message: 'This submission id was already used with different details' });
    expect(await t.rowCounts()).toEqual(before);
  });

  it('answers 422 to the losers when concurrent requests share an id but differ', async () => {
    const id = `conc-mismatch-${seq}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/sponsors/register', { organization: 'O', name: 'N', mobile: mobile(), uniqueSubmissionId: id })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
  });

  it('keeps the same submission id apart on different endpoints', async () => {
    const id = `shared-${seq}`;
    const number = mobile();
    expect((await post('/api/visitors/register', { fullName: 'A', mobileNumber: number, uniqueSubmissionId: id })).status).toBe(201);
    expect((await post('/api/stalls/register', { companyName: 'C', contactPersonName: 'A', mobileNumber: number, uniqueSubmissionId: id })).status).toBe(201);
  });
});

describe('GET /api/public/site', () => {
  it('answers the featured event, contacts, the four packages and the enquiry choices, cacheable for a minute', async () => {
    const res = await t.request('GET', '/api/public/site');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    const { success, data } = await res.json();
    expect(success).toBe(true);
    expect(data.event).toEqual({
      id: featuredId,
      eventName: 'Hyderabad Property Expo & Builders Awards 2025',
      city: 'Hyderabad',
      venue: 'Hyderabad International Convention Centre (HICC), Madhapur, Hyderabad',
      startDateTime: '2025-10-18T03:30:00.000Z',
      endDateTime: '2025-10-19T14:30:00.000Z',
      registrationOpensAt: null,
      registrationClosesAt: TEST_REGISTRATION_CLOSES_AT,
      address: '',
      mapUrl: '',
      openingHours: '',
      awardsNightAt: null,
      registrationQuestions: [],
    });
    expect(data.contactPhone).toBe('');
    expect(data.contactEmail).toBe('');
    expect(data.packages.map((p: { name: string; price: string }) => [p.name, p.price])).toEqual([
      ['10 PACK PLATINUM', '10 Lakhs + GST'],
      ['6 PACK GOLD', '6 Lakhs + GST'],
      ['4 PACK SILVER', '4 Lakhs + GST'],
      ['3 PACK SILVER', '3 Lakhs + GST'],
    ]);
    expect(data.packages[0].badge).toBe('Most Popular');
    expect(data.packages.filter((p: { badge?: string }) => p.badge)).toHaveLength(1);
    for (const p of data.packages) expect(p.features.length).toBeGreaterThan(0);
    expect(data.subscriptionChoices).toEqual(['10 PACK PLATINUM', '6 PACK GOLD', '4 PACK SILVER', '3 PACK SILVER', 'General Enquiry']);
  });

  it('is not rate limited and stores nothing', async () => {
    const before = await t.rowCounts();
    for (let i = 0; i < 5; i++) expect((await t.request('GET', '/api/public/site')).status).toBe(200);
    expect(await t.rowCounts()).toEqual(before);
  });
});
