import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { emailConfirmations, notifications } from '../db/tables/notifications';
import { type SqlStatement, toStatement } from '../db/sql-statement';
import { named } from './message-guard';
import { EMAIL_UNCONFIRMED } from './outbox';

/**
 * E-mail goes only to confirmed addresses (decision 056): an address typed into a public form first gets a
 * confirmation message (template `confirm_email`, its link signed for that message), and the person's pass
 * e-mails wait (`not_sent`, EMAIL_UNCONFIRMED) until the link is opened. Later messages to a confirmed
 * address ("Find my pass", a re-issue) go at once.
 */

const key = (kind: string, id: string, email: string) => `${kind}:${id}:${email.trim().toLowerCase()}`;

/** Which of these people's addresses are confirmed: a set of `kind:id:email` (lower-case). */
export async function confirmedEmails(
  db: Database,
  people: Array<{ kind: string; id: string }>,
): Promise<(kind: string, id: string, email: string) => boolean> {
  const rows: Array<{ personKind: string; personId: string; email: string }> = [];
  const ids = [...new Set(people.map((p) => p.id))];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db
        .select({ personKind: emailConfirmations.personKind, personId: emailConfirmations.personId, email: emailConfirmations.email })
        .from(emailConfirmations)
        .where(inArray(emailConfirmations.personId, ids.slice(i, i + 500)))),
    );
  }
  const confirmed = new Set(rows.map((r) => key(r.personKind, r.personId, r.email)));
  return (kind, id, email) => confirmed.has(key(kind, id, email));
}

/** The address a confirmation message queued at `issuedAt` for this person went to, if there is one. */
export async function confirmationRecipient(db: Database, personKind: string, personId: string, issuedAt: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ recipient: notifications.recipient })
    .from(notifications)
    .where(
      and(
        eq(notifications.personKind, personKind),
        eq(notifications.personId, personId),
        eq(notifications.template, 'confirm_email'),
        eq(notifications.createdAt, issuedAt.toISOString()),
        eq(notifications.channel, 'email'),
      ),
    )
    .limit(1);
  return row?.recipient;
}

/**
 * Confirms `email` for the person, and releases the pass e-mails that waited for it (due now). Both in one
 * commit; confirming twice changes nothing.
 */
export function confirmEmailStatements(db: Database, personKind: string, personId: string, email: string, now: Date): SqlStatement[] {
  const at = now.toISOString();
  return [
    toStatement(db.insert(emailConfirmations).values({ personKind, personId, email: email.trim().toLowerCase(), confirmedAt: at }).onConflictDoNothing()),
    named(
      `UPDATE notifications SET status = 'queued', next_attempt_at = :at, last_error = '', attempts = 0, updated_at = :at
       WHERE person_id = :personId AND person_kind = :personKind AND channel = 'email' AND lower(recipient) = :email
         AND status = 'not_sent' AND last_error = :unconfirmed`,
      { at, personId, personKind, email: email.trim().toLowerCase(), unconfirmed: EMAIL_UNCONFIRMED },
    ),
  ];
}
