import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../env';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { groupCommit } from '../../perf/group-commit';
import { confirmationRecipient, confirmEmailStatements } from '../../notifications/email-confirmations';
import { holderById, passHeld } from '../../notifications/pass-holders';
import { readEmailConfirmationToken, readUnsubscribeToken } from '../../notifications/pass-link';
import { optOutStatements } from '../../notifications/group-messages';
import { CONFIRMATION_NOT_FOUND_MESSAGE, confirmationTokenParamSchema } from '../../schemas/passes';

export const UNSUBSCRIBED_MESSAGE = 'You will receive no more of these messages. Your pass is not affected.';
export const EMAIL_CONFIRMED_MESSAGE = 'Your e-mail address is confirmed. Your pass is on its way to it.';
export const CONFIRMATION_CANCELLED_MESSAGE = 'This registration has been cancelled or put on hold by the organisers: nothing will be sent.';
/** How long a confirmation link works: a week (a pass link works until its event is over). */
const CONFIRMATION_DAYS = 7;
export const CONFIRMATION_EXPIRED_MESSAGE = 'This confirmation link has expired. Use "Find my pass" to have a new one sent.';

/** The person a link of `read`'s purpose names, when its token is genuine and they still exist. */
async function linkHolder(c: Context<AppEnv>, read: typeof readUnsubscribeToken, token: string) {
  const { db, secrets } = c.get('deps');
  const signed = read(secrets.jwtSecret, token);
  return signed ? await holderById(db, signed.personKind, signed.personId) : undefined;
}

/**
 * `GET /api/public/unsubscribe/:token` and `GET /api/public/email-confirmations/:token` (no login): the
 * language of the link's holder, in which its page speaks before the button is pressed (decision 092), as a
 * pass link's page does. Reads only: a mail scanner opening the link changes nothing.
 *
 * `POST /api/public/email-confirmations/:token` (no login): the link of a confirmation message
 * (`/confirm-email/<token>`, whose page posts here when the person presses "Confirm", so a mail scanner
 * opening the link confirms nothing). Confirms the address the message went to and sends the pass e-mails
 * that waited for it (decision 056).
 */
export const emailConfirmationRoutes = new Hono<AppEnv>()
  .get('/public/unsubscribe/:token', validate('param', confirmationTokenParamSchema), async (c) => {
    const holder = await linkHolder(c, readUnsubscribeToken, c.req.valid('param').token);
    return holder ? ok(c, { language: holder.language }) : fail(c, 404, CONFIRMATION_NOT_FOUND_MESSAGE);
  })
  .get('/public/email-confirmations/:token', validate('param', confirmationTokenParamSchema), async (c) => {
    const holder = await linkHolder(c, readEmailConfirmationToken, c.req.valid('param').token);
    return holder ? ok(c, { language: holder.language }) : fail(c, 404, CONFIRMATION_NOT_FOUND_MESSAGE);
  })
  /**
   * `POST /api/public/unsubscribe/:token` (no login): the unsubscribe link of a group message
   * (`/unsubscribe/<token>`, whose page posts here on a button press): no more group messages to the
   * person's e-mail or number; their group messages still waiting are not sent.
   */
  .post('/public/unsubscribe/:token', validate('param', confirmationTokenParamSchema), async (c) => {
    const { db, writeBatch, now } = c.get('deps');
    const holder = await linkHolder(c, readUnsubscribeToken, c.req.valid('param').token);
    if (!holder) return fail(c, 404, CONFIRMATION_NOT_FOUND_MESSAGE);
    await groupCommit(writeBatch, optOutStatements(db, holder, now()));
    return ok(c, null, UNSUBSCRIBED_MESSAGE);
  })
  .post('/public/email-confirmations/:token', validate('param', confirmationTokenParamSchema), async (c) => {
    const { db, writeBatch, secrets, now, messaging } = c.get('deps');
    const signed = readEmailConfirmationToken(secrets.jwtSecret, c.req.valid('param').token);
    const holder = signed ? await holderById(db, signed.personKind, signed.personId) : undefined;
    const email = signed && holder ? await confirmationRecipient(db, signed.personKind, signed.personId, signed.issuedAt) : undefined;
    if (!signed || !holder || !email) return fail(c, 404, CONFIRMATION_NOT_FOUND_MESSAGE);
    if (passHeld(holder)) return fail(c, 410, CONFIRMATION_CANCELLED_MESSAGE);
    if (now().getTime() - signed.issuedAt.getTime() > CONFIRMATION_DAYS * 24 * 3_600_000) return fail(c, 410, CONFIRMATION_EXPIRED_MESSAGE);
    await groupCommit(writeBatch, confirmEmailStatements(db, signed.personKind, signed.personId, email, now()));
    messaging?.dispatch(c);
    return ok(c, null, EMAIL_CONFIRMED_MESSAGE);
  });
