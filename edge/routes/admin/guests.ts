import { guests } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import { guestDescription } from '../../../shared/resources/guests';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { fieldDefaults } from '../../lib/resource-fields';
import { adminRegistration } from './admin-registration';

/** Guests: working professional fixed to Others; 'confirmed' unless the form gives a status. */
export const guestResource = {
  ...guestDescription,
  table: guests,
  defaults: (input, context) => ({
    ...fieldDefaults(guestDescription.fields),
    ...adminRegistration(input, context),
    workingProfessional: 'Others',
    passCode: newPassCode(),
  }),
  searchColumns: [guests.fullName, guests.mobileNumber, guests.email, guests.organizationName, guests.passCode],
  identity: { name: 'fullName', organisation: 'organizationName' },
} satisfies ResourceDescription;

/** A guests record as the API answers it. */
export type GuestRecord = RecordOf<typeof guests, typeof guestDescription>;

export const guestRoutes = resourceRoutes<GuestRecord, typeof guestResource>(guestResource);
