import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneProviderEnv, RESEND_TEST, startPhoneProviders } from '../../edge/testing/message-providers';
import { startWorkerRuntime, type WorkerRuntime } from '../../scripts/worker-runtime';

/**
 * Messages on Workers: sent after the answer with `waitUntil` (e-mail through Resend's API, WhatsApp, MSG91),
 * and a failed one retried by the cron handler. A Worker of its own, with every channel pointed at a
 * local server of the providers' protocols.
 */
let providers: Awaited<ReturnType<typeof startPhoneProviders>>;
let runtime: WorkerRuntime;
let db: ReturnType<typeof createClient>;

beforeAll(async () => {
  providers = await startPhoneProviders();
  runtime = await startWorkerRuntime({
    vars: { ...phoneProviderEnv(providers.url), RESEND_API_KEY: RESEND_TEST.apiKey, RESEND_API_URL: providers.url, MAIL_FROM: 'EventPro <passes@expo.test>' },
  });
  db = createClient({ url: runtime.databaseUrl });
});
afterAll(async () => {
  db?.close();
  await runtime?.stop();
  await providers?.close();
});

async function until<T>(read: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statuses = async (personId: string) =>
  (
    await db.execute({ sql: 'SELECT channel, status, attempts, last_error FROM notifications WHERE person_id = ? ORDER BY channel, status', args: [personId] })
  ).rows.map((r) => [r.channel, r.status, Number(r.attempts)] as const);

async function register(number: string, email: string) {
  const res = await fetch(`${runtime.url}/api/visitors/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: 'Worker Person', mobileNumber: number, email }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; passCode: string } }).data;
}

describe('messages on the Worker', () => {
  // A public registration's address is not confirmed yet (decision 056): its e-mail is the confirmation
  // question, and the pass e-mail waits for the answer.
  it('sends e-mail (Resend) and WhatsApp after the answer, the SMS on standby (one paid message per pass)', async () => {
    const person = await register('9123400001', 'worker.person@example.in');
    const mail = await until(
      () => providers.requests.find((r) => r.path === '/emails' && (r.body as { to: string[] }).to[0] === 'worker.person@example.in'),
      'the e-mail',
    );
    const body = mail.body as { subject: string; text: string };
    expect(body.subject).toBe('Confirm your e-mail address for Hyderabad Property Expo & Builders Awards 2025');
    expect(body.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/confirm-email\/[A-Za-z0-9_.-]+/);
    expect(body.text).not.toContain(person.passCode);
    const sent = async () => (await statuses(person.id)).filter(([, status]) => status === 'sent').length;
    await until(async () => ((await sent()) === 2 ? true : undefined), 'e-mail and WhatsApp sent');
    expect(await statuses(person.id)).toEqual([
      ['email', 'not_sent', 0],
      ['email', 'sent', 1],
      ['sms', 'not_sent', 0],
      ['whatsapp', 'sent', 1],
    ]);
  });

  it('retries a provider 5xx from the cron handler', async () => {
    providers.control.failNext = 2; // the e-mail and the WhatsApp message (the SMS waits on standby)
    const person = await register('9123400002', 'second.person@example.in');
    // Failed, and the failure recorded (a claim alone also reads queued with one attempt; moving the time
    // before the result is written would be undone by it).
    const failed = async () =>
      (
        await db.execute({
          sql: "SELECT count(*) AS n FROM notifications WHERE person_id = ? AND status = 'queued' AND attempts = 1 AND last_error <> ''",
          args: [person.id],
        })
      ).rows[0]!.n;
    await until(async () => (Number(await failed()) === 2 ? true : undefined), 'two failed attempts');
    // The back-off is 30 s: make the messages due now, then let the cron run.
    await db.execute({ sql: "UPDATE notifications SET next_attempt_at = '2000-01-01T00:00:00.000Z' WHERE person_id = ?", args: [person.id] });
    const cron = await fetch(`${runtime.url}/__scheduled?cron=*+*+*+*+*`);
    expect(cron.status).toBe(200);
    await until(async () => ((await statuses(person.id)).filter(([, s]) => s === 'sent').length === 2 ? true : undefined), 'sent after the retry');
    expect(await statuses(person.id)).toEqual([
      ['email', 'not_sent', 0],
      ['email', 'sent', 2],
      ['sms', 'not_sent', 0],
      ['whatsapp', 'sent', 2],
    ]);
  });
});
