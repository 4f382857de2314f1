import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_NOTICES } from '../../../shared/consent';
import { consents } from '../../db/tables/consents';
import { notifications } from '../../db/tables/notifications';
import { visitors } from '../../db/tables/people';
import { idempotencyKeys } from '../../db/tables/system';
import { phoneChannels } from '../../notifications/channels';
import { phoneProviderEnv, startPhoneProviders } from '../../testing/message-providers';
import { makeTestApp, type TestApp } from '../../testing/test-app';
import { MAX_FAMILY_MEMBERS } from '../../schemas/public-registrations';

let t: TestApp;
let phones: Awaited<ReturnType<typeof startPhoneProviders>>;
let seq = 0;
const mobile = () => String(9_400_000_000 + ++seq);

beforeAll(async () => {
  phones = await startPhoneProviders();
  t = await makeTestApp({
    channels: phoneChannels(phoneProviderEnv(phones.url)),
  });
});
afterAll(async () => {
  await t.close();
  await phones.close();
});

type Created = { id: string; passCode: string; fullName: string; mobileNumber: string; family: Array<{ id: string; passCode: string; fullName: string }> };

describe('a family registered together (decision 077)', () => {
  it('stores a record and a pass for each of 4 people under one submission id, each with the one consent; a repeat answers the same', async () => {
    const registrant = mobile();
    const cousin = mobile();
    const body = {
      fullName: 'Ravi Kumar',
      mobileNumber: registrant,
      city: 'Hyderabad',
      consentVersion: CONSENT_NOTICES.pass_messages.version,
      uniqueSubmissionId: 'family-4',
      family: [{ fullName: 'సీత కుమార్' }, { fullName: 'अनन्या कुमार', mobileNumber: '' }, { fullName: 'Arjun Kumar', mobileNumber: cousin }],
    };
    const res = await t.request('POST', '/api/visitors/register', { json: body, address: '10.50.0.1' });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: Created };
    expect(data.family.map((member) => member.fullName)).toEqual(['సీత కుమార్', 'अनन्या कुमार', 'Arjun Kumar']);
    const ids = [data.id, ...data.family.map((member) => member.id)];
    const rows = await t.db.select().from(visitors).where(inArray(visitors.id, ids));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.passCode)).size).toBe(4);
    // Members without a number of their own are kept under the registrant's: "Find my pass" on it finds them.
    const byName = Object.fromEntries(rows.map((row) => [row.fullName, row]));
    expect(byName['సీత కుమార్']).toMatchObject({ mobileNumber: `+91${registrant}`, registrationType: 'family_registration', city: 'Hyderabad' });
    expect(byName['Arjun Kumar']).toMatchObject({ mobileNumber: `+91${cousin}`, registrationType: 'family_registration' });
    expect(byName['Ravi Kumar']).toMatchObject({ registrationType: 'visitor_registration' });

    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'visitors.register:family-4'))).toHaveLength(1);
    const consentRows = await t.db.select().from(consents).where(inArray(consents.personId, ids));
    expect(consentRows.map((row) => [row.purpose, row.given, row.at])).toEqual(ids.map(() => ['pass_messages', true, consentRows[0]!.at]));

    // Messages only to numbers of their own: the registrant's and the cousin's pass, one WhatsApp each.
    await t.messageLoop.idle();
    const messages = await t.db.select().from(notifications).where(inArray(notifications.personId, ids));
    const whatsapp = messages.filter((row) => row.channel === 'whatsapp');
    expect(whatsapp.map((row) => [row.personId, row.recipient, row.status]).sort()).toEqual(
      [
        [data.id, `+91${registrant}`, 'sent'],
        [data.family[2]!.id, `+91${cousin}`, 'sent'],
      ].sort(),
    );

    // The same submission again (a lost answer): the first answer, nothing stored twice.
    const again = await t.request('POST', '/api/visitors/register', { json: body, address: '10.50.0.1' });
    expect(again.status).toBe(201);
    expect(((await again.json()) as { data: Created }).data.family.map((m) => m.passCode)).toEqual(data.family.map((m) => m.passCode));
    expect(
      await t.db
        .select()
        .from(visitors)
        .where(eq(visitors.mobileNumber, `+91${registrant}`)),
    ).toHaveLength(3);
  });

  it(`refuses more than ${MAX_FAMILY_MEMBERS} more people, a member without a name or with a bad number: 400 with the field, nothing stored`, async () => {
    const before = await t.rowCounts();
    const base = { fullName: 'Big Family', mobileNumber: mobile(), consentVersion: CONSENT_NOTICES.pass_messages.version };
    const tooMany = await t.request('POST', '/api/visitors/register', {
      json: { ...base, family: Array.from({ length: MAX_FAMILY_MEMBERS + 1 }, (_, i) => ({ fullName: `Member ${i}` })) },
    });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).errors).toEqual({ family: `At most ${MAX_FAMILY_MEMBERS} more people can register with you` });
    const nameless = await t.request('POST', '/api/visitors/register', { json: { ...base, family: [{ fullName: ' ' }] } });
    expect(nameless.status).toBe(400);
    expect(Object.keys((await nameless.json()).errors)).toEqual(['family.0.fullName']);
    const badNumber = await t.request('POST', '/api/visitors/register', { json: { ...base, family: [{ fullName: 'A', mobileNumber: '12' }] } });
    expect(badNumber.status).toBe(400);
    expect(Object.keys((await badNumber.json()).errors)).toEqual(['family.0.mobileNumber']);
    expect((await t.request('POST', '/api/visitors/register', { json: { ...base, family: 'everyone' } })).status).toBe(400);
    const after = await t.rowCounts();
    expect(after.visitors).toBe(before.visitors);
    expect(after.notifications).toBe(before.notifications);
  });

  it(`queues at most ${MAX_FAMILY_MEMBERS + 1} paid messages for one request, each under the guard's per-number cap`, async () => {
    const res = await t.request('POST', '/api/visitors/register', {
      json: {
        fullName: 'Head',
        mobileNumber: mobile(),
        family: Array.from({ length: MAX_FAMILY_MEMBERS }, (_, i) => ({ fullName: `Member ${i}`, mobileNumber: mobile() })),
      },
      address: '10.50.0.9',
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: Created };
    const ids = [data.id, ...data.family.map((member) => member.id)];
    const paid = (await t.db.select().from(notifications).where(inArray(notifications.personId, ids))).filter(
      (row) => row.channel === 'whatsapp' && row.status !== 'not_sent',
    );
    expect(paid).toHaveLength(MAX_FAMILY_MEMBERS + 1);
  });
});
