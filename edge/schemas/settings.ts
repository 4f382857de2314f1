import * as z from 'zod/mini';
import { optionalEmail, optionalMobile, text } from '../../shared/schemas/fields';

export const FOUNDER_VIDEO_MESSAGE = 'Founder video: a path on this site ending in .mp4 or .webm, e.g. /media/founder.mp4';

// A path on this site (the CSP plays media from this origin only); '' removes the video.
const founderVideoUrl = z
  .string()
  .check(z.trim(), z.maxLength(300), z.regex(/^(?:|\/(?!\/)[^\s?#]*\.(?:mp4|webm)(?:[?#]\S*)?)$/i, { error: FOUNDER_VIDEO_MESSAGE }));

/** The privacy notice (/privacy) and the founder's profile: plain text, paragraphs separated by a blank line; '' for the default / nothing. */
export const PRIVACY_NOTICE_MESSAGE = 'Privacy notice: at most 20,000 characters';
const privacyNotice = z.string().check(z.trim(), z.maxLength(20_000, { error: PRIVACY_NOTICE_MESSAGE }));
export const FOUNDER_BIO_MESSAGE = 'Founder profile: at most 2,000 characters';
const founderBio = z.string().check(z.trim(), z.maxLength(2_000, { error: FOUNDER_BIO_MESSAGE }));

/** The site settings an admin edits in Settings: public contacts, packages, the featured event. */
const sitePackageSchema = z.object({
  id: z.string().check(z.trim(), z.regex(/^[a-z0-9-]{1,40}$/, { error: 'Package id: lower-case letters, digits and dashes' })),
  name: z.string().check(z.trim(), z.minLength(1, { error: 'Package name is required' }), z.maxLength(60)),
  price: z.string().check(z.trim(), z.minLength(1, { error: 'Package price is required' }), z.maxLength(60)),
  badge: z.optional(text(40)),
  features: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))).check(z.maxLength(20)),
});

/** The awards' categories, listed on the site and offered to nominations: names, in the organiser's order. */
const AWARD_CATEGORY_MESSAGE = 'Award categories: one name per line, each up to 100 characters, at most 60';
const awardCategoriesSchema = z
  .array(z.string().check(z.trim(), z.minLength(1, { error: AWARD_CATEGORY_MESSAGE }), z.maxLength(100, { error: AWARD_CATEGORY_MESSAGE })))
  .check(
    z.maxLength(60, { error: AWARD_CATEGORY_MESSAGE }),
    z.refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, { error: 'Award categories: each name once' }),
  );

/** The spending guard of paid messages (notifications/message-guard.ts), as Settings edits it. */
export const COUNTRY_CODES_MESSAGE = 'Countries: calling codes without +, e.g. 91, separated by commas (at least one)';
const cap = (label: string, max: number) =>
  z.int({ error: `${label}: a whole number` }).check(z.gte(0, { error: `${label}: 0 or more` }), z.lte(max, { error: `${label}: at most ${max}` }));
export const messageGuardSchema = z.object({
  allowedCountryCodes: z
    .array(z.string().check(z.trim(), z.regex(/^[1-9]\d{0,2}$/, { error: COUNTRY_CODES_MESSAGE })))
    .check(z.minLength(1, { error: COUNTRY_CODES_MESSAGE }), z.maxLength(50, { error: COUNTRY_CODES_MESSAGE })),
  paidPerHour: cap('Paid messages per hour', 100_000),
  paidPerDay: cap('Paid messages per day', 1_000_000),
  paidPerNumberPerDay: cap('Paid messages per number per day', 100),
  paidPerNetworkPerHour: cap('Paid messages per network per hour', 100_000),
  smsAlsoWhenWhatsapp: z.boolean(),
  // Optional for a client that predates the human check: the stored value (or the default) stays.
  humanCheck: z.optional(z.enum(['off', 'busy', 'always'], { error: 'Human check: off, busy or always' })),
  humanCheckAtPercent: z.optional(cap('Human check at % of the cap', 100)),
});

export const settingsUpdateSchema = z.object({
  contactPhone: z.optional(optionalMobile()),
  contactEmail: z.optional(optionalEmail()),
  packages: z.optional(z.array(sitePackageSchema).check(z.minLength(1, { error: 'Keep at least one package' }), z.maxLength(12))),
  featuredEventId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  founderVideoUrl: z.optional(founderVideoUrl),
  awardCategories: z.optional(awardCategoriesSchema),
  privacyNotice: z.optional(privacyNotice),
  founderBio: z.optional(founderBio),
  messageGuard: z.optional(messageGuardSchema),
});

/** The "Public site" card of Settings: the same rules; no featured event chosen is '' in the form. */
/** The categories as typed in Settings: one per line, blank lines ignored. */
export const categoryLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const siteSettingsFormSchema = z.object({
  contactPhone: optionalMobile(),
  contactEmail: optionalEmail(),
  featuredEventId: z.string(),
  founderVideoUrl,
  founderBio,
  privacyNotice,
  // Typed one per line; checked by the same rule as the API's list.
  awardCategories: z.string().check(
    z.refine((text) => awardCategoriesSchema.safeParse(categoryLines(text)).success, {
      error: (issue) => awardCategoriesSchema.safeParse(categoryLines(String(issue.input))).error?.issues[0]?.message ?? AWARD_CATEGORY_MESSAGE,
    }),
  ),
});
export type SiteSettingsForm = z.input<typeof siteSettingsFormSchema>;

/** Country calling codes as typed in Settings: `91, +44` → ['91', '44']. */
export const countryCodeList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.replace(/^\+/, ''))
    .filter(Boolean);

const wholeNumber = (label: string) => z.string().check(z.trim(), z.regex(/^\d{1,7}$/, { error: `${label}: a whole number` }));

/** The "Paid messages" card of Settings: the guard's fields as typed; checked by the same rules as the API's. */
export const messageGuardFormSchema = z.object({
  allowedCountryCodes: z
    .string()
    .check(z.refine((text) => messageGuardSchema.shape.allowedCountryCodes.safeParse(countryCodeList(text)).success, { error: COUNTRY_CODES_MESSAGE })),
  paidPerHour: wholeNumber('Paid messages per hour'),
  paidPerDay: wholeNumber('Paid messages per day'),
  paidPerNumberPerDay: wholeNumber('Per number per day'),
  paidPerNetworkPerHour: wholeNumber('Per network per hour'),
  smsAlsoWhenWhatsapp: z.enum(['no', 'yes']),
  humanCheck: z.enum(['off', 'busy', 'always']),
  humanCheckAtPercent: z.string().check(z.trim(), z.regex(/^(?:100|\d{1,2})$/, { error: 'Human check at: a percentage from 0 to 100' })),
});
export type MessageGuardForm = z.input<typeof messageGuardFormSchema>;
