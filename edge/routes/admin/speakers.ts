import { speakers } from '../../db/tables/people';
import { newPassCode } from '../../lib/pass-code';
import { speakerDescription } from '../../../shared/resources/speakers';
import type { RecordOf, ResourceDescription } from '../../lib/resource';
import { resourceRoutes } from '../../lib/resource-routes';
import { personCsv, personDefaults } from './people-defaults';

/** Speakers: the guest fields without working professional, plus title and bio (empty unless given). */
export const speakerResource = {
  ...speakerDescription,
  table: speakers,
  defaults: (input, context) => ({
    status: speakerDescription.defaultStatus,
    title: '',
    bio: '',
    ...personDefaults(input, context),
    passCode: newPassCode(),
  }),
  identity: { name: 'fullName', organisation: 'organizationName' },
  searchColumns: [speakers.fullName, speakers.title, speakers.mobileNumber, speakers.email, speakers.passCode],
  csv: [['Name', (r) => r.fullName], ['Title', (r) => r.title], ...personCsv.slice(1)],
} satisfies ResourceDescription;

/** A speakers record as the API answers it. */
export type SpeakerRecord = RecordOf<typeof speakers, typeof speakerDescription>;

export const speakerRoutes = resourceRoutes<SpeakerRecord, typeof speakerResource>(speakerResource);
