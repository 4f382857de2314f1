import type { BaseRecord } from '../../lib/api';
import type { BadgePerson } from '../../lib/badges/badge-pdf';
import type { ResourceConfig } from './types';
import { RESOURCES } from '@shared/resources/kinds';

/** Whether a record has a pass, and so a badge. */
export const hasPass = (record: BaseRecord) => typeof record.passCode === 'string' && record.passCode !== '';

/** What a person's badge prints: name, organisation, what they are here as, and the pass code. */
export function badgeOf(config: ResourceConfig, record: BaseRecord): BadgePerson {
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string).trim() : '');
  const organisation = text('organizationName') || text('companyName') || text('organization');
  // The registry's band when the venue calls them other than the resource's singular.
  const kind = RESOURCES[config.name] as { badge?: string };
  const type = kind.badge ?? config.singular.charAt(0).toUpperCase() + config.singular.slice(1);
  return { name: text(config.nameKey) || type, ...(organisation ? { organisation } : {}), type, passCode: String(record.passCode) };
}
