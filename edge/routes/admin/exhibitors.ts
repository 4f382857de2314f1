import { staffColumns } from '../../lib/exhibitors';
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAdmin } from '../../auth/require-role';
import { insertStatement, type SqlStatement, toStatement } from '../../db/sql-statement';
import { exhibitors, exhibitorStaff } from '../../db/tables/exhibitors';
import type { AppEnv } from '../../env';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { cachedMessageGuard } from '../../lib/site-settings';
import { confirmedEmails } from '../../notifications/email-confirmations';
import { EXHIBITOR_PERSON_KIND } from '../../notifications/exhibitor-messages';
import { passMessageStatements, publicOrigin } from '../../notifications/outbox';
import { holderById } from '../../notifications/pass-holders';
import { groupCommit } from '../../perf/group-commit';
import { exhibitorInviteSchema, exhibitorOfBookingSchema } from '../../schemas/exhibitors';

const BOOKING_NOT_FOUND = { stalls: 'No such stall booking', sponsors: 'No such sponsor' } as const;
const notConfirmed = (kind: 'stalls' | 'sponsors', status: string) =>
  `Only a confirmed ${kind === 'stalls' ? 'stall booking' : 'sponsor'} can be invited to the exhibitor portal (this one is ${status.replaceAll('_', ' ')}). Confirm it first.`;
const NO_EVENT = 'This booking has no event: set its event first.';
const NO_MOBILE = 'This booking has no mobile number to invite: add the contact’s mobile first.';

/**
 * The organiser's side of the exhibitor portal, `/api/exhibitors` (admin only; issue 32, decision 081).
 */
export const exhibitorAdminRoutes = new Hono<AppEnv>()
  /**
   * `POST /api/exhibitors` `{ stallId | sponsorId }`: invites a confirmed booking's contact to the portal.
   * The first invitation makes the exhibitor and its owner (the booking's contact); asking again sends the
   * invitation again. The invitation goes through the message outbox, in the same commit: WhatsApp (SMS
   * only if WhatsApp fails), and e-mail only to an address that is confirmed or the organiser entered
   * (decision 056); its link is built from PUBLIC_ORIGIN only.
   */
  .post('/', requireAdmin, validate('json', exhibitorInviteSchema), async (c) => {
    const body = c.req.valid('json');
    const { db, writeBatch, now, messaging } = c.get('deps');
    const kind = body.stallId ? ('stalls' as const) : ('sponsors' as const);
    const bookingId = (body.stallId ?? body.sponsorId)!;
    const booking = await holderById(db, kind, bookingId);
    if (!booking) return fail(c, 404, BOOKING_NOT_FOUND[kind]);
    if (booking.status !== 'confirmed') return fail(c, 409, notConfirmed(kind, booking.status));
    if (!booking.eventId) return fail(c, 409, NO_EVENT);
    if (!booking.mobileNumber) return fail(c, 409, NO_MOBILE);

    const at = now();
    const iso = at.toISOString();
    const isConfirmed = await confirmedEmails(db, [{ kind, id: bookingId }]);
    const email = booking.email && (booking.enteredByOrganiser || isConfirmed(kind, bookingId, booking.email)) ? booking.email : '';

    const [existing] = await db
      .select({ id: exhibitors.id, ownerId: exhibitorStaff.id, createdAt: exhibitors.createdAt })
      .from(exhibitors)
      .innerJoin(exhibitorStaff, and(eq(exhibitorStaff.exhibitorId, exhibitors.id), eq(exhibitorStaff.role, 'owner')))
      .where(kind === 'stalls' ? eq(exhibitors.stallId, bookingId) : eq(exhibitors.sponsorId, bookingId))
      .limit(1);
    const exhibitorId = existing?.id ?? crypto.randomUUID();
    const ownerId = existing?.ownerId ?? crypto.randomUUID();
    const statements: SqlStatement[] = [];
    if (existing) {
      // The booking's contact may have changed since: the owner follows it.
      statements.push(
        toStatement(
          db
            .update(exhibitorStaff)
            .set({ name: booking.name, mobileNumber: booking.mobileNumber, email, disabled: false, updatedAt: iso })
            .where(eq(exhibitorStaff.id, ownerId)),
        ),
      );
    } else {
      statements.push(
        insertStatement(db, exhibitors, {
          id: exhibitorId,
          eventId: booking.eventId,
          stallId: body.stallId ?? null,
          sponsorId: body.sponsorId ?? null,
          invitedBy: c.get('user').id,
          createdAt: iso,
          updatedAt: iso,
        }),
        insertStatement(db, exhibitorStaff, {
          id: ownerId,
          exhibitorId,
          role: 'owner',
          name: booking.name,
          mobileNumber: booking.mobileNumber,
          email,
          createdAt: iso,
          updatedAt: iso,
        }),
      );
    }
    const messages = passMessageStatements(db, {
      holder: { kind: EXHIBITOR_PERSON_KIND, id: ownerId, name: booking.name, typeLabel: 'Exhibitor', mobileNumber: booking.mobileNumber, email, passCode: '' },
      eventId: booking.eventId,
      template: 'exhibitor_invite',
      channels: messaging?.channels ?? {},
      origin: publicOrigin(c),
      guard: await cachedMessageGuard(db),
      emailConfirmed: true,
      now: at,
    });
    statements.push(...messages.statements);
    await groupCommit(writeBatch, statements);
    if (messages.queued) messaging?.dispatch(c);
    const data = {
      id: exhibitorId,
      stallId: body.stallId ?? null,
      sponsorId: body.sponsorId ?? null,
      eventId: booking.eventId,
      owner: { id: ownerId, name: booking.name, mobileNumber: booking.mobileNumber, email },
      messagesQueued: messages.queued,
    };
    const sent = messages.queued ? `Invitation sent to ${booking.name}.` : 'Invitation recorded, but no message could be queued (see the booking’s messages).';
    return existing ? ok(c, data, sent.replace('Invitation', 'Invitation again')) : ok(c, data, sent, 201);
  })
  /**
   * `GET /api/exhibitors?stallId=|sponsorId=`: the exhibitor of one booking (null before its invitation),
   * with its people: what the booking's panel action shows.
   */
  .get('/', requireAdmin, validate('query', exhibitorOfBookingSchema), async (c) => {
    const { stallId, sponsorId } = c.req.valid('query');
    if (!stallId === !sponsorId) return fail(c, 400, 'Give either stallId or sponsorId');
    const { db } = c.get('deps');
    const [exhibitor] = await db
      .select()
      .from(exhibitors)
      .where(stallId ? eq(exhibitors.stallId, stallId) : eq(exhibitors.sponsorId, sponsorId!))
      .limit(1);
    if (!exhibitor) return ok(c, null);
    const people = await db
      .select(staffColumns)
      .from(exhibitorStaff)
      .where(eq(exhibitorStaff.exhibitorId, exhibitor.id))
      .orderBy(asc(exhibitorStaff.createdAt))
      .limit(200);
    return ok(c, { ...exhibitor, people });
  });
