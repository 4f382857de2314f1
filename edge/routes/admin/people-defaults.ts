import type { Row, WriteContext } from '../../lib/resource';
import { formatMobile } from '../../../shared/schemas/mobile-number';
import { csvDateTime } from '../../lib/csv';
import { statusLabel } from '../../schemas/status-labels';

/**
 * What every person created in the panel gets when the form leaves it out: empty contact and address fields,
 * priority normal, empty notes and tags, stamped with the signed-in user (never the body).
 */
export function personDefaults(input: Row, { user }: WriteContext): Row {
  return {
    email: '',
    organizationName: '',
    designation: '',
    address: '',
    city: '',
    state: '',
    pincode: '',
    notes: '',
    priority: 'normal',
    tags: [],
    ...input,
    registrationType: 'admin_registration',
    createdBy: user.name,
    createdByRole: user.role,
  };
}

/** The CSV columns every person list shares. */
export const personCsv: Array<[string, (row: Row) => unknown]> = [
  ['Name', (r) => r.fullName],
  ['Email', (r) => r.email],
  ['Phone', (r) => formatMobile(r.mobileNumber as string)],
  ['Organization', (r) => r.organizationName],
  ['Designation', (r) => r.designation],
  ['City', (r) => r.city],
  ['State', (r) => r.state],
  ['Event', (r) => r.eventName],
  ['Status', (r) => statusLabel(r.status)],
  ['Pass code', (r) => r.passCode],
  ['Created On (IST)', (r) => csvDateTime(r.createdAt)],
];
