import { sql } from 'drizzle-orm';
import { exhibitorStaff } from '../db/tables/exhibitors';
import { sponsors, stalls } from '../db/tables/organisations';

/**
 * An exhibitor as the organiser's screens name it, in a query that left-joins its booking (`stalls` on
 * `exhibitors.stall_id`, `sponsors` on `exhibitors.sponsor_id`): its stall's company or its sponsor's
 * organisation, and its stall's number (a sponsor has none).
 */
export const exhibitorName = sql<string>`coalesce(${stalls.companyName}, ${sponsors.organizationName}, '')`;
export const exhibitorStallNumber = sql<string>`coalesce(${stalls.stallNumber}, '')`;

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
