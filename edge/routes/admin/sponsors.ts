import { sponsors } from '../../db/tables/organisations';
import { newPassCode } from '../../lib/pass-code';
import { sponsorDescription } from '../../../shared/resources/sponsors';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { fieldDefaults } from '../../lib/resource-fields';

/** Sponsors: the registry's defaults (`yet_to_confirm`, corporate, in Delhi, bronze, unpaid) unless the form says; the balance is amount less paid. */
export const sponsorResource = {
  ...sponsorDescription,
  table: sponsors,
  defaults: (input, { user }) => {
    const amount = (input.sponsorshipAmount as number | undefined) ?? 0;
    const paid = (input.amountPaid as number | undefined) ?? 0;
    return {
      ...fieldDefaults(sponsorDescription.fields),
      ...input,
      organizationName: (input.organizationName as string) || (input.contactPersonName as string),
      contactPersonName: (input.contactPersonName as string) || (input.organizationName as string),
      sponsorshipAmount: amount,
      amountPaid: paid,
      balanceAmount: amount - paid,
      currency: 'INR',
      registrationType: 'admin_registration',
      createdBy: user.name,
      createdByRole: user.role,
      passCode: newPassCode(),
    };
  },
  /** The balance follows the amount and what has been paid. */
  onUpdate: (patch, existing) => {
    if (patch.sponsorshipAmount === undefined && patch.amountPaid === undefined) return patch;
    const amount = (patch.sponsorshipAmount ?? existing.sponsorshipAmount) as number;
    const paid = (patch.amountPaid ?? existing.amountPaid) as number;
    return { ...patch, balanceAmount: amount - paid };
  },
  identity: { name: 'contactPersonName', organisation: 'organizationName' },
  searchColumns: [sponsors.organizationName, sponsors.contactPersonName, sponsors.email, sponsors.mobileNumber, sponsors.sponsorshipTier],
} satisfies ResourceDescription;

/** A sponsors record as the API answers it. */
export type SponsorRecord = RecordOf<typeof sponsors, typeof sponsorDescription>;

export const sponsorRoutes = resourceRoutes<SponsorRecord, typeof sponsorResource>(sponsorResource);
