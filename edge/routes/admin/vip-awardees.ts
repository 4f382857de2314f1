import { vipAwardees } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import { normaliseVipStatus, vipAwardeeDescription } from '../../../shared/resources/vip-awardees';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { fieldDefaults } from '../../lib/resource-fields';
import { adminRegistration } from './admin-registration';

/**
 * VIP awardees (`/api/awardeesvip`): "Working Professional" by default; a status in another spelling
 * ("Not Confirmed", "not-confirmed") is normalised to its snake_case value, and an unknown one to
 * 'not_confirmed', on create, update and status change alike.
 */
export const vipAwardeeResource = {
  ...vipAwardeeDescription,
  table: vipAwardees,
  defaults: (input, context) => ({ ...fieldDefaults(vipAwardeeDescription.fields), ...adminRegistration(input, context), passCode: newPassCode() }),
  normaliseStatus: (status) => String(normaliseVipStatus(status)),
  identity: { name: 'fullName', organisation: 'organizationName' },
  searchColumns: [
    vipAwardees.fullName,
    vipAwardees.mobileNumber,
    vipAwardees.email,
    vipAwardees.organizationName,
    vipAwardees.designation,
    vipAwardees.passCode,
  ],
} satisfies ResourceDescription;

/** A vip-awardees record as the API answers it. */
export type VipAwardeeRecord = RecordOf<typeof vipAwardees, typeof vipAwardeeDescription>;

export const vipAwardeeRoutes = resourceRoutes<VipAwardeeRecord, typeof vipAwardeeResource>(vipAwardeeResource);
