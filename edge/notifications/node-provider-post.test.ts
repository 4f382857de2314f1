import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, phoneChannels, resendChannel, sendThrough } from './channels';
import { nodeProviderPost } from './node-provider-post';
import { phoneProviderEnv, RESEND_TEST, startPhoneProviders, WHATSAPP_TEST } from '../testing/message-providers';

let phones: Awaited<ReturnType<typeof startPhoneProviders>>;
beforeAll(async () => {
  phones = await startPhoneProviders();
});
afterAll(async () => {
  await phones.close();
});

const whatsapp = () => phoneChannels(phoneProviderEnv(phones.url), nodeProviderPost);
const passOnWhatsapp = {
  id: 'm1',
  recipient: '+919876543210',
  rendered: { channel: 'whatsapp' as const, template: 'event_pass', parameters: ['Asha Rao', 'Expo'] },
};

describe('provider calls through node:http (the Node server)', () => {
  it('sends the documented request and answers the provider id, over kept-alive connections', async () => {
    const before = phones.requests.length;
    const ids = await Promise.all(Array.from({ length: 5 }, () => sendThrough(whatsapp(), passOnWhatsapp)));
    expect(ids.every((id) => id.startsWith('wamid.TEST'))).toBe(true);
    const sent = phones.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual(Array(5).fill(`/${WHATSAPP_TEST.version}/${WHATSAPP_TEST.phoneNumberId}/messages`));
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${WHATSAPP_TEST.token}`);
    expect(sent[0]!.headers.connection).toBe('keep-alive');
    expect(sent[0]!.body).toMatchObject({ messaging_product: 'whatsapp', to: '919876543210', template: { name: 'event_pass' } });

    const email = resendChannel({ RESEND_API_KEY: RESEND_TEST.apiKey, RESEND_API_URL: phones.url, MAIL_FROM: 'Expo <passes@expo.test>' }, nodeProviderPost);
    const mail = {
      subject: 'Your pass',
      text: 'Hello',
      html: '<p>Hello</p>',
      attachments: [{ filename: 'pass.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
    };
    expect(await sendThrough({ email }, { id: 'm2', recipient: 'asha@example.in', rendered: { channel: 'email', mail } })).toMatch(/^49a3999c-/);
    expect(phones.requests.at(-1)!.headers['idempotency-key']).toBe('pass-message/m2');
  });

  it('tells a retryable failure (5xx) from a permanent one (4xx) by the status', async () => {
    phones.control.failNext = 1;
    const retryable = await sendThrough(whatsapp(), passOnWhatsapp).catch((error: unknown) => error);
    expect(retryable).toBeInstanceOf(ProviderError);
    expect(retryable).toMatchObject({ permanent: false, code: 'HTTP 503' });

    const refused = await sendThrough(whatsapp(), { ...passOnWhatsapp, rendered: { ...passOnWhatsapp.rendered, parameters: ['Asha      Rao'] } }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ permanent: true, code: 'HTTP 400' });
    expect((refused as Error).message).toContain('132018');
  });

  it('gives a call up at its deadline, and names an unreachable provider a network failure', async () => {
    phones.control.delayMs = 1_000;
    const started = Date.now();
    const late = await nodeProviderPost(`${phones.url}/emails`, { headers: {}, body: '{}' }, 100).catch((error: unknown) => error);
    phones.control.delayMs = 0;
    expect((late as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(900);

    // A port nothing listens on.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const closed = phoneChannels(phoneProviderEnv(`http://127.0.0.1:${port}`), nodeProviderPost);
    const unreachable = await sendThrough(closed, passOnWhatsapp).catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ permanent: false, code: 'network' });
  });
});
