import * as z from 'zod/mini';
import { canonicalMobile, indianMobileDigits, MOBILE_UNREADABLE_MESSAGE } from './mobile-number';
import {
  INLINE_MESSAGES,
  INVALID_CHARACTERS_MESSAGE,
  isPlainText,
  MAX_ID_LENGTH,
  MAX_TEXT_LENGTH,
  MOBILE_CHARACTERS_MESSAGE,
  MOBILE_MESSAGE,
  MOBILE_PATTERN,
  normaliseMobile,
  requiredMessage,
} from './vocabulary';

/**
 * The one set of field builders: the resource schemas (shared/resources) and the public registrations
 * (edge/schemas/public-registrations.ts) build their fields here. Every admin form arrives either as JSON or
 * as multipart/form-data, where every value is a string: numbers, flags and lists accept both spellings.
 * The admin builders carry no default: defaults belong to creation (each resource's `defaults`), so the
 * same fields serve partial updates without resetting what an update leaves out. The public forms' builders
 * (below "Public submissions") differ on purpose: a blank optional field is absent there, so the API's
 * registration defaults apply, and a wrong mobile number has the popup's one message.
 */
const MAX_TEXT = MAX_TEXT_LENGTH;
export const MAX_LONG_TEXT = 5000;

/**
 * No control characters and no lone surrogates (vocabulary.ts `isPlainText`); text longer than a name
 * (descriptions, notes, addresses) may keep line breaks and tabs.
 */
const plainText = (max: number, label = 'Text') =>
  z.refine<string>((v) => isPlainText(v, { multiline: max > MAX_TEXT }), { error: `${label} ${INVALID_CHARACTERS_MESSAGE}` });

/** Trimmed text, empty allowed. */
export const text = (max = MAX_TEXT) => z.string().check(z.trim(), z.maxLength(max), plainText(max));

/**
 * Trimmed text that must not be blank. Each fault has its own message: missing or blank `message`; not
 * text, too long and wrong characters name the field by `label`, by default the label of a "{label} is
 * required" message (else the API field's name, validate.ts), never the "is required" of a name that is
 * merely too long.
 */
export const requiredText = (message: string, max = MAX_TEXT, label = /^(.+) is required$/.exec(message)?.[1]) => {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : label && `${label} must be text`) })
    .check(
      z.trim(),
      z.minLength(1, { error: message }),
      z.maxLength(max, { error: () => label && `${label} must be at most ${max} characters` }),
      plainText(max, label),
    );
};

/** What a number may hold once spaces, dashes and brackets are dropped: a leading + and digits. */
const MOBILE_CHARACTERS = /^\+?\d*$/;

/**
 * A mobile number in any spelling people type: spaces, dashes and brackets dropped, then an optional
 * leading + and 10 to 15 digits, stored in its canonical E.164 form (mobile-number.ts).
 */
export const mobile = (requiredMessage: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : 'Mobile number must be text') }),
      z.transform(normaliseMobile),
    ),
    z.pipe(
      z
        .string()
        .check(
          z.minLength(1, { error: requiredMessage }),
          z.regex(MOBILE_CHARACTERS, { error: MOBILE_CHARACTERS_MESSAGE }),
          z.regex(MOBILE_PATTERN, { error: MOBILE_MESSAGE }),
        ),
      toCanonicalMobile,
    ),
  );
/** A mobile number that may be left empty (stored as ''). */
export const optionalMobile = () =>
  z.pipe(
    z.pipe(z.string(), z.transform(normaliseMobile)),
    z.pipe(
      z.string().check(
        z.regex(MOBILE_CHARACTERS, { error: MOBILE_CHARACTERS_MESSAGE }),
        z.refine((v) => v === '' || MOBILE_PATTERN.test(v), { error: MOBILE_MESSAGE }),
      ),
      toCanonicalMobile,
    ),
  );

/** The E.164 form of a number that passed the digit rule; a number no country can hold is refused. */
export const toCanonicalMobile = z.transform((value: string, ctx) => {
  if (value === '') return value;
  const canonical = canonicalMobile(value);
  if (canonical) return canonical;
  ctx.issues.push({ code: 'custom', message: MOBILE_UNREADABLE_MESSAGE, input: value });
  return z.NEVER;
});

/** An e-mail address that may be left empty. */
export const optionalEmail = () =>
  z.pipe(text(254), z.string().check(z.refine((v) => v === '' || z.safeParse(z.email(), v).success, { error: 'Enter a valid email address' })));
export const requiredEmail = (message: string) => z.pipe(requiredText(message, 254), z.email({ error: 'Enter a valid email address' }));

/** Whole rupees, ≥ 0; "" counts as 0 (an empty amount box). */
export const amount = (field: string) =>
  z.pipe(
    z.union([
      z.number(),
      z.pipe(
        z.string(),
        z.transform((v) => (v.trim() === '' ? 0 : Number(v))),
      ),
    ]),
    z.number({ error: `${field} must be a number` }).check(
      z.refine((v) => Number.isFinite(v), { error: `${field} must be a number` }),
      z.nonnegative({ error: `${field} cannot be negative` }),
      z.lte(1e12, { error: `${field} is too large` }),
    ),
  );

/** A yes/no flag from JSON (true/false) or a form ("true", "false", "1", "0", "on"). */
export const flag = (error?: string) => z.union([z.boolean(), z.stringbool()], error ? { error } : undefined);

/**
 * A list of short strings: a JSON array, a repeated multipart field (already an array), one value,
 * or a JSON-encoded array sent as one form field.
 */
export const stringList = (max = 50) =>
  z.pipe(
    z.union([
      z.array(z.string()),
      z.pipe(
        z.string(),
        z.transform((v) => {
          const trimmed = v.trim();
          if (trimmed.startsWith('[')) {
            try {
              const parsed: unknown = JSON.parse(trimmed);
              if (Array.isArray(parsed)) return parsed.map(String);
            } catch {
              // not JSON: a single value
            }
          }
          return trimmed === '' ? [] : [trimmed];
        }),
      ),
    ]),
    z.array(z.string().check(z.trim(), z.maxLength(100))).check(z.maxLength(max)),
  );

/** An ISO 8601 date-time (what the forms send), normalised to UTC `toISOString()`. */
/** A date and time that may be left out or cleared: '' or null clears it; otherwise ISO 8601 UTC. */
export const optionalDateTime = () =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(40)),
        z.transform((v, ctx) => {
          if (v === '') return null;
          const time = Date.parse(v);
          if (Number.isNaN(time)) {
            ctx.issues.push({ code: 'custom', message: 'Enter a valid date and time', input: v });
            return z.NEVER;
          }
          return new Date(time).toISOString();
        }),
      ),
    ),
  );

export const dateTime = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }), z.maxLength(40)),
    z.transform((v, ctx) => {
      const time = Date.parse(v);
      if (Number.isNaN(time)) {
        ctx.issues.push({ code: 'custom', message: 'Enter a valid date and time', input: v });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    }),
  );

/** A status of the resource's set; anything else is a 400 naming the allowed values. */
export const statusOf = <const T extends readonly [string, ...string[]]>(statuses: T) =>
  z.enum(statuses, { error: `Status must be one of: ${statuses.join(', ')}` });

/** An event reference: an id, or (VIP awardee forms) an object carrying one. */
export const eventReference = () =>
  z.pipe(
    z.union([z.string(), z.object({ id: z.string() }), z.object({ _id: z.string() })]),
    z.transform((v) => (typeof v === 'string' ? v.trim() : 'id' in v ? v.id : v._id)),
  );

/** Whether the public site lists this record (speakers, jury, sponsors): an organiser's choice, off by default. */
export const showOnSite = z.optional(flag('Show on site must be true or false'));

// ---- Public submissions (edge/schemas/public-registrations.ts) ----

/** Short text that may be absent: absent, null or blank becomes `fallback` (the API's registration default). */
export function textWithDefault(label: string, fallback: string) {
  return z.pipe(
    z.optional(z.nullable(labelledText(label, MAX_TEXT))),
    z.transform((value: string | null | undefined) => value || fallback),
  );
}

/**
 * A field a form may leave blank: absent, null or blank counts as absent, so the API applies its default
 * or stores nothing. `text` checks what was typed (text, trimmed, its length: the limits the API reference
 * shows) and `rule` what a value that is not blank must be besides, each with its own messages.
 */
export const blankAsAbsent = (text: z.ZodMiniType<string, string>, rule: z.ZodMiniType<string, string> = z.string()) =>
  z.pipe(
    z.optional(z.nullable(text)),
    z.pipe(
      z.transform((value: string | null | undefined) => value || undefined),
      z.optional(rule),
    ),
  );

/** Short text that may be left out; blank is left out of the body, so the API applies its default. */
export const optionalText = (label: string) => blankAsAbsent(labelledText(label, MAX_TEXT));

/** An id that may be absent: blank counts as absent (forms send "" for "none"). */
export const optionalId = (label: string) => blankAsAbsent(labelledText(label, MAX_ID_LENGTH));

/** Trimmed text of at most `max` characters whose messages name the field by `label`. */
const labelledText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .check(z.trim(), z.maxLength(max, { error: `${label} must be at most ${max} characters` }), plainText(max, label));

/**
 * A required mobile number as the public forms check it: blank → "{label} is required"; otherwise the
 * popup's one message for any wrong number (an optional + and 10 to 15 digits, spaces, dashes and brackets
 * aside), stored in its canonical E.164 form (mobile-number.ts).
 */
export function publicMobile(label: string) {
  const required = requiredMessage(label);
  return z.pipe(
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : MOBILE_MESSAGE) })
      .check(
        z.trim(),
        z.minLength(1, { error: required }),
        z.maxLength(MAX_TEXT, { error: MOBILE_MESSAGE }),
        z.overwrite(normaliseMobile),
        z.regex(MOBILE_PATTERN, { error: MOBILE_MESSAGE }),
      ),
    toCanonicalMobile,
  );
}

/** A mobile number a public form may leave out (a family member's): blank counts as absent; else as `publicMobile`. */
export const publicOptionalMobile = (label: string) => blankAsAbsent(z.string({ error: MOBILE_MESSAGE }).check(z.trim()), publicMobile(label));

/**
 * An Indian mobile number in any spelling ("98765 43210", "+91 98765 43210", "098765 43210"), sent as its
 * 10 digits (the inline visitor and stall forms); anything else "Valid 10-digit mobile number is required".
 * Nothing is cut: a longer number is refused.
 */
export const inlineMobile = () =>
  z.pipe(
    z.string({ error: INLINE_MESSAGES.mobile }),
    z.transform((value: string, ctx) => {
      const digits = indianMobileDigits(value.trim());
      if (digits) return digits;
      ctx.issues.push({ code: 'custom', message: INLINE_MESSAGES.mobile, input: value });
      return z.NEVER;
    }),
  );

const PUBLIC_EMAIL_MESSAGE = 'Please enter a valid e-mail address';

/** An e-mail address a public form may leave out (the pass is e-mailed there too); blank counts as absent. */
export const publicEmail = () =>
  blankAsAbsent(
    z.string({ error: PUBLIC_EMAIL_MESSAGE }).check(z.trim(), z.maxLength(254, { error: PUBLIC_EMAIL_MESSAGE })),
    z.string().check(z.email({ error: PUBLIC_EMAIL_MESSAGE })),
  );
