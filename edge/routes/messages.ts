import { Hono } from 'hono';
import { requireAdmin, requireStaff } from '../auth/require-role';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { messagesOf, requeue } from '../notifications/outbox';

/** The resources whose records have passes, and so messages. */
const PEOPLE = ['visitors', 'stalls', 'sponsors', 'awards', 'guests', 'speakers', 'awardeesvip'] as const;
const isPeople = (resource: string) => (PEOPLE as readonly string[]).includes(resource);

const MESSAGE_NOT_FOUND = 'Message not found';
const RESENT_MESSAGE = 'Message queued again';

/**
 * A person's messages in the panel: `GET /api/<resource>/:id/messages` (staff and admins) lists them with
 * status, attempts and last error; `POST /api/<resource>/:id/messages/:messageId/resend` (admins) queues
 * one again.
 */
export const messageRoutes = new Hono<AppEnv>()
  .get('/:resource/:id/messages', requireStaff, async (c) => {
    const { resource, id } = c.req.param();
    if (!isPeople(resource)) return fail(c, 404, 'Not found');
    return ok(c, { items: await messagesOf(c.get('deps').db, resource, id) });
  })
  .post('/:resource/:id/messages/:messageId/resend', requireAdmin, async (c) => {
    const { resource, id, messageId } = c.req.param();
    if (!isPeople(resource)) return fail(c, 404, 'Not found');
    const { db, now, messaging } = c.get('deps');
    if (!(await requeue(db, messaging?.channels ?? {}, resource, id, messageId, now()))) return fail(c, 404, MESSAGE_NOT_FOUND);
    messaging?.dispatch(c);
    return ok(c, { items: await messagesOf(db, resource, id) }, RESENT_MESSAGE);
  });
