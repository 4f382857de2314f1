import * as z from 'zod/mini';
import { optionalEmail, optionalMobile, text } from './fields';

export const FOUNDER_VIDEO_MESSAGE = 'Founder video: a path on this site ending in .mp4 or .webm, e.g. /media/founder.mp4';

// A path on this site (the CSP plays media from this origin only); '' removes the video.
const founderVideoUrl = z
  .string()
  .check(z.trim(), z.maxLength(300), z.regex(/^(?:|\/(?!\/)[^\s?#]*\.(?:mp4|webm)(?:[?#]\S*)?)$/i, { error: FOUNDER_VIDEO_MESSAGE }));

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

export const settingsUpdateSchema = z.object({
  contactPhone: z.optional(optionalMobile()),
  contactEmail: z.optional(optionalEmail()),
  packages: z.optional(z.array(sitePackageSchema).check(z.minLength(1, { error: 'Keep at least one package' }), z.maxLength(12))),
  featuredEventId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  founderVideoUrl: z.optional(founderVideoUrl),
  awardCategories: z.optional(awardCategoriesSchema),
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
  // Typed one per line; checked by the same rule as the API's list.
  awardCategories: z.string().check(
    z.refine((text) => awardCategoriesSchema.safeParse(categoryLines(text)).success, {
      error: (issue) => awardCategoriesSchema.safeParse(categoryLines(String(issue.input))).error?.issues[0]?.message ?? AWARD_CATEGORY_MESSAGE,
    }),
  ),
});
export type SiteSettingsForm = z.input<typeof siteSettingsFormSchema>;
