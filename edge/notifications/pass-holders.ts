import { isLanguage, type Language } from '../../shared/languages';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/database';
import { RESOURCE_TABLES } from '../db/resource-tables';
import { isMessageKind, MESSAGE_KINDS, type MessageKind, messageNaming, type PassKind, PASS_KINDS, passHoldsOf } from '../../shared/resources/kinds';
import type { PassHolder } from './outbox';
import type { PublicEvent } from '../lib/events';

/**
 * Whether a pass admits nobody: its holder's record is on one of its kind's holds (shared/resources/kinds.ts
 * `passHoldsOf`, the door's holds: a visitor cancelled or inactive, a booking or a guest not attending), so
 * the link, the e-mail confirmation and the gate say the same.
 */
export const passHeld = (holder: { kind: string; status: string }) => isMessageKind(holder.kind) && passHoldsOf(holder.kind).includes(holder.status);

/**
 * The records that get messages (shared/resources/kinds.ts MESSAGE_KINDS: the pass holders of the public
 * forms, and guests, speakers and VIP awardees), by the resource name the panel and the outbox know them
 * by, with the column of each that names the person and the type of their pass.
 */
interface HolderTable {
  table: SQLiteTable;
  name: SQLiteColumn;
  typeLabel: string;
  columns: {
    id: SQLiteColumn;
    eventId: SQLiteColumn;
    mobileNumber: SQLiteColumn;
    email: SQLiteColumn;
    passCode: SQLiteColumn;
    status: SQLiteColumn;
    registrationType: SQLiteColumn;
    language: SQLiteColumn;
  };
}

const holder = (kind: MessageKind): HolderTable => {
  const table = RESOURCE_TABLES[kind];
  const { nameField, typeLabel } = messageNaming(kind);
  return {
    table,
    name: (table as unknown as Record<string, SQLiteColumn>)[nameField]!,
    typeLabel,
    columns: {
      id: table.id,
      eventId: table.eventId,
      mobileNumber: table.mobileNumber,
      email: table.email,
      passCode: table.passCode,
      status: table.status,
      registrationType: table.registrationType,
      language: table.language,
    },
  };
};

/** The registry's message kinds, in its order. */
const HOLDERS = Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, holder(kind)])) as Record<MessageKind, HolderTable>;

/** The kinds whose passes come from a public form: pass links, "Find my pass", an admin's re-issue. */
export type PassHolderKind = PassKind;
export const isPassHolderKind = (kind: string): kind is PassHolderKind => (PASS_KINDS as readonly string[]).includes(kind);

export interface FoundHolder extends PassHolder {
  eventId: string | null;
  /** The record's status (a booking's, for stalls and sponsors): `cancelled` passes admit nobody. */
  status: string;
  /** Created by an organiser in the panel or an import (`admin_…`), not a public form: its e-mail is theirs (decision 056). */
  enteredByOrganiser: boolean;
  /** The language of the page they registered on: their pass page and e-mails speak it (decision 087). */
  language: Language;
}

async function select(db: Database, kind: MessageKind, where: (t: HolderTable['columns']) => SQL | undefined, limit: number): Promise<FoundHolder[]> {
  const spec = HOLDERS[kind];
  const c = spec.columns;
  const rows = await db
    .select({
      id: c.id,
      eventId: c.eventId,
      name: spec.name,
      mobileNumber: c.mobileNumber,
      email: c.email,
      passCode: c.passCode,
      status: c.status,
      registrationType: c.registrationType,
      language: c.language,
    })
    .from(spec.table)
    .where(where(c))
    .limit(limit);
  return rows
    .filter((row): row is typeof row & { passCode: string } => typeof row.passCode === 'string' && row.passCode !== '')
    .map((row) => ({
      kind,
      id: String(row.id),
      eventId: (row.eventId as string | null) ?? null,
      name: String(row.name),
      typeLabel: spec.typeLabel,
      mobileNumber: String(row.mobileNumber),
      email: String(row.email ?? ''),
      passCode: row.passCode,
      status: String(row.status ?? ''),
      enteredByOrganiser: String(row.registrationType ?? '').startsWith('admin_'),
      language: isLanguage(row.language) ? row.language : 'en',
    }));
}

/** The people of one kind a condition finds (a group message's audience), at most `limit`. */
export function holdersWhere(db: Database, kind: MessageKind, where: (t: HolderTable['columns']) => SQL | undefined, limit: number): Promise<FoundHolder[]> {
  return select(db, kind, where, limit);
}

export async function holderById(db: Database, kind: string, id: string): Promise<FoundHolder | undefined> {
  if (!isMessageKind(kind)) return undefined;
  const [found] = await select(db, kind, (c) => eq(c.id, id), 1);
  return found;
}

/**
 * The holders of the messages of one round of the sender (dispatcher.ts), by `kind:id`: one read per kind
 * among them, whatever the round's size, where one read per message was.
 */
export async function holdersByIds(db: Database, people: ReadonlyArray<{ kind: string; id: string }>): Promise<Map<string, FoundHolder>> {
  const found = new Map<string, FoundHolder>();
  const kinds = [...new Set(people.map((person) => person.kind))].filter(isMessageKind);
  for (const kind of kinds) {
    const ids = [...new Set(people.filter((person) => person.kind === kind).map((person) => person.id))];
    for (const holder of await select(db, kind, (c) => inArray(c.id, ids), ids.length)) found.set(`${kind}:${holder.id}`, holder);
  }
  return found;
}

/**
 * Everyone with a pass whose mobile number is one of `mobiles` (the spellings a number may be stored in)
 * or whose e-mail is `email`, on any of the pass-holding records; at most `limit` in all.
 */
export async function holdersByContact(db: Database, contact: { mobiles: string[] } | { email: string }, limit: number): Promise<FoundHolder[]> {
  const found: FoundHolder[] = [];
  for (const kind of PASS_KINDS) {
    const where = (c: HolderTable['columns']) =>
      'email' in contact ? sql`lower(${c.email}) = ${contact.email.toLowerCase()}` : inArray(c.mobileNumber, contact.mobiles);
    found.push(...(await select(db, kind, where, limit - found.length)));
    if (found.length >= limit) break;
  }
  return found;
}

/** What a pass shows: its holder and their event's name, days and place (the pass link's answer and a message's values). */
export function passView(holder: FoundHolder, event: PublicEvent) {
  return {
    name: holder.name,
    typeLabel: holder.typeLabel,
    passCode: holder.passCode,
    eventId: event.id,
    eventName: event.eventName,
    startDateTime: event.startDateTime,
    endDateTime: event.endDateTime,
    venue: event.venue,
    city: event.city,
    language: holder.language,
  };
}
