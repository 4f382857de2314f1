import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { passLinks } from '../../db/tables/notifications';
import type { AppEnv } from '../../env';
import { fail, ok } from '../../http/envelope';
import { countSubmission, RATE_LIMIT_WINDOW_MS } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { groupCommit } from '../../perf/group-commit';
import { cachedEvent, eventById, type PublicEvent } from '../../lib/events';
import { buildIcs, ICS_CONTENT_TYPE } from '../../lib/ics';
import { eventPlace } from '../../lib/event-time';
import { eventCalendarUid } from '../../notifications/messages';
import { publicOrigin } from '../../notifications/outbox';
import { passLinkMessages } from '../../notifications/pass-link-messages';
import { type FoundHolder, holderById, holdersByContact, passHeld, passView } from '../../notifications/pass-holders';
import { isRevoked, readPassLinkToken } from '../../notifications/pass-link';
import { networkOf } from '../../notifications/message-guard';
import { e164Mobile } from '../../notifications/recipient';
import { refuseWithoutHumanCheck } from './human-check';
import { calendarQuerySchema, findPassSchema, passTokenParamSchema, STORED_PASS_TOKEN_PATTERN } from '../../schemas/passes';

const PASS_NOT_FOUND_MESSAGE = 'Pass not found';
const FIND_PASS_SENT_MESSAGE = 'If this number or e-mail is registered with us, the link to your pass is on its way to it.';
const FIND_PASS_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';
const FIND_PASS_DAILY_LIMIT_MESSAGE = 'This number or e-mail has asked for its pass several times today. Please try again tomorrow.';
export const PASS_CANCELLED_MESSAGE = 'This registration has been cancelled: the pass no longer admits anyone.';
export const PASS_HELD_MESSAGE = 'This pass is not valid: the organisers have put this registration on hold. Please contact them.';

export const PASS_REVOKED_MESSAGE = 'This pass link has been replaced by a newer one: please open the latest message we sent you.';
export const PASS_EXPIRED_MESSAGE = 'This event is over: its pass links have expired.';

/** "Find my pass" requests allowed per minute: per number or e-mail asked for, and per client address. */
const FIND_PASS_PER_CONTACT = 3;
const FIND_PASS_PER_ADDRESS = 10;
/** And per number or e-mail per day: each request may cost the organiser a paid message to that number. */
const FIND_PASS_PER_CONTACT_PER_DAY = 5;
const DAY_MS = 24 * 3_600_000;
/** How long after its event ends a pass link still opens (a late look at the pass, a receipt). */
export const PASS_LINK_GRACE_MS = 2 * DAY_MS;
/** Passes one request sends links for (one person registered as visitor and for the awards, say). */
const MAX_PASSES_PER_REQUEST = 5;

/** The stored spellings a number may have: E.164, and the bare 10 digits of an Indian number. */
function mobileSpellings(input: string): string[] {
  const e164 = e164Mobile(input);
  if (!e164) return [];
  const spellings = new Set([e164, e164.slice(1)]);
  if (e164.startsWith('+91') && e164.length === 13) spellings.add(e164.slice(3));
  return [...spellings];
}

/**
 * Whose pass a link token opens: a signed token names its pass itself; a token issued before links were
 * signed is looked up. Refused (404) when it names nobody, and (410) when an organiser has since replaced
 * the link. Whether the pass still admits (held, cancelled, event over) is the caller's to judge: the
 * pass page refuses then, while its consent choices stay open (a withdrawal is never refused).
 */
export async function openPassLink(
  c: Context<AppEnv>,
  token: string,
): Promise<{ holder: FoundHolder; event: PublicEvent; issuedAt: Date } | { refusal: { status: 404 | 410; message: string } }> {
  const { db, secrets } = c.get('deps');
  const signed = readPassLinkToken(secrets.jwtSecret, token);
  const link =
    signed ?? (STORED_PASS_TOKEN_PATTERN.test(token) ? (await db.select().from(passLinks).where(eq(passLinks.token, token)).limit(1))[0] : undefined);
  const holder = link ? await holderById(db, link.personKind, link.personId) : undefined;
  const event = holder?.eventId ? await eventById(db, holder.eventId) : undefined;
  if (!link || !holder || !event) return { refusal: { status: 404, message: PASS_NOT_FOUND_MESSAGE } };
  const issuedAt = 'issuedAt' in link ? link.issuedAt : new Date(link.createdAt);
  if (await isRevoked(db, link.personKind, link.personId, issuedAt)) return { refusal: { status: 410, message: PASS_REVOKED_MESSAGE } };
  return { holder, event, issuedAt };
}

/**
 * The pass by link and what goes with it (no login):
 * - `GET /api/public/passes/:token`: the pass a link opens (`/p/<token>`), with its event's date, time and venue;
 * - `POST /api/public/passes/find`: "Find my pass" — sends the person's pass links again through the
 *   configured channels; the answer is the same whether or not anyone has that number or e-mail;
 * - `GET /api/public/calendar.ics?eventId=`: the event as an iCalendar file (the featured event by default).
 */
export const passRoutes = new Hono<AppEnv>()
  .get('/public/passes/:token', validate('param', passTokenParamSchema), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const opened = await openPassLink(c, c.req.valid('param').token);
    if ('refusal' in opened) return fail(c, opened.refusal.status, opened.refusal.message);
    const { holder, event, issuedAt } = opened;
    // The link shows the pass's true state: a cancelled registration, a link an admin replaced, an event over.
    if (passHeld(holder)) return fail(c, 410, holder.status === 'cancelled' ? PASS_CANCELLED_MESSAGE : PASS_HELD_MESSAGE);
    // A link opens until its event is over (and a little after); one issued later (a re-issue) for as long.
    const expiresAt = Math.max(new Date(event.endDateTime).getTime(), issuedAt.getTime()) + PASS_LINK_GRACE_MS;
    if (c.get('deps').now().getTime() > expiresAt) return fail(c, 410, PASS_EXPIRED_MESSAGE);
    return ok(c, { recordId: holder.id, ...passView(holder, event) });
  })
  .post('/public/passes/find', validate('json', findPassSchema), async (c) => {
    const { db, writeBatch, now, clientAddress, messaging } = c.get('deps');
    const { contact } = c.req.valid('json');
    const isEmail = contact.includes('@');
    const canonical = isEmail ? contact.toLowerCase() : (e164Mobile(contact) ?? contact);
    const at = now();
    // Counted before any look-up, known and unknown alike: the limit says nothing about who is registered.
    const [byAddress, byContact, byContactToday] = await Promise.all([
      countSubmission({ db, writeBatch }, `find-pass:address:${clientAddress(c)}`, at),
      countSubmission({ db, writeBatch }, `find-pass:contact:${canonical}`, at),
      countSubmission({ db, writeBatch }, `find-pass:contact-day:${canonical}`, at, DAY_MS),
    ]);
    if (byAddress > FIND_PASS_PER_ADDRESS || byContact > FIND_PASS_PER_CONTACT) {
      c.header('Retry-After', String(Math.ceil(RATE_LIMIT_WINDOW_MS / 1000)));
      return fail(c, 429, FIND_PASS_LIMIT_MESSAGE);
    }
    if (byContactToday > FIND_PASS_PER_CONTACT_PER_DAY) {
      c.header('Retry-After', String(Math.ceil((DAY_MS - (at.getTime() % DAY_MS)) / 1000)));
      return fail(c, 429, FIND_PASS_DAILY_LIMIT_MESSAGE);
    }
    const refused = await refuseWithoutHumanCheck(c);
    if (refused) return refused;
    const holders = await holdersByContact(db, isEmail ? { email: contact } : { mobiles: mobileSpellings(contact) }, MAX_PASSES_PER_REQUEST);
    const open = holders.filter((holder): holder is typeof holder & { eventId: string } => Boolean(holder.eventId) && !passHeld(holder));
    const { statements, queued } = await passLinkMessages(c, open, { now: at, network: networkOf(clientAddress(c)) });
    if (statements.length) await groupCommit(writeBatch, statements);
    if (queued) messaging?.dispatch(c);
    return ok(c, null, FIND_PASS_SENT_MESSAGE);
  })
  .get('/public/calendar.ics', validate('query', calendarQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    const { eventId } = c.req.valid('query');
    const event = await cachedEvent(db, eventId || undefined);
    if (!event) return fail(c, 404, 'Unknown event');
    // The calendar goes to whoever asks for it, not in a message: the address it was asked at will do.
    const origin = publicOrigin(c) ?? new URL(c.req.url).origin;
    const ics = buildIcs(
      {
        uid: eventCalendarUid(event.id, origin),
        start: event.startDateTime,
        end: event.endDateTime,
        summary: event.eventName,
        location: eventPlace(event.venue, event.city),
        url: `${origin}/`,
      },
      now(),
    );
    return c.body(ics, 200, {
      'Content-Type': ICS_CONTENT_TYPE,
      'Content-Disposition': 'attachment; filename="event.ics"',
      'Cache-Control': 'public, max-age=300',
    });
  });
