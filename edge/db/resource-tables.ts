import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DoorKind, ResourceName } from '../../shared/resources/kinds';
import { events } from './tables/events';
import { awardNominations, enquiries, sponsors, stalls } from './tables/organisations';
import { guests, speakers, vipAwardees, visitors } from './tables/people';

/**
 * The table of each resource of the registry (shared/resources/kinds.ts): the one place the server maps a
 * resource's name to its table. A resource without a table here fails to compile.
 */
export const RESOURCE_TABLES = {
  visitors,
  guests,
  speakers,
  awardeesvip: vipAwardees,
  stalls,
  awards: awardNominations,
  sponsors,
  enquiries,
  events,
} as const satisfies Record<ResourceName, SQLiteTable>;

/** The tables of the door's kinds: people and contacts with the door's columns (status and its operation). */
export type DoorTables = { [K in DoorKind]: (typeof RESOURCE_TABLES)[K] };

/** The tables of some of the resources, keyed by name in the registry's order. */
export function tablesOf<N extends ResourceName>(names: readonly N[]): { [K in N]: (typeof RESOURCE_TABLES)[K] } {
  return Object.fromEntries(names.map((name) => [name, RESOURCE_TABLES[name]])) as { [K in N]: (typeof RESOURCE_TABLES)[K] };
}
