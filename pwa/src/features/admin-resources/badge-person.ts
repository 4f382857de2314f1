import type { BaseRecord } from '../../lib/api';
import type { BadgePerson } from '../../lib/badges/badge-pdf';
import type { ResourceConfig } from './types';

/** The band of a badge when the resource's singular is not what the venue calls them. */
const BADGE_TYPES: Partial<Record<ResourceConfig['name'], string>> = {
  awardeesvip: 'VIP awardee',
  stalls: 'Exhibitor',
  awards: 'Nominee',
};

/** Whether a record has a pass, and so a badge. */
export const hasPass = (record: BaseRecord) => typeof record.passCode === 'string' && record.passCode !== '';

/** What a person's badge prints: name, organisation, what they are here as, and the pass code. */
export function badgeOf(config: ResourceConfig, record: BaseRecord): BadgePerson {
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string).trim() : '');
  const organisation = text('organizationName') || text('companyName') || text('organization');
  const type = BADGE_TYPES[config.name] ?? config.singular.charAt(0).toUpperCase() + config.singular.slice(1);
  return { name: text(config.nameKey) || type, ...(organisation ? { organisation } : {}), type, passCode: String(record.passCode) };
}
