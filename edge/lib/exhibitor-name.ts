import { sql } from 'drizzle-orm';
import { sponsors, stalls } from '../db/tables/organisations';

/**
 * An exhibitor's name, in a query over `exhibitors` left-joined to its stall and its sponsor: the stall's
 * company, else the sponsor's organisation (an exhibitor is exactly one of the two, decision 081).
 */
export const exhibitorNameSql = sql<string>`coalesce(${stalls.companyName}, ${sponsors.organizationName}, '')`;
