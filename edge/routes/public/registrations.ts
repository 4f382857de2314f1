import { Hono } from 'hono';
import { awardNominations, enquiries, sponsors, stalls } from '../../db/tables/organisations';
import { visitors } from '../../db/tables/people';
import type { AppEnv } from '../../env';
import { fail, ok } from '../../http/envelope';
import { publicRateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { insertStatement } from '../../db/sql-statement';
import { getSiteSettings, publicSite } from '../../lib/site-settings';
import { UNKNOWN_AWARD_CATEGORY_MESSAGE } from '../../../shared/schemas/vocabulary';
import {
  awardRegistrationSchema,
  enquirySchema,
  nextEditionSchema,
  sponsorRegistrationSchema,
  stallRegistrationSchema,
  visitorRegistrationSchema,
} from '../../schemas/public-registrations';
import { submit } from './submit';
import { NEXT_EDITION_SUBSCRIPTION } from '../../../shared/consent';
import { checkAnswers } from '../../../shared/registration-questions';
import type { Database } from '../../db/database';

/**
 * A person registered with a visitor on the same form (their family): not under the one-public-registration-
 * per-number rule, since a member without a number of their own is kept under the registrant's.
 */
const FAMILY_REGISTRATION = 'family_registration';

/** A new enquiry from the public site (the packages' popup, or "tell me about the next edition"). */
function enquiryRecord(
  db: Database,
  base: { id: string; eventId: string; createdAt: string; updatedAt: string },
  input: { name: string; mobile: string; email?: string | undefined; organization: string; subscriptionType: string },
) {
  const record = {
    ...base,
    name: input.name,
    mobileNumber: input.mobile,
    email: input.email ?? '',
    organization: input.organization,
    subscriptionType: input.subscriptionType,
    registrationType: 'enquiry',
    status: 'new',
  };
  return { record, insert: insertStatement(db, enquiries, record) };
}

/**
 * The public endpoints of the contract (no login): the five submissions (visitor, stall, award nomination,
 * sponsor, enquiry) and the data the public pages are built from. Mounted at the root of /api, before the admin resource routers.
 *
 * Every submission is rate limited per client address, stored with status "pending" (enquiries "new")
 * and the contract's registrationType, and answered 201 with the stored record, its pass code and the
 * event's name. Fields the public forms send that the server decides (status, registrationType,
 * createdAt, ...) are ignored.
 */
export const publicRoutes = new Hono<AppEnv>()
  /** `POST /api/visitors/register` (inline form and popup). */
  .post('/visitors/register', publicRateLimit, validate('json', visitorRegistrationSchema), async (c) => {
    const input = c.req.valid('json');
    const { db } = c.get('deps');
    return submit(c, {
      scope: 'visitors.register',
      consent: { purpose: 'pass_messages', personKind: 'visitors' },
      chosenConsent: input.exhibitorsConsentVersion ? { purpose: 'exhibitors', version: input.exhibitorsConsentVersion } : undefined,
      refuse: (event) => {
        const checked = checkAnswers(event.registrationQuestions, input.answers);
        return checked.ok ? undefined : checked.errors;
      },
      input,
      passCode: true,
      build: (base, event) => {
        const checked = checkAnswers(event.registrationQuestions, input.answers);
        const record = {
          ...base,
          fullName: input.fullName,
          mobileNumber: input.mobileNumber,
          email: input.email ?? '',
          workingProfessional: input.workingProfessional,
          organizationName: input.organizationName,
          city: input.city,
          answers: checked.ok ? checked.answers : {},
          registrationType: 'visitor_registration',
          status: 'pending',
        };
        return { record, insert: insertStatement(db, visitors, record) };
      },
      holder: { kind: 'visitors', name: input.fullName, typeLabel: 'Visitor Registration', mobileNumber: input.mobileNumber, email: input.email },
      // A family registered together (decision 077): a member without a number of their own is kept under
      // the registrant's (so "Find my pass" on it finds them) and gets no message; one with a number gets
      // their own pass's messages.
      companions: input.family?.map((member) => {
        const ownNumber = member.mobileNumber && member.mobileNumber !== input.mobileNumber ? member.mobileNumber : undefined;
        return {
          build: (base) => {
            const record = {
              ...base,
              fullName: member.fullName,
              mobileNumber: ownNumber ?? input.mobileNumber,
              email: '',
              workingProfessional: input.workingProfessional,
              organizationName: input.organizationName,
              city: input.city,
              registrationType: FAMILY_REGISTRATION,
              status: 'pending',
            };
            return { record, insert: insertStatement(db, visitors, record) };
          },
          holder: ownNumber ? { kind: 'visitors', name: member.fullName, typeLabel: 'Visitor Registration', mobileNumber: ownNumber } : undefined,
        };
      }),
    });
  })
  /** `POST /api/stalls/register` (inline form and popup). */
  .post('/stalls/register', publicRateLimit, validate('json', stallRegistrationSchema), async (c) => {
    const input = c.req.valid('json');
    const { db } = c.get('deps');
    return submit(c, {
      scope: 'stalls.register',
      consent: { purpose: 'pass_messages', personKind: 'stalls' },
      input,
      passCode: true,
      build: (base) => {
        const record = {
          ...base,
          companyName: input.companyName,
          contactPersonName: input.contactPersonName,
          mobileNumber: input.mobileNumber,
          email: input.email ?? '',
          // Booked by the exhibitor on the public site, not by staff: a booking type of its own (the
          // panel's are "admin_booking"), and nobody in bookedBy.
          bookingType: 'public_booking',
          bookedByName: '',
          bookedByRole: '',
          registrationType: 'stall_booking',
          status: 'pending',
        };
        return { record, insert: insertStatement(db, stalls, record) };
      },
      holder: { kind: 'stalls', name: input.contactPersonName, typeLabel: 'Book a Stall', mobileNumber: input.mobileNumber, email: input.email },
    });
  })
  /** `POST /api/awards/register` (popup): the public names map to the panel's columns. */
  .post('/awards/register', publicRateLimit, validate('json', awardRegistrationSchema), async (c) => {
    const input = c.req.valid('json');
    const { db } = c.get('deps');
    // A category must be one of the organiser's when they have set some; it is stored in their spelling.
    let category = input.category;
    if (category) {
      const { awardCategories } = await getSiteSettings(db);
      if (awardCategories.length > 0) {
        const known = awardCategories.find((name) => name.toLowerCase() === category.toLowerCase());
        if (!known) return fail(c, 400, UNKNOWN_AWARD_CATEGORY_MESSAGE, { category: UNKNOWN_AWARD_CATEGORY_MESSAGE });
        category = known;
      }
    }
    return submit(c, {
      scope: 'awards.register',
      consent: { purpose: 'pass_messages', personKind: 'awards' },
      input,
      passCode: true,
      build: (base) => {
        const record = {
          ...base,
          nomineeName: input.nomineeName,
          mobileNumber: input.mobile,
          email: input.email ?? '',
          organizationName: input.organization,
          category,
          registrationType: 'award_registration',
          status: 'pending',
        };
        return { record, insert: insertStatement(db, awardNominations, record) };
      },
      holder: { kind: 'awards', name: input.nomineeName, typeLabel: 'Awards Registration', mobileNumber: input.mobile, email: input.email },
    });
  })
  /** `POST /api/sponsors/register` (popup). */
  .post('/sponsors/register', publicRateLimit, validate('json', sponsorRegistrationSchema), async (c) => {
    const input = c.req.valid('json');
    const { db } = c.get('deps');
    return submit(c, {
      scope: 'sponsors.register',
      consent: { purpose: 'pass_messages', personKind: 'sponsors' },
      input,
      passCode: true,
      build: (base) => {
        const record = {
          ...base,
          organizationName: input.organization,
          contactPersonName: input.name,
          mobileNumber: input.mobile,
          email: input.email ?? '',
          registrationType: 'sponsor_registration',
          status: 'pending',
        };
        return { record, insert: insertStatement(db, sponsors, record) };
      },
      holder: { kind: 'sponsors', name: input.name, typeLabel: 'Sponsor Registration', mobileNumber: input.mobile, email: input.email },
    });
  })
  /** `POST /api/enquiries` (the packages' Enquire Now popup). Enquiries admit nobody, so no pass code. */
  .post('/enquiries', publicRateLimit, validate('json', enquirySchema), async (c) => {
    const input = c.req.valid('json');
    const { db } = c.get('deps');
    return submit(c, {
      scope: 'enquiries.create',
      consent: { purpose: 'enquiry_reply', personKind: 'enquiries' },
      input,
      passCode: false,
      build: ({ passCode: _, ...base }) => enquiryRecord(db, base, input),
    });
  })
  /**
   * `POST /api/next-edition`: "tell me about the next edition" on an event whose registration has closed —
   * kept as an enquiry ("Next edition", in the panel's Enquiries) with the person's consent for it.
   */
  .post('/next-edition', publicRateLimit, validate('json', nextEditionSchema), async (c) => {
    const input = c.req.valid('json');
    const { db } = c.get('deps');
    return submit(c, {
      scope: 'next-edition.create',
      consent: { purpose: 'next_edition', personKind: 'enquiries' },
      whenClosed: true,
      input,
      passCode: false,
      build: ({ passCode: _, ...base }) => enquiryRecord(db, base, { ...input, organization: '', subscriptionType: NEXT_EDITION_SUBSCRIPTION }),
    });
  })
  /**
   * `GET /api/public/site`: what the public pages show that an organiser may change (the featured
   * event, contacts, packages, the enquiry's choices). Cached for a minute by browsers and the service
   * worker: an edit in Settings shows within a minute, and a crowd opening the home page costs one read each.
   */
  .get('/public/site', async (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return ok(c, await publicSite(c.get('deps').db));
  });
