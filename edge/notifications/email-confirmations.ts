import { and, eq, getTableName, inArray } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/database';
import { emailConfirmations, notifications } from '../db/tables/notifications';
import { type SqlStatement, toStatement } from '../db/sql-statement';
import { named } from './message-guard';
import { EMAIL_UNCONFIRMED, NO_PUBLIC_ORIGIN } from './outbox';
import { type Channels, NOT_CONFIGURED } from './channels';
import { uuidv7 } from '../lib/uuid-v7';

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

/** Whose address an organiser's edit changed: the record, its new e-mail and event, and the edit's time (its new `updatedAt`). */
interface EmailChange {
  table: SQLiteTable;
  personKind: string;
  personId: string;
  email: string;
  eventId: string | null;
  /** `admin_…`: the record was entered by an organiser, whose addresses count as confirmed. */
  registrationType: string;
  at: string;
}

/**
 * The messages an organiser's change of a publicly registered record's e-mail queues, in the edit's commit:
 * the address is the organiser's typing, not its owner's (decision 074), so it is treated as a public form
 * treats one — the pass e-mail waits (EMAIL_UNCONFIRMED) and the confirmation question goes, unless this
 * person already confirmed that address (then the pass e-mail goes). Each row is written only if the edit
 * itself applied (the record carries the edit's `updatedAt`). Records an organiser entered, and a change
 * to no address or to a record without an event, queue nothing.
 */
export async function emailChangeStatements(
  db: Database,
  change: EmailChange,
  messaging: { channels: Channels; publicOrigin?: string } | undefined,
): Promise<SqlStatement[]> {
  const email = change.email.trim().toLowerCase();
  if (!email || !change.eventId || change.registrationType.startsWith('admin_')) return [];
  const confirmed = (await confirmedEmails(db, [{ kind: change.personKind, id: change.personId }]))(change.personKind, change.personId, email);
  const origin = messaging?.publicOrigin;
  let passReason = '';
  if (!messaging?.channels.email) passReason = NOT_CONFIGURED;
  else if (!origin) passReason = NO_PUBLIC_ORIGIN;
  else if (!confirmed) passReason = EMAIL_UNCONFIRMED;
  const rows = [{ template: 'pass', reason: passReason }];
  if (passReason === EMAIL_UNCONFIRMED) rows.push({ template: 'confirm_email', reason: '' });
  return rows.map(({ template, reason }) =>
    named(
      `INSERT INTO notifications (id, channel, recipient, template, payload, status, next_attempt_at, last_error, person_kind, person_id, event_id, created_at, updated_at)
       SELECT :id, 'email', :email, :template, :payload, :status, :due, :reason, :personKind, :personId, :eventId, :at, :at
       FROM "${getTableName(change.table)}" WHERE id = :personId AND updated_at = :at`,
      {
        id: uuidv7(),
        email: change.email.trim(),
        template,
        payload: JSON.stringify({ origin: origin ?? '' }),
        status: reason ? 'not_sent' : 'queued',
        due: reason ? null : change.at,
        reason,
        personKind: change.personKind,
        personId: change.personId,
        eventId: change.eventId,
        at: change.at,
      },
    ),
  );
}

/** Whether a person's e-mail address is confirmed: entered by an organiser, or confirmed by its owner (the panel's messages say "not confirmed yet"). */
export async function emailConfirmedOf(db: Database, person: { kind: string; id: string; email: string; enteredByOrganiser: boolean }): Promise<boolean> {
  if (person.enteredByOrganiser) return true;
  return (await confirmedEmails(db, [person]))(person.kind, person.id, person.email);
}
