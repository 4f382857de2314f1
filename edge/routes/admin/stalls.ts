import { stalls } from '../../db/tables/organisations';
import { newPassCode } from '../../lib/pass-code';
import { stallDescription } from '../../../shared/resources/stalls';
import type { RecordOf, ResourceDescription, Row } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { fieldDefaults } from '../../lib/resource-fields';

/** The admin form's nested `stallSize` ({ width, length, unit }) is stored as three columns. */
function flattenSize(input: Row): Row {
  const { stallSize, ...rest } = input;
  if (!stallSize || typeof stallSize !== 'object') return rest;
  const size = stallSize as { width?: number; length?: number; unit?: string };
  return {
    ...rest,
    ...(size.width !== undefined && { stallWidth: size.width }),
    ...(size.length !== undefined && { stallLength: size.length }),
    ...(size.unit !== undefined && { stallUnit: size.unit }),
  };
}

/**
 * Stall bookings made in the panel: the registry's defaults ('pending', 'unpaid', a standard stall of 0 × 0
 * feet) and company "N/A" unless the form says, booked by the signed-in user.
 */
export const stallResource = {
  ...stallDescription,
  table: stalls,
  defaults: (input, { user }) => ({
    ...fieldDefaults(stallDescription.fields),
    ...flattenSize(input),
    companyName: (input.companyName as string | undefined) || 'N/A',
    bookingType: 'admin_booking',
    registrationType: 'admin_booking',
    bookedByName: user.name,
    bookedByRole: user.role,
    createdBy: user.name,
    createdByRole: user.role,
    passCode: newPassCode(),
  }),
  onUpdate: (patch) => {
    const flat = flattenSize(patch);
    if (flat.companyName === '') flat.companyName = 'N/A';
    return flat;
  },
  present: (row) => ({
    stallSize: { width: row.stallWidth, length: row.stallLength, unit: row.stallUnit },
    bookedBy: { name: row.bookedByName, role: row.bookedByRole },
  }),
  identity: { name: 'contactPersonName', organisation: 'companyName' },
  searchColumns: [stalls.companyName, stalls.contactPersonName, stalls.email, stalls.mobileNumber, stalls.stallNumber, stalls.passCode],
} satisfies ResourceDescription;

/** A stalls record as the API answers it. */
export type StallRecord = RecordOf<
  typeof stalls,
  typeof stallDescription,
  { stallSize: { width: number; length: number; unit: string }; bookedBy: { name: string | null; role: string | null } }
>;

export const stallRoutes = resourceRoutes<StallRecord, typeof stallResource>(stallResource);
