import { getTableName, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { exhibitorStaff, exhibitors } from '../db/tables/exhibitors';
import { sponsors, stalls } from '../db/tables/organisations';

/**
 * A column as `"table"."column"` in every query: Drizzle writes bare column names in a query on one table,
 * and inside a subquery a bare name is read against the subquery's own table first.
 */
function qualified(column: AnySQLiteColumn) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** A column of the exhibitor's stall, read by the stall's primary key. */
const ofStall = (column: AnySQLiteColumn) => sql`(SELECT ${qualified(column)} FROM ${stalls} WHERE ${qualified(stalls.id)} = ${qualified(exhibitors.stallId)})`;
/** A column of the exhibitor's sponsorship, read by the sponsor's primary key. */
const ofSponsor = (column: AnySQLiteColumn) =>
  sql`(SELECT ${qualified(column)} FROM ${sponsors} WHERE ${qualified(sponsors.id)} = ${qualified(exhibitors.sponsorId)})`;

/**
 * An exhibitor's booking as the organiser's screens show it: its name (its stall's company or its sponsor's
 * organisation), its stall's number (a sponsor has none), its payment status and a sponsor's balance. Each
 * reads the booking itself, so a query needs only `exhibitors` among its tables to use them (and SQLite
 * refuses one without it): no join to remember.
 */
export const exhibitorName = sql<string>`coalesce(${ofStall(stalls.companyName)}, ${ofSponsor(sponsors.organizationName)}, '')`;
export const exhibitorStallNumber = sql<string>`coalesce(${ofStall(stalls.stallNumber)}, '')`;
/** The booking's payment status, as the stall or the sponsorship records it. */
export const exhibitorPaymentStatus = sql<string>`coalesce(${ofStall(stalls.paymentStatus)}, ${ofSponsor(sponsors.paymentStatus)}, '')`;
/** A sponsor's balance; null for a stall (stalls keep no amounts, only their payment status). */
export const exhibitorBalance = sql<number | null>`${ofSponsor(sponsors.balanceAmount)}`;

/** A member of an exhibitor's team as the portal's Team screen and the organiser's exhibitor view list them. */
export const staffColumns = {
  id: exhibitorStaff.id,
  name: exhibitorStaff.name,
  mobileNumber: exhibitorStaff.mobileNumber,
  role: exhibitorStaff.role,
  lastSignInAt: exhibitorStaff.lastSignInAt,
};

/**
 * What an exhibitor's phone is called on the team list and the Devices screen when nobody named it: its
 * platform in two words, read from the browser's User-Agent when the phone signs in on the lead lane.
 */
export function phoneLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const kind = /iPhone/.test(ua) ? 'iPhone' : /iPad/.test(ua) ? 'iPad' : /Android/.test(ua) ? (/Mobile/.test(ua) ? 'Android phone' : 'Android tablet') : '';
  if (kind) return kind;
  const os = /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'Mac' : /Linux/.test(ua) ? 'Linux' : 'a computer';
  return `Browser on ${os}`;
}
