import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { fail, ok } from '../../http/envelope';
import { countSubmission, publicRateLimit, RATE_LIMIT_WINDOW_MS } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { groupCommit } from '../../perf/group-commit';
import { type ConsentAct, consentActs, consentStatement } from '../../lib/consents';
import type { FoundHolder } from '../../notifications/pass-holders';
import { CONSENT_NOTICES, CONSENT_PURPOSES, type ConsentPurpose, consentTitle, UNKNOWN_CONSENT_MESSAGE } from '../../../shared/consent';
import { consentActSchema, passTokenParamSchema } from '../../schemas/passes';
import { openPassLink } from './passes';

/** Acts one pass may record per minute: a person changes their mind a few times, a script a thousand. */
const ACTS_PER_PASS_PER_MINUTE = 10;
const ACTS_LIMIT_MESSAGE = 'Too many changes to these choices. Please wait a minute and try again.';
export const GIVEN_ONLY_ON_FORM_MESSAGE = 'This consent is given by submitting its form, not here; you can only withdraw it here.';
const NOT_OFFERED_MESSAGE = 'This choice is not offered with this pass.';

/** One purpose as the pass page shows it: its words, and the person's standing choice (null: never asked). */
export interface ConsentChoice {
  purpose: ConsentPurpose;
  title: string;
  text: string;
  /** The current version of the words: the one a new act is recorded with. */
  textVersion: string;
  /** True when the person may give it here (a purpose of its own box), not only withdraw it. */
  chosen: boolean;
  given: boolean | null;
  /** When the standing choice was made (null: never asked). */
  at: string | null;
}

const offered = (purpose: ConsentPurpose, kind: string) => {
  const notice = CONSENT_NOTICES[purpose];
  return notice.chosen && (notice.offeredTo ?? []).includes(kind);
};

/**
 * The purposes a pass link lists: every one the person has an act for, their pass's messages (every pass
 * holder gets those, consent recorded or not: registered before decision 059, or by staff), and the
 * purposes of their own box offered to their kind of person.
 */
function choicesOf(holder: FoundHolder, acts: ConsentAct[]): ConsentChoice[] {
  const standing = new Map<string, ConsentAct>();
  for (const act of acts) standing.set(act.purpose, act);
  return CONSENT_PURPOSES.filter((purpose) => standing.has(purpose) || purpose === 'pass_messages' || offered(purpose, holder.kind)).map((purpose) => {
    const notice = CONSENT_NOTICES[purpose];
    const act = standing.get(purpose);
    return {
      purpose,
      title: consentTitle(purpose),
      text: notice.text,
      textVersion: notice.version,
      chosen: offered(purpose, holder.kind),
      given: act ? act.given : null,
      at: act?.at ?? null,
    };
  });
}

async function openHolder(c: Context<AppEnv>, token: string) {
  c.header('Cache-Control', 'private, no-store');
  return openPassLink(c, token);
}

/**
 * A person's consents from their pass link (`/p/<token>`, decision 078), no login: the link is the key.
 * - `GET /api/public/passes/:token/consents`: the purposes and the person's standing choice of each;
 * - `POST /api/public/passes/:token/consents` `{ purpose, given, textVersion }`: one act, a new row
 *   (never an update). Withdrawing is open for any purpose the person gave (or was never asked for their
 *   pass's messages); giving only for a purpose of its own box. An act that changes nothing writes nothing.
 *   Counted per client address (the public forms' limit) and per pass.
 * These stay open while a pass is held, cancelled or its event over: withdrawing is never refused.
 */
export const passConsentRoutes = new Hono<AppEnv>()
  .get('/public/passes/:token/consents', validate('param', passTokenParamSchema), async (c) => {
    const opened = await openHolder(c, c.req.valid('param').token);
    if ('refusal' in opened) return fail(c, opened.refusal.status, opened.refusal.message);
    const { holder } = opened;
    return ok(c, choicesOf(holder, await consentActs(c.get('deps').db, holder.kind, holder.id)));
  })
  .post('/public/passes/:token/consents', publicRateLimit, validate('param', passTokenParamSchema), validate('json', consentActSchema), async (c) => {
    const { db, writeBatch, now } = c.get('deps');
    const act = c.req.valid('json');
    const opened = await openHolder(c, c.req.valid('param').token);
    if ('refusal' in opened) return fail(c, opened.refusal.status, opened.refusal.message);
    const { holder } = opened;
    const at = now();
    if ((await countSubmission({ db, writeBatch }, `consent:${holder.kind}:${holder.id}`, at)) > ACTS_PER_PASS_PER_MINUTE) {
      c.header('Retry-After', String(Math.ceil(RATE_LIMIT_WINDOW_MS / 1000)));
      return fail(c, 429, ACTS_LIMIT_MESSAGE);
    }
    const notice = CONSENT_NOTICES[act.purpose];
    if (!notice.versions.includes(act.textVersion)) return fail(c, 400, UNKNOWN_CONSENT_MESSAGE, { textVersion: UNKNOWN_CONSENT_MESSAGE });
    const acts = await consentActs(db, holder.kind, holder.id);
    const current = choicesOf(holder, acts).find((choice) => choice.purpose === act.purpose);
    if (!current) return fail(c, 400, NOT_OFFERED_MESSAGE, { purpose: NOT_OFFERED_MESSAGE });
    // Already the standing choice (a double tap, a second tab): no act to record.
    if (current.given === act.given) return ok(c, choicesOf(holder, acts), act.given ? 'Already given' : 'Already withdrawn');
    if (act.given && !current.chosen) return fail(c, 400, GIVEN_ONLY_ON_FORM_MESSAGE, { given: GIVEN_ONLY_ON_FORM_MESSAGE });
    const recorded: ConsentAct = { purpose: act.purpose, textVersion: act.textVersion, given: act.given, at: at.toISOString() };
    await groupCommit(writeBatch, [consentStatement(db, { ...recorded, personKind: holder.kind, personId: holder.id })]);
    return ok(c, choicesOf(holder, [...acts, recorded]), act.given ? 'Consent given' : 'Consent withdrawn');
  });
