import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/tables/notifications';
import { confirmationPath, startSmtpServer } from '../testing/message-providers';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { EMAIL_UNCONFIRMED } from './outbox';
import { emailChangeStatements } from './email-confirmations';
import { visitors } from '../db/tables/people';
import { smtpChannel } from './smtp-mailer';

/**
 * An organiser who types an e-mail onto a publicly registered record does not confirm it for its owner
 * (decision 074): the pass e-mail waits for the owner's confirmation, as after a public registration.
 */
describe("an organiser's change of a public record's e-mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let admin: string;
  let seq = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await makeTestApp({ channels: { email: smtpChannel({ SMTP_URL: smtp.url, MAIL_FROM: 'EventPro <passes@expo.test>' }) } });
    admin = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const emailRows = (personId: string) =>
    t.db
      .select({ template: notifications.template, status: notifications.status, lastError: notifications.lastError, recipient: notifications.recipient })
      .from(notifications)
      .where(and(eq(notifications.personId, personId), eq(notifications.channel, 'email')));
  const drawer = async (resource: string, id: string) => (await (await t.request('GET', `/api/${resource}/${id}/messages`, { token: admin })).json()).data;
  const edit = (resource: string, id: string, fields: Record<string, unknown>) => t.request('PUT', `/api/${resource}/${id}`, { token: admin, json: fields });
  const register = async () => {
    const res = await t.request('POST', '/api/visitors/register', {
      json: { fullName: 'Ravi Kumar', mobileNumber: String(9_200_000_000 + ++seq), city: 'Hyderabad' },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string; passCode: string } }).data;
  };

  it('queues the confirmation and keeps the pass e-mail waiting; the panel says "not confirmed yet" until the owner confirms', async () => {
    const visitor = await register();
    expect(await emailRows(visitor.id)).toEqual([]);
    expect((await drawer('visitors', visitor.id)).email).toBeNull();

    const before = smtp.received.length;
    expect((await edit('visitors', visitor.id, { email: 'ravi@example.in' })).status).toBe(200);
    const rows = await emailRows(visitor.id);
    expect(rows.map((r) => `${r.template}:${r.status}`).sort()).toEqual(['confirm_email:queued', 'pass:not_sent']);
    expect(rows.find((r) => r.template === 'pass')).toMatchObject({ lastError: EMAIL_UNCONFIRMED, recipient: 'ravi@example.in' });
    expect((await drawer('visitors', visitor.id)).email).toEqual({ address: 'ravi@example.in', confirmed: false });

    await t.messageLoop.idle();
    expect(smtp.received.length).toBe(before + 1);
    const question = smtp.received.at(-1)!;
    expect(question.subject).toMatch(/^Confirm your e-mail address/);
    expect(question.text).not.toContain(visitor.passCode);

    expect((await t.request('POST', confirmationPath(question.text ?? ''))).status).toBe(200);
    await t.messageLoop.idle();
    expect(smtp.received.length).toBe(before + 2);
    expect(smtp.received.at(-1)!.text).toContain(`Pass code: ${visitor.passCode}`);
    expect((await drawer('visitors', visitor.id)).email).toEqual({ address: 'ravi@example.in', confirmed: true });

    // Changed to another address: that one waits for its own confirmation.
    expect((await edit('visitors', visitor.id, { email: 'ravi.kumar@example.in' })).status).toBe(200);
    expect((await drawer('visitors', visitor.id)).email).toEqual({ address: 'ravi.kumar@example.in', confirmed: false });
    expect((await emailRows(visitor.id)).filter((r) => r.recipient === 'ravi.kumar@example.in').map((r) => `${r.template}:${r.status}`)).toEqual(
      expect.arrayContaining(['pass:not_sent', 'confirm_email:queued']),
    );
  });

  it('queues nothing for a record an organiser entered (its address is theirs), an edit that leaves the e-mail, or one refused as stale', async () => {
    const created = await t.request('POST', '/api/visitors', {
      token: admin,
      json: { fullName: 'Organiser Entry', mobileNumber: '9300000001', email: 'entered@example.in', city: 'Hyderabad' },
    });
    expect(created.status).toBe(201);
    const entered = ((await created.json()) as { data: { id: string; updatedAt: string } }).data;
    expect((await edit('visitors', entered.id, { email: 'changed@example.in' })).status).toBe(200);
    expect(await emailRows(entered.id)).toEqual([]);
    expect((await drawer('visitors', entered.id)).email).toEqual({ address: 'changed@example.in', confirmed: true });

    const visitor = await register();
    expect((await edit('visitors', visitor.id, { city: 'Warangal' })).status).toBe(200);
    expect(await emailRows(visitor.id)).toEqual([]);
    // An edit of an older version is refused (409) and queues nothing.
    const stale = await t.request('PUT', `/api/visitors/${visitor.id}`, {
      token: admin,
      json: { email: 'late@example.in' },
      headers: { 'If-Match': '2020-01-01T00:00:00.000Z' },
    });
    expect(stale.status).toBe(409);
    // And when another save wins between the read and the write, the messages are not written either: each
    // row is written only where the record carries this edit's time.
    const lost = await emailChangeStatements(
      t.db,
      {
        table: visitors,
        personKind: 'visitors',
        personId: visitor.id,
        email: 'late@example.in',
        eventId: (await t.db.select({ eventId: visitors.eventId }).from(visitors).where(eq(visitors.id, visitor.id)))[0]!.eventId,
        registrationType: 'visitor_registration',
        at: '2020-01-01T00:00:00.000Z',
      },
      t.deps.messaging,
    );
    expect(lost).toHaveLength(2);
    for (const statement of lost) await t.client.execute(statement);
    expect(await emailRows(visitor.id)).toEqual([]);
  });
});
