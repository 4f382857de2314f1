import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { fail, ok } from '../../http/envelope';
import { constantTimeEqual } from '../../lib/bytes';
import { groupCommit } from '../../perf/group-commit';
import { stopReplyStatements } from '../../notifications/group-messages';
import { e164Mobile } from '../../notifications/recipient';

const encoder = new TextEncoder();
/** The most of each forwarded field read (an SMS is far shorter). */
const FIELD_LENGTH = 1_000;

/** The sender as MSG91 forwards it (`919876543210`, or ten digits): E.164, or null when it is not a number. */
function senderNumber(value: string): string | null {
  const digits = value.replace(/[\s+-]/g, '');
  if (!/^\d{10,15}$/.test(digits)) return null;
  return digits.length === 10 ? e164Mobile(digits) : e164Mobile(`+${digits}`);
}

/** The text without the keyword it starts with (a virtual number's messages begin with the organiser's keyword). */
function withoutKeyword(message: string, keyword: string): string {
  const text = message.trim();
  const word = keyword.trim();
  return word && text.toLowerCase().startsWith(word.toLowerCase()) ? text.slice(word.length) : text;
}

/**
 * MSG91's inbound SMS (a virtual number and keyword whose replies MSG91 forwards to a callback URL), for
 * opt-outs: a person who texts the keyword and "STOP" gets no more group messages on that number, as with
 * WhatsApp's webhook. MSG91 signs nothing, so the callback's path carries `MSG91_INBOUND_TOKEN` (decision
 * 073): `PUBLIC_ORIGIN/api/public/sms-inbound/<token>`. MSG91 calls it by GET (a query string) or POST
 * (form-encoded or JSON) with `sender`, `message` and `keyword`; an unknown path answers 404 as if absent.
 */
export const smsInboundRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/public/sms-inbound/:token', async (c) => {
  const { db, writeBatch, now, messaging } = c.get('deps');
  const expected = messaging?.channels.sms?.inboundToken;
  const given = c.req.param('token');
  if (!expected || !constantTimeEqual(encoder.encode(given), encoder.encode(expected))) return fail(c, 404, 'Not found');
  let fields: Record<string, unknown> = c.req.query();
  if (c.req.method === 'POST') {
    const type = c.req.header('Content-Type') ?? '';
    try {
      if (type.startsWith('application/json')) fields = (await c.req.json()) as Record<string, unknown>;
      else fields = await c.req.parseBody();
    } catch {
      return fail(c, 400, 'The body could not be read');
    }
  }
  const field = (name: string) => (typeof fields?.[name] === 'string' ? (fields[name] as string).slice(0, FIELD_LENGTH) : '');
  if (!field('sender') || !field('message')) return fail(c, 400, 'An inbound SMS needs sender and message', { sender: 'required', message: 'required' });
  const stops = stopReplyStatements(db, [{ number: senderNumber(field('sender')), text: withoutKeyword(field('message'), field('keyword')) }], now());
  if (stops.optedOut) await groupCommit(writeBatch, stops.statements);
  // Any other reply is acknowledged too: MSG91 need not send it again.
  return ok(c, { optedOut: stops.optedOut });
});
