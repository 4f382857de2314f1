import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { fail, ok } from '../../http/envelope';
import { constantTimeEqual } from '../../lib/bytes';
import { groupCommit } from '../../perf/group-commit';
import { hmacSha256 } from '../../perf/sha256';
import { stopReplyStatements } from '../../notifications/group-messages';
import { e164Mobile } from '../../notifications/recipient';

const encoder = new TextEncoder();
const BAD_SIGNATURE = 'Invalid signature';
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

interface WebhookBody {
  entry?: Array<{ changes?: Array<{ value?: { messages?: Array<{ from?: string; type?: string; text?: { body?: string }; button?: { text?: string } }> } }> }>;
}

/**
 * WhatsApp's webhook (Meta's Cloud API), for opt-outs: a person who answers a message with "STOP" gets no more
 * group messages on that number (their waiting ones are not sent). Set up in Meta's app dashboard with the
 * callback `PUBLIC_ORIGIN/api/public/whatsapp-webhook`, the verify token `WHATSAPP_VERIFY_TOKEN`, and
 * `WHATSAPP_APP_SECRET` to check each request's `X-Hub-Signature-256` (HMAC-SHA-256 of the raw body).
 */
export const whatsappWebhookRoutes = new Hono<AppEnv>()
  .get('/public/whatsapp-webhook', (c) => {
    const whatsapp = c.get('deps').messaging?.channels.whatsapp;
    const mode = c.req.query('hub.mode');
    const token = c.req.query('hub.verify_token');
    const challenge = c.req.query('hub.challenge') ?? '';
    // Not set up here: no webhook. Set up: Meta's handshake, refused (403) unless its token is ours.
    if (!whatsapp?.verifyToken) return fail(c, 404, 'Not found');
    if (mode !== 'subscribe' || token !== whatsapp.verifyToken || !/^[\w-]{1,100}$/.test(challenge)) {
      return fail(c, 403, 'Webhook verification failed');
    }
    return c.text(challenge);
  })
  .post('/public/whatsapp-webhook', async (c) => {
    const { db, writeBatch, now, messaging } = c.get('deps');
    const secret = messaging?.channels.whatsapp?.appSecret;
    if (!secret) return fail(c, 404, 'Not found');
    const raw = await c.req.text();
    const signature = /^sha256=([0-9a-f]{64})$/i.exec(c.req.header('X-Hub-Signature-256') ?? '')?.[1]?.toLowerCase();
    const expected = hex(hmacSha256(encoder.encode(secret), encoder.encode(raw)));
    if (!signature || !constantTimeEqual(encoder.encode(signature), encoder.encode(expected))) return fail(c, 401, BAD_SIGNATURE);
    let body: WebhookBody;
    try {
      body = JSON.parse(raw) as WebhookBody;
    } catch {
      return fail(c, 400, 'The body is not JSON');
    }
    const replies = (body.entry ?? []).flatMap((entry) =>
      (entry.changes ?? []).flatMap((change) =>
        (change.value?.messages ?? []).map((message) => ({
          number: message.from ? e164Mobile(`+${message.from}`) : undefined,
          text: message.text?.body ?? message.button?.text ?? '',
        })),
      ),
    );
    const stops = stopReplyStatements(db, replies, now());
    if (stops.optedOut) await groupCommit(writeBatch, stops.statements);
    // Meta retries anything but a 200: every signed delivery is acknowledged, opt-out or not.
    return ok(c, { optedOut: stops.optedOut });
  });
