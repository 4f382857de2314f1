import { speakers } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import { speakerDescription } from '../../../shared/resources/speakers';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { fieldDefaults } from '../../lib/resource-fields';
import { adminRegistration } from './admin-registration';

/** Speakers: their fields, defaults and export columns are the registry's (shared/resources/speakers.ts). */
export const speakerResource = {
  ...speakerDescription,
  table: speakers,
  defaults: (input, context) => ({ ...fieldDefaults(speakerDescription.fields), ...adminRegistration(input, context), passCode: newPassCode() }),
  identity: { name: 'fullName', organisation: 'organizationName' },
  searchColumns: [speakers.fullName, speakers.title, speakers.mobileNumber, speakers.email, speakers.passCode],
} satisfies ResourceDescription;

/** A speakers record as the API answers it. */
export type SpeakerRecord = RecordOf<typeof speakers, typeof speakerDescription>;

export const speakerRoutes = resourceRoutes<SpeakerRecord, typeof speakerResource>(speakerResource);
